import { ConfigError, formatConfigIssue } from '../config/index.js';
import { BrassError } from '../core/index.js';
import { actionCodeOf } from './action-failure.js';
import { EXIT_JOB_FAILED, EXIT_OK, exitCodeFor } from './exit-code.js';
import type { Output } from './output.js';

/**
 * Prints an error that reached the CLI's edge (one line on stderr, plus a
 * hint; with `--json` also the error document on stdout) and returns its exit
 * code, never 0. Config errors print one line per issue; an error we did not
 * raise on purpose prints a generic line with the detail after it.
 */
export function reportError(error: unknown, output: Output, isJson: boolean): number {
  const code = exitCodeFor(error);
  if (ConfigError.isInstance(error)) {
    for (const issue of error.issues) output.error(formatConfigIssue(issue));
  } else if (BrassError.isInstance(error)) {
    output.error(error.message.split('\n')[0] ?? error.message, error.hint);
  } else {
    // Not an error we raised on purpose: one generic line, the detail after it for the bug report.
    output.error('unexpected internal error (please report it)', error instanceof Error ? error.stack?.split('\n').slice(0, 4).join(' | ') : String(error));
  }
  if (isJson) {
    const errorCode = BrassError.isInstance(error) ? (actionCodeOf(error) ?? error.code) : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    output.json({ version: 1, error: { code: errorCode, message } });
  }
  return code === EXIT_OK ? EXIT_JOB_FAILED : code;
}
