import * as z from 'zod';
import {
  DEFAULT_ACTION_TIMEOUT_MS,
  DEFAULT_MAX_READ_BYTES,
  DEFAULT_MAX_SHELL_OUTPUT_BYTES,
  DEFAULT_SHELL_TIMEOUT_MS,
} from '../../core/index.js';
import { positiveInteger } from './positive-integer.js';
import { timeoutMs } from './timeout-ms.js';

/**
 * `limits`: the bounds every action runs under. An untrusted workspace may
 * only lower them (see apply-trust-rule.ts).
 */
export const LimitsSchema = z
  .strictObject({
    maxReadBytes: positiveInteger(DEFAULT_MAX_READ_BYTES, 'Largest number of bytes one file read returns; longer files are truncated.'),
    actionTimeoutMs: timeoutMs(DEFAULT_ACTION_TIMEOUT_MS, 'Timeout, in milliseconds, of every action other than a shell command (preparing and running it together; the time a person takes to approve is not counted), and of preparing a shell command.'),
    shellTimeoutMs: timeoutMs(DEFAULT_SHELL_TIMEOUT_MS, 'Timeout, in milliseconds, of one shell command; the command is killed when it expires.'),
    maxShellOutputBytes: positiveInteger(
      DEFAULT_MAX_SHELL_OUTPUT_BYTES,
      'Largest number of bytes kept from each output stream (stdout, stderr) of one shell command.',
    ),
  })
  .describe('Bounds on time and memory of every action. An untrusted workspace file may only lower them.');
