import { InvalidInputError } from '../../core/index.js';
import type { FilesContent, ReadFilesRequest } from '../../core/index.js';
import { SYNC_READ_MAX_BYTES, readCheckedHead } from './safe-read-file.js';
import { toFileAccessError } from './to-file-access-error.js';

/** The batch's buffer to start with; it doubles as files need room. */
const INITIAL_BUFFER_BYTES = 256 * 1024;

/**
 * Reads many small files, each with every step and check of safeReadFile
 * (lstat refuses a symlink or special file before the open; the open
 * follows no final symlink and never blocks; fstat, one hard link, and
 * where the descriptor really is, against `isContained`; the cap cut on a
 * UTF-8 boundary; a NUL in the first 8 KiB is `binary`), on synchronous
 * calls: `maxBytes` is at most SYNC_READ_MAX_BYTES, so no read holds the
 * event loop for long. A file that fails is that file's error (a
 * FileAccessError, as safeReadFile would throw; anything else as thrown);
 * the others are read. The
 * bytes of every file go end to end into one buffer, undecoded: no buffer,
 * string or zero fill per file.
 *
 * Throws InvalidInputError for a bad `maxBytes`; rethrows the signal's
 * reason when aborted (checked before each file).
 *
 * @example
 * const { files, data } = await safeReadFiles({ paths: ['/repo/a.ts', '/repo/b.ts'], maxBytes: 128 * 1024, isContained });
 */
export async function safeReadFiles(request: ReadFilesRequest): Promise<FilesContent> {
  const { maxBytes } = request;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0 || maxBytes > SYNC_READ_MAX_BYTES) throw new InvalidInputError('maxBytes', `must be an integer from 0 to ${SYNC_READ_MAX_BYTES}, got ${maxBytes}`);
  let buffer = new Uint8Array(INITIAL_BUFFER_BYTES);
  let used = 0;
  // Room for the next file at the end of what is kept: a cut file's lookahead bytes are overwritten by the next one.
  const target = (capacity: number) => {
    if (used + capacity > buffer.length) {
      const grown = new Uint8Array(Math.max(buffer.length * 2, used + capacity));
      grown.set(buffer.subarray(0, used));
      buffer = grown;
    }
    return { buffer, offset: used };
  };
  const files: FilesContent['files'] = [];
  for (const path of request.paths) {
    try {
      const head = await readCheckedHead({ path, maxBytes, isContained: request.isContained, ...(request.signal ? { signal: request.signal } : {}) }, target, { calls: 'sync' });
      files.push({ start: head.offset, end: head.offset + head.cut, totalBytes: head.totalBytes, truncated: head.truncated });
      used = head.offset + head.cut;
    } catch (error) {
      if (request.signal?.aborted === true) throw request.signal.reason;
      files.push({ error: toFileAccessError(error, path) });
    }
  }
  return { files, data: buffer.subarray(0, used) };
}
