import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SKIP_DIRS, type DirectoryWatch, type WatchedPaths } from '../../core/index.js';
import { isErrnoError } from './is-errno-error.js';

/** Directories one watch covers at most; a larger set is not watched (each costs an inotify watch). */
export const MAX_WATCHED_DIRECTORIES = 1_000;

/**
 * statfs magic numbers of local Linux file systems, where inotify sees every
 * change. On a network or FUSE mount (NFS, 9p under WSL, a container's host
 * share) a change made on the other side raises no event, so those are
 * never trusted to a watch.
 */
const LOCAL_FILE_SYSTEMS = new Set([
  0xef53, // ext2/3/4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0x794c7630, // overlayfs
  0x2fc12fc1, // zfs
  0xf2f52010, // f2fs
]);

const SKIPPED = new Set(DEFAULT_SKIP_DIRS);

/** Why a set of paths cannot be watched reliably. */
class UnwatchableError extends Error {}

/** Lets the loop run one poll phase: a change event queued before this call is delivered before it resolves (see hasChanged). */
export function nextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** Whether `directory` lies on a file system in LOCAL_FILE_SYSTEMS (statfs; throws its error). */
export function isOnLocalFileSystem(directory: string): boolean {
  return LOCAL_FILE_SYSTEMS.has(fs.statfsSync(directory).type >>> 0);
}

function assertLocal(directory: string): void {
  if (!isOnLocalFileSystem(directory)) throw new UnwatchableError(`${directory}: not a local file system`);
}

/**
 * A DirectoryWatch on Linux: one non-recursive `fs.watch` (inotify) per
 * directory, so a directory added under a tree is noticed as a change of its
 * parent and watched from the next arm(). Any event, and any watcher error,
 * counts as a change; the watchers never keep the process alive. Elsewhere
 * (macOS and Windows deliver their events late, on another thread) and on
 * file systems not known to be local, arm() returns false.
 *
 * Why a change made before hasChanged() is always seen: inotify queues the
 * event when the write returns, before the caller can send its request; the
 * request is read in a poll phase, and hasChanged() resolves only after the
 * next poll phase, which delivers every event queued by then. inotify drops
 * events only once its queue is full of events of these directories, and
 * those still arrive, so an overflow, too, reads as a change.
 */
export function createDirectoryWatch(options: { platform?: NodeJS.Platform } = {}): DirectoryWatch {
  const platform = options.platform ?? process.platform;
  let watchers: fs.FSWatcher[] = [];
  let isArmed = false;
  let hasChange = true;
  const markChanged = (): void => {
    hasChange = true;
  };

  const closeAll = (): void => {
    for (const watcher of watchers) watcher.close();
    watchers = [];
    isArmed = false;
  };

  /** Watches one directory; false when it is gone (a change in itself: its parent is watched or it was a tree's root). */
  const watchOne = (directory: string): boolean => {
    if (watchers.length >= MAX_WATCHED_DIRECTORIES) throw new UnwatchableError(`more than ${MAX_WATCHED_DIRECTORIES} directories`);
    let watcher: fs.FSWatcher;
    try {
      assertLocal(directory);
      watcher = fs.watch(directory, { persistent: false }, markChanged);
    } catch (error) {
      if (isErrnoError(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return false;
      throw error;
    }
    watcher.on('error', markChanged);
    watchers.push(watcher);
    return true;
  };

  /** Watches a directory before reading it, so an entry added after the read is an event. */
  const watchTree = (root: string): void => {
    if (fs.realpathSync(root) !== path.resolve(root)) throw new UnwatchableError(`${root}: reached through a symlink`);
    const pending = [root];
    while (pending.length > 0) {
      const directory = pending.pop()!;
      if (!watchOne(directory)) {
        markChanged();
        continue;
      }
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(directory, { withFileTypes: true });
      } catch (error) {
        if (isErrnoError(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
          markChanged();
          continue;
        }
        throw error;
      }
      for (const entry of entries) {
        // A symlinked page changes where the watch cannot see: such a tree is checked by listing.
        if (entry.isSymbolicLink()) throw new UnwatchableError(`${path.join(directory, entry.name)}: a symlink`);
        if (entry.isDirectory() && !SKIPPED.has(entry.name)) pending.push(path.join(directory, entry.name));
      }
    }
  };

  return {
    arm(paths: WatchedPaths) {
      closeAll();
      hasChange = false;
      if (platform !== 'linux') return false;
      try {
        for (const tree of paths.trees) watchTree(tree);
        for (const directory of paths.dirs) watchOne(directory);
      } catch (error) {
        closeAll();
        hasChange = true;
        if (error instanceof UnwatchableError || isErrnoError(error)) return false;
        throw error;
      }
      isArmed = true;
      return true;
    },
    async hasChanged() {
      if (!isArmed) return true;
      await nextPoll();
      return hasChange;
    },
    close: closeAll,
  };
}
