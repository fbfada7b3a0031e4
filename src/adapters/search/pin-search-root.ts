import fs from 'node:fs';
import { FileAccessError } from '../../core/index.js';
import { errnoCode, toFileAccessError } from '../file-system/to-file-access-error.js';

// O_NOFOLLOW: the root swapped for a symlink fails the open. O_DIRECTORY: so does anything but a directory.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_DIRECTORY ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);

/** A search root held open: `cwd` names exactly the directory that was checked, as long as it is not closed. */
export interface PinnedRoot {
  /** A working directory for a child process: `/proc/<pid>/fd/<n>` on Linux, else the root itself. */
  cwd: string;
  close(): Promise<void>;
}

/**
 * Opens the search root without following a symlink and checks that the
 * kernel's path of what was opened is `root` itself. On Linux the returned
 * `cwd` is the descriptor's `/proc` name: a child started there (ripgrep)
 * works in that very directory, so swapping `root` for a symlink after this
 * point cannot move it elsewhere. Where `/proc` cannot tell, `cwd` is `root`
 * (the results are still re-checked, see containSearchMatches).
 *
 * Throws FileAccessError `changed-during-access` when `root` is now a
 * symlink or leads elsewhere, or the fs error as a FileAccessError.
 */
export async function pinSearchRoot(root: string): Promise<PinnedRoot> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(root, OPEN_FLAGS);
  } catch (error) {
    // With O_DIRECTORY, Linux reports a final symlink as ENOTDIR rather than ELOOP.
    if (errnoCode(error) === 'ELOOP' || errnoCode(error) === 'ENOTDIR') throw changed(root, 'is now a symbolic link or not a directory', error);
    throw toFileAccessError(error, root);
  }
  const close = () => handle.close();
  if (process.platform !== 'linux') return { cwd: root, close };
  const procName = `/proc/${process.pid}/fd/${handle.fd}`;
  let opened: string;
  try {
    opened = await fs.promises.readlink(procName);
  } catch (error) {
    // No /proc here: the child starts in root itself, and every result is re-checked.
    if (errnoCode(error) !== undefined) return { cwd: root, close };
    await close();
    throw error;
  }
  if (opened !== root) {
    await close();
    throw changed(root, `now leads to ${opened}`);
  }
  return { cwd: procName, close };
}

function changed(root: string, what: string, cause?: unknown): FileAccessError {
  return new FileAccessError({ reason: 'changed-during-access', path: root, message: `${root} ${what}; it changed after the path was checked, so it is not searched`, cause });
}
