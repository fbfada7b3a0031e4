import type { BigIntStats, Stats } from 'node:fs';
import { FileAccessError } from '../../core/index.js';
import type { FileKind } from '../../core/index.js';

const KIND_TO_NOUN: Readonly<Record<FileKind, string>> = {
  file: 'a regular file',
  directory: 'a directory',
  symlink: 'a symbolic link',
  fifo: 'a FIFO',
  socket: 'a socket',
  device: 'a device',
  other: 'a special file',
};

/** What stats and directory entries both tell about an entry's type. */
export type EntryTypeInfo = Pick<Stats, 'isFile' | 'isDirectory' | 'isSymbolicLink' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>;

/** The kind of a filesystem entry (stats or a directory entry) as the FileSystem service reports it. */
export function fileKindOf(stats: EntryTypeInfo | BigIntStats): FileKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  if (stats.isSymbolicLink()) return 'symlink';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return 'other';
}

/**
 * Throws unless `stats` describe a regular file: FileAccessError reason
 * `is-a-directory` for a directory, `not-a-regular-file` (naming the kind,
 * e.g. "src/x is a FIFO, not a regular file") for everything else.
 */
export function assertRegularFile(stats: Stats | BigIntStats, path: string): void {
  const kind = fileKindOf(stats);
  if (kind === 'file') return;
  throw new FileAccessError({
    reason: kind === 'directory' ? 'is-a-directory' : 'not-a-regular-file',
    path,
    message: `${path} is ${KIND_TO_NOUN[kind]}, not a regular file`,
  });
}
