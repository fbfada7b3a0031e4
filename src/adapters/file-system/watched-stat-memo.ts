import fs from 'node:fs';
import { isErrnoError } from './is-errno-error.js';
import { isOnLocalFileSystem, nextPoll } from './watch-directories.js';

/** A listed regular file's size and mtime, as `fs.list` with `withStats` reports them. */
export interface ListedStamp {
  sizeBytes: number;
  modifiedMs: number;
}

/**
 * What a long-lived process (the MCP server) keeps of its listings' file
 * stats, so that listing an unchanged tree again costs the directory reads
 * but not one lstat per file: each directory whose files it remembers is
 * watched (inotify, one watch per directory), and any event in it forgets
 * what it held about the entry named. See createWatchedStatMemo for when a
 * stat is taken afresh anyway.
 */
export interface WatchedStatMemo {
  /**
   * Called as a listing starts: lets pending change events arrive before
   * anything is recalled (see createWatchedStatMemo), and has each watched
   * directory checked again, once per listing, for being the same directory
   * (device and inode) the watch was made on.
   */
  startListing(): Promise<void>;
  /** The stamp remembered for `directory` + `name` (directory: absolute, ending in a separator), or undefined when it must be stated. */
  recall(directory: string, name: string): ListedStamp | undefined;
  /**
   * Called before stating a file: starts watching its directory when it is
   * not watched yet. False when the directory cannot be watched (cap,
   * filesystem, error): the stamp is then not worth remembering.
   */
  watch(directory: string): boolean;
  /** Keeps a stamp just taken (after `watch` returned true for its directory). */
  remember(directory: string, name: string, stamp: ListedStamp): void;
  /** Stamps recalled and stated since the memo was made (for tests and benches). */
  readonly counts: { recalled: number; stated: number };
  /** Stops every watch and forgets everything. */
  close(): void;
}

/** Directories watched at most, whatever the system allows: a larger tree's other directories are stated each time. */
export const MAX_STAT_MEMO_DIRECTORIES = 4_096;
/** A remembered stamp is trusted this long at most, so that a change no event reported (a write through a hard link elsewhere, to a mapped file) is seen within it. */
export const STAT_MEMO_TTL_MS = 30_000;

interface WatchedDirectory {
  watcher: fs.FSWatcher;
  /** The directory the watch follows; the path may have come to name another one (an ancestor renamed). */
  device: number;
  inode: number;
  /** The directory's own ctime when last checked: an entry added, removed or renamed changes it, even if its event was lost. */
  changedMs: number;
  /** The listing that last checked the directory's own stats. */
  checkedIn: number;
  stamps: Map<string, { stamp: ListedStamp; atMs: number }>;
}

/**
 * The WatchedStatMemo of a long-lived process on Linux, or null elsewhere
 * (other systems deliver directory events late, after a listing that should
 * have seen them). Like createDirectoryWatch (whose file-system check and
 * event-loop wait it shares), but per directory: a change costs the stats of
 * its own directory only. A directory on a file system not known to be
 * local (NFS, FUSE, a container's host share: changes there raise no event
 * here) is never watched. Watches at most MAX_STAT_MEMO_DIRECTORIES directories and
 * at most a quarter of the user's inotify watches (other tools need theirs);
 * a watch that fails (no watches left, the directory gone) leaves that
 * directory stated each time. Watches never keep the process alive.
 *
 * Why a listing can trust it: a change made before the listing has queued
 * its inotify event by then (the kernel queues it in the write itself).
 * `startListing` waits for the event loop's next poll phase, which delivers
 * every event queued by then, before the listing recalls anything. Events
 * can still be lost (inotify drops them silently once its queue is full), so
 * each listing also checks each directory's own stats once: another
 * directory in its place (an ancestor renamed or replaced) is forgotten, and a changed ctime (an
 * entry added, removed or renamed) forgets the directory's stamps; what no
 * check sees (a lost event of a write in place) lasts STAT_MEMO_TTL_MS at most.
 */
