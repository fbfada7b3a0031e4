import { BrassError, type ActionError } from '../core/index.js';

/** Action error codes that mean the input (a path, an argument) was wrong: exit 2. */
const BAD_INPUT_ACTION_CODES = new Set<ActionError['code']>([
  'outside-workspace',
  'denied',
  'invalid-input',
  'not-found',
  'not-a-regular-file',
  'not-a-directory',
  'is-a-directory',
  'binary',
  'symlink-loop',
  'permission-denied',
  'changed-during-access',
]);

/** Turns a failed observation into the error the CLI's edge prints and maps to an exit code. */
export function actionFailure(error: ActionError): BrassError {
  const code = BAD_INPUT_ACTION_CODES.has(error.code) ? 'invalid-input' : error.code;
  const failure = new BrassError(code, error.message);
  return Object.assign(failure, { actionCode: error.code });
}

/** The action error code behind an error made by `actionFailure`, if any. */
export function actionCodeOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'actionCode' in error && typeof error.actionCode === 'string') return error.actionCode;
  return undefined;
}
