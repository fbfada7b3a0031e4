/** Longest tool-call description shown on one progress line; the rest is cut with an ellipsis. */
export const MAX_TOOL_CALL_CHARS = 120;

// Built from code points: no-control-regex (rightly) refuses control characters in literals.
const CONTROL_RUNS = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}-${String.fromCharCode(0x9f)}]+`, 'g');

/** The input fields that name what a tool call is about, most telling first. */
const SUBJECT_KEYS = ['command', 'path', 'query', 'target', 'pattern', 'name'] as const;

/**
 * One line for a tool call as progress shows it: `read_file src/a.ts`,
 * `shell npm test`, `delegate 3 tasks`. Control characters from the model's
 * input are replaced so a call cannot move the cursor or fake another line.
 *
 * @example
 * describeToolCall('read_file', { path: 'src/a.ts' }); // 'read_file src/a.ts'
 */
export function describeToolCall(tool: string, input: unknown): string {
  return oneLine(`${tool}${subjectOf(tool, input)}`, MAX_TOOL_CALL_CHARS);
}

function subjectOf(tool: string, input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const fields = input as Record<string, unknown>;
  if (tool === 'delegate' && Array.isArray(fields.tasks)) return ` ${fields.tasks.length} ${fields.tasks.length === 1 ? 'task' : 'tasks'}`;
  for (const key of SUBJECT_KEYS) {
    const value = fields[key];
    if (typeof value === 'string' && value.length > 0) return ` ${value}`;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return ` ${value.join(' ')}`;
  }
  return '';
}

/** Text on one line at most `maxChars` long, control characters shown as spaces. */
export function oneLine(text: string, maxChars: number): string {
  const flat = text.replace(CONTROL_RUNS, ' ').trim();
  return flat.length <= maxChars ? flat : `${flat.slice(0, maxChars - 1)}…`;
}

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