export function createWatchedStatMemo(options: { now?: () => number; platform?: NodeJS.Platform; maxDirectories?: number } = {}): WatchedStatMemo | null {
  if ((options.platform ?? process.platform) !== 'linux') return null;
  const now = options.now ?? Date.now;
  const maxDirectories = Math.min(options.maxDirectories ?? MAX_STAT_MEMO_DIRECTORIES, quarterOfInotifyWatches());
  const watched = new Map<string, WatchedDirectory>();
  /** Directories that cannot be watched (another file system, a failed watch): not tried again. */
  const unwatchable = new Set<string>();
  let isExhausted = false;
  let listing = 0;
  const counts = { recalled: 0, stated: 0 };

  const forget = (directory: string) => {
    watched.get(directory)?.watcher.close();
    watched.delete(directory);
  };
  // A directory under a renamed or replaced one needs no event of its own: its inode check at the next listing forgets it.
  const onEvent = (directory: string, entry: WatchedDirectory, name: string | null) => {
    if (name === null) entry.stamps.clear();
    // The directory itself was moved or deleted.
    else if (name === '') forget(directory);
    else entry.stamps.delete(name);
  };

  return {
    counts,
    startListing() {
      listing += 1;
      return nextPoll();
    },
    recall(directory, name) {
      const entry = watched.get(directory);
      if (entry !== undefined && entry.checkedIn !== listing) {
        entry.checkedIn = listing;
        const stats = directoryStatsOf(directory);
        if (stats === null || stats.dev !== entry.device || stats.ino !== entry.inode) forget(directory);
        else if (stats.ctimeMs !== entry.changedMs) {
          entry.changedMs = stats.ctimeMs;
          entry.stamps.clear();
        }
      }
      const remembered = watched.get(directory)?.stamps.get(name);
      if (remembered === undefined || now() - remembered.atMs > STAT_MEMO_TTL_MS) {
        counts.stated += 1;
        return undefined;
      }
      counts.recalled += 1;
      return remembered.stamp;
    },
    watch(directory) {
      if (watched.has(directory)) return true;
      if (isExhausted || unwatchable.has(directory) || watched.size >= maxDirectories) return false;
      try {
        if (!isOnLocalFileSystem(directory)) {
          unwatchable.add(directory);
          return false;
        }
        const stamps = new Map<string, { stamp: ListedStamp; atMs: number }>();
        const watcher = fs.watch(directory, { persistent: false, encoding: 'utf8' });
        // Stated after the watch starts: a directory put in its place after this is caught by the next check.
        const stats = fs.lstatSync(directory);
        const entry: WatchedDirectory = { watcher, device: stats.dev, inode: stats.ino, changedMs: stats.ctimeMs, checkedIn: listing, stamps };
        watcher.on('change', (_type, name) => onEvent(directory, entry, typeof name === 'string' ? name : null));
        // The directory went away or the watch broke: nothing it held can be trusted.
        watcher.on('error', () => forget(directory));
        watched.set(directory, entry);
        return true;
      } catch (error) {
        if (!isErrnoError(error)) throw error;
        // No inotify watches left: stop asking for more.
        if (error.code === 'ENOSPC') isExhausted = true;
        else unwatchable.add(directory);
        return false;
      }
    },
    remember(directory, name, stamp) {
      watched.get(directory)?.stamps.set(name, { stamp, atMs: now() });
    },
    close() {
      for (const key of [...watched.keys()]) forget(key);
      unwatchable.clear();
    },
  };
}

/** The directory's own stats, or null when the path no longer names a directory. */
function directoryStatsOf(directory: string): fs.Stats | null {
  try {
    const stats = fs.lstatSync(directory, { throwIfNoEntry: false });
    return stats !== undefined && stats.isDirectory() ? stats : null;
  } catch {
    return null;
  }
}

/** A quarter of the user's inotify watches (`fs.inotify.max_user_watches`), or MAX_STAT_MEMO_DIRECTORIES when it cannot be read. */
function quarterOfInotifyWatches(): number {
  try {
    const limit = Number(fs.readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8').trim());
    return Number.isSafeInteger(limit) && limit > 0 ? Math.floor(limit / 4) : MAX_STAT_MEMO_DIRECTORIES;
  } catch {
    return MAX_STAT_MEMO_DIRECTORIES;
  }
}
