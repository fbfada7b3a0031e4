import fs from 'node:fs';
import type { FileStat } from '../../core/index.js';
import { fileKindOf } from './assert-regular-file.js';
import { toFileAccessError } from './to-file-access-error.js';

/**
 * Kind, size and modification time of an already resolved path. Symlinks
 * are followed (the scope resolved them), so the kind is that of the target:
 * file, directory, fifo, socket, device or other.
 *
 * Throws FileAccessError `not-found`, `symlink-loop`, `permission-denied`.
 *
 * @example
 * const { kind } = await statPath(resolved.absolutePath);
 */
export async function statPath(path: string): Promise<FileStat> {
  let stats: fs.Stats;
  try {
    stats = await fs.promises.stat(path);
  } catch (error) {
    throw toFileAccessError(error, path);
  }
  return { kind: fileKindOf(stats), sizeBytes: stats.size, modifiedMs: stats.mtimeMs };
}
