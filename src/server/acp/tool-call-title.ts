/** Longest tool-call title sent to the editor; the rest is cut with an ellipsis. */
export const MAX_TOOL_TITLE_CHARS = 120;

/** The input fields that name what a tool call is about, most telling first. */
const SUBJECT_KEYS = ['command', 'path', 'query', 'target'] as const;

// Built from code points: no-control-regex (rightly) refuses control characters in literals.
const CONTROL_RUNS = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}-${String.fromCharCode(0x9f)}]+`, 'g');

/**
 * A tool call's title as the editor lists it: the tool and what it is
 * about (`read_file src/a.ts`, `shell npm test`), on one line, control
 * characters shown as spaces (the input is the model's).
 */
export function toolCallTitle(tool: string, input: unknown): string {
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const subject = SUBJECT_KEYS.map((key) => fields[key]).find((value): value is string => typeof value === 'string' && value.length > 0);
  const flat = `${tool}${subject === undefined ? '' : ` ${subject}`}`.replace(CONTROL_RUNS, ' ').trim();
  return flat.length <= MAX_TOOL_TITLE_CHARS ? flat : `${flat.slice(0, MAX_TOOL_TITLE_CHARS - 1)}…`;
}
