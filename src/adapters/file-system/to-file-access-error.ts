import { FileAccessError } from '../../core/index.js';
import type { FileAccessReason } from '../../core/index.js';

const ERRNO_TO_REASON: Readonly<Record<string, FileAccessReason>> = {
  ENOENT: 'not-found',
  ENOTDIR: 'not-found',
  ELOOP: 'symlink-loop',
  EACCES: 'permission-denied',
  EPERM: 'permission-denied',
  EISDIR: 'is-a-directory',
};

const REASON_TO_PHRASE: Readonly<Partial<Record<FileAccessReason, string>>> = {
  'not-found': 'does not exist',
  'symlink-loop': 'has too many levels of symbolic links (a symlink loop)',
  'permission-denied': 'cannot be accessed: permission denied',
  'is-a-directory': 'is a directory, not a regular file',
};

/** The `code` of a Node system error (`ENOENT`, `ELOOP`...), or undefined for anything else. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/**
 * Turns a Node system error about `path` into a FileAccessError with a
 * one-line message; returns anything else (an abort, a FileAccessError
 * already, a bug) unchanged so the caller can rethrow it as it is.
 *
 * @example
 * try { await fs.promises.stat(target); } catch (error) { throw toFileAccessError(error, target); }
 */
export function toFileAccessError(error: unknown, path: string): unknown {
  if (FileAccessError.isInstance(error)) return error;
  const code = errnoCode(error);
  if (code === undefined) return error;
  const reason = ERRNO_TO_REASON[code] ?? 'io';
  const phrase = REASON_TO_PHRASE[reason];
  const detail = error instanceof Error ? error.message : code;
  const message = phrase === undefined ? `${path}: ${detail}` : `${path} ${phrase}`;
  return new FileAccessError({ reason, path, message, cause: error });
}
