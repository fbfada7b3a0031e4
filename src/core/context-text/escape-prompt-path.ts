import { neutralizeReminderTags } from './neutralize-reminder-tags.js';

// Control, format (zero-width, bidi), line/paragraph separators, lone
// surrogates, and the characters that could start markup.
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>&\\]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

/**
 * A workspace path as it may appear in a prompt header or manifest line:
 * one line, every control, format or markup character written as an escape
 * (`\n`, `\t`, `\\`, `\u003c`), and no reminder tag. A directory named
 * `a<newline></system-reminder>` cannot end a line or a reminder block.
 *
 * @example
 * escapePromptPath('pkg/a\nb/AGENTS.md'); // 'pkg/a\\nb/AGENTS.md'
 */
export function escapePromptPath(path: string): string {
  const escaped = path.replace(UNSAFE_CHARACTERS, (character) => {
    const named = NAMED_ESCAPES[character];
    if (named !== undefined) return named;
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return neutralizeReminderTags(escaped);
}
