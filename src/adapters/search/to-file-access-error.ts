import { FileAccessError } from '../../core/index.js';
import type { FileAccessReason } from '../../core/index.js';
import { isErrnoError } from '../file-system/is-errno-error.js';

const REASON_BY_CODE: Readonly<Record<string, FileAccessReason>> = {
  ENOENT: 'not-found',
  ENOTDIR: 'not-a-directory',
  EACCES: 'permission-denied',
  EPERM: 'permission-denied',
  ELOOP: 'symlink-loop',
};

/**
 * Turns a Node fs error about `path` into a FileAccessError with a one-line
 * message naming the path. Errors that are not fs errors are returned as is.
 */
export function toFileAccessError(error: unknown, path: string): unknown {
  if (!isErrnoError(error)) return error;
  const reason = REASON_BY_CODE[error.code ?? ''] ?? 'io';
  const problem = reason === 'io' ? `cannot be read (${error.code})` : reason.replaceAll('-', ' ');
  return new FileAccessError({ reason, path, message: `${path}: ${problem}`, cause: error });
}
