/** Longest tool-call description shown on one line (progress, the chat, an editor's tool list); the rest is cut with an ellipsis. */
export const MAX_TOOL_CALL_CHARS = 120;

// Built from code points: no-control-regex (rightly) refuses control characters in literals.
export const CONTROL_RUNS = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}-${String.fromCharCode(0x9f)}]+`, 'g');

/** The input fields that name what a tool call is about, most telling first. */
const SUBJECT_KEYS = ['command', 'path', 'query', 'target', 'pattern', 'name'] as const;

/**
 * One line for a tool call as progress, the chat and editors (ACP) show it: `read_file src/a.ts`,
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

