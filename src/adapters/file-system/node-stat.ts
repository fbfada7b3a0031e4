import fs from 'node:fs';
import type { FileStat } from '../../core/index.js';
import { fileKindOf } from './assert-regular-file.js';
import { toFileAccessError } from './to-file-access-error.js';

/**
 * Kind, size and modification time of an already resolved path. Symlinks
 * are followed (the scope resolved them), so the kind is that of the target:
 * file, directory, fifo, socket, device or other.
 *
 * One synchronous `stat`: a single metadata call that opens nothing (a FIFO
 * or device is not waited on), like the `lstat` safeReadFile makes
 * synchronously; a threadpool round trip costs more than the call itself
 * (see SYNC_READ_MAX_BYTES in safe-read-file.ts).
 *
 * Throws FileAccessError `not-found`, `symlink-loop`, `permission-denied`.
 *
 * @example
 * const { kind } = await statPath(resolved.absolutePath);
 */
export async function statPath(path: string): Promise<FileStat> {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(path);
  } catch (error) {
    throw toFileAccessError(error, path);
  }
  return { kind: fileKindOf(stats), sizeBytes: stats.size, modifiedMs: stats.mtimeMs };
}
