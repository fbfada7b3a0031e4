import fs from 'node:fs/promises';
import { lstatSync } from 'node:fs';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SKIP_DIRS, FileAccessError, OutsideWorkspaceError, isPathInside, validateListFilter } from '../../core/index.js';
import type { ListEntry, ListRequest, ListResult } from '../../core/index.js';
import { isErrnoError } from '../file-system/is-errno-error.js';
import { createOverrideGlobs } from './override-globs.js';
import { toFileAccessError } from './to-file-access-error.js';
import { visitFiles } from './walk-files.js';
import type { WalkFilesOptions } from './walk-files.js';
import type { WatchedStatMemo } from '../file-system/watched-stat-memo.js';

/** Entries a listing returns when the request sets no `maxEntries`. */
export const DEFAULT_MAX_LIST_ENTRIES = 5_000;

/**
 * Lists a directory, recursively or not, with the same rules as the search:
 * `.gitignore`/`.ignore`/`.rgignore` files from `request.root` down (unless
 * `respectGitignore` is false), hidden entries (unless `includeHidden`) and `skipDirs` left out,
 * symlinks listed as `symlink` and never followed. Paths are relative to
 * `request.root` with forward slashes (relative to the listed directory
 * itself when it lies outside the root, e.g. in a granted extra folder), in
 * `rg --sort path` order; past `maxEntries` the result is truncated.
 * With `withStats`, each regular file also carries its size and mtime
 * (lstat, taken as the walk reaches it; left out when the file vanished or
 * cannot be stated, or is no longer a regular file). With a `statMemo` (a
 * long-lived process's, see createWatchedStatMemo) a file whose directory
 * saw no change since an earlier listing keeps the stamp it had then, and is
 * not stated again.
 *
 * With `names`, only entries of those names are listed and the walk pays
 * for other files one set lookup each (see WalkFilesOptions.names): the
 * same entries, in the same order, as the unfiltered listing holds with
 * those names. `maxDepth` bounds the levels listed, `maxWalkedEntries` the
 * directory entries read; `walkedEntries` says how many were.
 *
 * The listed directory is re-checked after resolving symlinks: throws
 * OutsideWorkspaceError when `isContained` refuses its real path,
 * FileAccessError `not-a-directory` / `not-found` / `permission-denied` when
 * it cannot be listed, InvalidInputError for a bad name filter or limit
 * (see validateListFilter).
 *
 * @example
 * const { entries, truncated } = await listFiles({ path: '/repo/src', root: '/repo', recursive: true, isContained });
 */
export async function listFiles(request: ListRequest, { statMemo }: { statMemo?: WatchedStatMemo } = {}): Promise<ListResult> {
  validateListFilter(request);
  const maxEntries = request.maxEntries ?? DEFAULT_MAX_LIST_ENTRIES;
  request.signal?.throwIfAborted();
  const directory = await realDirectory(request.path);
  if (!request.isContained(directory)) throw new OutsideWorkspaceError({ requestedPath: request.path, resolvedPath: directory });
  const root = await fs.realpath(request.root).catch((error: unknown) => {
    throw toFileAccessError(error, request.root);
  });
  const walkRoot = isPathInside(directory, root, false) ? root : directory;

  const withStats = request.withStats ?? false;
  const memo = withStats ? (statMemo ?? null) : null;
  await memo?.startListing();
  const entries: ListEntry[] = [];
  let truncated = false;
  const options: WalkFilesOptions = {
    root: walkRoot,
    start: directory,
    recursive: request.recursive ?? false,
    respectIgnoreFiles: request.respectGitignore ?? true,
    includeHidden: request.includeHidden ?? false,
    overrides: createOverrideGlobs({ globs: [], excludeGlobs: [], skipDirs: request.skipDirs ?? DEFAULT_SKIP_DIRS }),
    ...(request.names === undefined ? {} : { names: new Set(request.names) }),
    ...(request.maxDepth === undefined ? {} : { maxDepth: request.maxDepth }),
    ...(request.maxWalkedEntries === undefined ? {} : { maxReadEntries: request.maxWalkedEntries }),
    ...(request.signal ? { signal: request.signal } : {}),
  };
  let walk: { readEntries: number; isCut: boolean };
  try {
    walk = await visitFiles(options, (entryPath, kind, absolutePrefix, name) => {
      if (entries.length === maxEntries) {
        truncated = true;
        return false;
      }
      entries.push(withStats && kind === 'file' ? withStatsOf(entryPath, absolutePrefix, name, memo) : { path: entryPath, kind });
      return true;
    });
  } catch (error) {
    throw toFileAccessError(error, request.path);
  }
  return { entries, truncated: truncated || walk.isCut, walkedEntries: walk.readEntries };
}

const NO_THROW_IF_MISSING = { throwIfNoEntry: false } as const;

/**
 * A listed regular file with its size and mtime, or without them: the
 * memo's stamp when it has one, else an lstat (remembered when the memo
 * watches the directory, which it starts doing before the lstat, so no
 * change after it goes unseen). Synchronous like the walk itself (which
 * slices its time, see visitFiles): on cached metadata a sync lstat costs a
 * fraction of a thread-pool round trip.
 */
function withStatsOf(entryPath: string, directory: string, name: string, memo: WatchedStatMemo | null): ListEntry {
  const remembered = memo?.recall(directory, name);
  if (remembered !== undefined) return { path: entryPath, kind: 'file', sizeBytes: remembered.sizeBytes, modifiedMs: remembered.modifiedMs };
  const isWatched = memo?.watch(directory) ?? false;
  let stats: Stats | undefined;
  try {
    stats = lstatSync(directory + name, NO_THROW_IF_MISSING);
  } catch (error) {
    if (!isErrnoError(error)) throw error;
  }
  // Vanished, unreadable, or replaced by something else since the directory was read: the caller stats it itself if it must.
  if (stats === undefined || !stats.isFile()) return { path: entryPath, kind: 'file' };
  const stamp = { sizeBytes: stats.size, modifiedMs: stats.mtimeMs };
  if (isWatched) memo?.remember(directory, name, stamp);
  return { path: entryPath, kind: 'file', ...stamp };
}

/** The real path of `requested`, which must be a directory. */
async function realDirectory(requested: string): Promise<string> {
  let real: string;
  let isDirectory: boolean;
  try {
    real = await fs.realpath(requested);
    isDirectory = (await fs.stat(real)).isDirectory();
  } catch (error) {
    throw toFileAccessError(error, requested);
  }
  if (!isDirectory) throw new FileAccessError({ reason: 'not-a-directory', path: requested, message: `${requested} is not a directory` });
  return path.resolve(real);
}
