import { terminalSafeName } from '../terminal-safe-text.js';

/** Spaces a tab becomes: Ink measures text by its width, and a tab has none it can know. */
const TAB_AS_SPACES = '  ';

/**
 * A block of text from the model or the workspace as the chat UI may show
 * it: newlines stay, tabs become spaces, and every other control or
 * invisible format character (escape sequences, bidirectional overrides,
 * zero-width characters) is shown escaped (`\x1b`, `\u202e`), line by line
 * through terminalSafeName. Ink writes text to the terminal as it is, so
 * every text of the model, the repository or the engine goes through here.
 *
 * @example
 * terminalSafeBlock('a\u001b[2J\nb') // 'a\\x1b[2J\nb'
 */
export function terminalSafeBlock(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/\t/g, TAB_AS_SPACES).split('\n').map(terminalSafeName).join('\n');
}
