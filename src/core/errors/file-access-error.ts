import { BrassError } from './brass-error.js';

/**
 * Why a file could not be read, listed or written. These are expected
 * failures: the runtime turns them into observations, the CLI into exit 2.
 */
export type FileAccessReason =
  | 'not-found'
  | 'not-a-regular-file'
  | 'not-a-directory'
  | 'is-a-directory'
  | 'binary'
  | 'symlink-loop'
  | 'permission-denied'
  | 'changed-during-access'
  | 'io';

export class FileAccessError extends BrassError {
  readonly reason: FileAccessReason;
  readonly path: string;

  constructor(options: { reason: FileAccessReason; path: string; message: string; cause?: unknown }) {
    super(`file-${options.reason}`, options.message, { cause: options.cause });
    this.name = 'FileAccessError';
    this.reason = options.reason;
    this.path = options.path;
  }

  static override isInstance(error: unknown): error is FileAccessError {
    return BrassError.isInstance(error) && error.code.startsWith('file-') && 'reason' in error;
  }
}
