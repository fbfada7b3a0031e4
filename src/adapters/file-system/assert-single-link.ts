import type { BigIntStats, Stats } from 'node:fs';
import { FileAccessError } from '../../core/index.js';

/**
 * Throws unless the regular file `stats` describe has exactly one name.
 *
 * A hard link is a second name for the same file: one planted inside the
 * workspace (by an archive, or by a local user; git cannot carry one) to a
 * file outside reads the outside file, and nothing about the name inside
 * tells. The other names cannot be listed without walking the whole
 * filesystem, so every workspace read and search refuses a file with more
 * than one link (see docs/permissions.md, "File safety"). Writes are not
 * affected: a write renames a new file over the name, so it never writes
 * through a link.
 *
 * Throws FileAccessError `not-a-regular-file` naming the link count.
 */
export function assertSingleLink(stats: Stats | BigIntStats, path: string): void {
  const links = Number(stats.nlink);
  if (links <= 1) return;
  throw new FileAccessError({
    reason: 'not-a-regular-file',
    path,
    message: `${path} has ${links} hard links and its other names may lie outside the workspace, so it is not read; to read it, make it a file of its own: cp ${path} ${path}.copy && mv ${path}.copy ${path}`,
  });
}
