// The error class alone, not the core barrel: the CLI loads this module at start-up.
import { BrassError } from '../core/errors/brass-error.js';

/** Exit codes of the CLI contract: 0 success (also "no match"), 1 the job failed, 2 bad usage or bad input. */
export const EXIT_OK = 0;
export const EXIT_JOB_FAILED = 1;
export const EXIT_BAD_INPUT = 2;

/** Error codes that mean the user's input (flags, paths, config) is wrong. */
const BAD_INPUT_CODES = new Set(['invalid-input', 'invalid-config', 'outside-workspace', 'usage', 'denied', 'llm-no-key']);

/** The exit code for an error that reached the edge. */
export function exitCodeFor(error: unknown): number {
  if (BrassError.isInstance(error)) {
    if (BAD_INPUT_CODES.has(error.code) || error.code.startsWith('file-')) return EXIT_BAD_INPUT;
    return EXIT_JOB_FAILED;
  }
  return EXIT_JOB_FAILED;
}
