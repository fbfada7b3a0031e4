import type { ActionError, ActionErrorCode } from '../actions/observation.js';
import { BrassError } from '../errors/brass-error.js';
import { FileAccessError } from '../errors/file-access-error.js';
import type { LlmFailureReason } from '../services/llm.js';

const FILE_REASON_TO_CODE: Record<FileAccessError['reason'], ActionErrorCode> = {
  'not-found': 'not-found',
  'not-a-regular-file': 'not-a-regular-file',
  'not-a-directory': 'not-a-directory',
  'is-a-directory': 'is-a-directory',
  binary: 'binary',
  'symlink-loop': 'symlink-loop',
  'permission-denied': 'permission-denied',
  'changed-during-access': 'changed-during-access',
  io: 'failed',
};

const KNOWN_CODES = new Set<string>([
  'outside-workspace',
  'denied',
  'invalid-input',
  'timeout',
  'aborted',
  'command-start-failed',
  'unavailable',
  'conflict',
  'unknown-patch',
  'sandbox-unavailable',
]);

const LLM_REASONS: readonly LlmFailureReason[] = [
  'no-key',
  'unreachable',
  'auth',
  'model-not-found',
  'context-too-long',
  'rate-limited',
  'server',
  'timeout',
  'bad-response',
  'bad-request',
];
const LLM_CODES = new Set<string>(LLM_REASONS.map((reason) => `llm-${reason}`));

/**
 * Turns whatever a service threw into an ActionError. Expected failures keep
 * their code and message; anything else is a bug in a service and becomes
 * `failed` with its message, so the caller still gets a value.
 */
export function toActionError(error: unknown, path?: string): ActionError {
  if (FileAccessError.isInstance(error)) {
    return { code: FILE_REASON_TO_CODE[error.reason], message: error.message, path: path ?? error.path };
  }
  if (BrassError.isInstance(error) && KNOWN_CODES.has(error.code)) {
    return withPath({ code: error.code as ActionErrorCode, message: error.message }, path);
  }
  // An ActionError has no hint of its own: a model endpoint's fix (is the server running? which key?) joins its one line (issue 18, item 5).
  if (BrassError.isInstance(error) && LLM_CODES.has(error.code)) {
    return withPath({ code: error.code as ActionErrorCode, message: error.hint === undefined ? error.message : `${error.message}; ${error.hint}` }, path);
  }
  const message = error instanceof Error ? error.message : String(error);
  return withPath({ code: 'failed', message }, path);
}

function withPath(error: ActionError, path: string | undefined): ActionError {
  return path === undefined ? error : { ...error, path };
}
