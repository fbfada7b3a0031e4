import { CONTROL_RUNS } from '../../agent/events/describe-tool-call.js';

export { MAX_TOOL_CALL_CHARS, describeToolCall, oneLine } from '../../agent/events/describe-tool-call.js';

/** Characters per line when a whole text is wrapped for a person to read (an approval's command). */
export const WRAP_WIDTH_CHARS = 100;

/** A run of this many blanks or more is shown as a count, so padding cannot push a command's tail out of sight. */
const MIN_SHOWN_BLANK_RUN = 8;

/**
 * The whole of a text on lines of at most `width` characters, nothing cut:
 * control characters shown as escapes (`\n`, `\x1b`), long runs of blanks
 * shown as `[N blanks]`. For text a person must read in full before
 * approving it (a command the model wrote).
 */
export function wrapWhole(text: string, width = WRAP_WIDTH_CHARS): string[] {
  const visible = text
    .replace(new RegExp(`[ \\t]{${MIN_SHOWN_BLANK_RUN},}`, 'g'), (run) => `[${run.length} blanks]`)
    .replace(CONTROL_RUNS, (run) => [...run].map(escapeControl).join(''));
  const lines: string[] = [];
  for (let start = 0; start < visible.length; start += width) lines.push(visible.slice(start, start + width));
  return lines.length === 0 ? [''] : lines;
}

function escapeControl(character: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  return named[character] ?? `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`;
}
