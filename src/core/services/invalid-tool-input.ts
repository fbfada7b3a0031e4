/**
 * The marker a provider adapter puts in place of tool-call arguments that
 * were not valid JSON; the agent loop recognises it and tells the model.
 */

/** Key of the marker input that stands for tool-call arguments that were not valid JSON. */
export const INVALID_TOOL_JSON_KEY = '__invalidJson';

/** Most characters of the raw arguments kept in the marker: enough to show the model its mistake. */
export const MAX_INVALID_TOOL_JSON_CHARS = 2000;

/**
 * The input of a tool call whose arguments were not valid JSON:
 * `{ __invalidJson: "<raw text>" }`, the raw text capped at
 * MAX_INVALID_TOOL_JSON_CHARS. A bad tool call must not fail the request: the
 * agent loop sees the marker and tells the model to resend valid JSON.
 */
export interface InvalidToolInput {
  [INVALID_TOOL_JSON_KEY]: string;
}

/** Wraps raw, unparsable tool-call arguments in the marker input. */
export function invalidToolInput(rawArguments: string): InvalidToolInput {
  return { [INVALID_TOOL_JSON_KEY]: Array.from(rawArguments).slice(0, MAX_INVALID_TOOL_JSON_CHARS).join('') };
}

/** True when a tool call's input is the marker for arguments that were not valid JSON. */
export function isInvalidToolInput(input: unknown): input is InvalidToolInput {
  return typeof input === 'object' && input !== null && typeof (input as Record<string, unknown>)[INVALID_TOOL_JSON_KEY] === 'string';
}
