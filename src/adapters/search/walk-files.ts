import type { Dirent } from 'node:fs';
import type { FileKind } from '../../core/index.js';
import { fileKindOf } from '../file-system/assert-regular-file.js';
import { createTimeSlicer } from './create-time-slicer.js';
import { createTreeWalk } from './create-tree-walk.js';
import type { WalkFilesOptions, WalkVisitor } from './create-tree-walk.js';

export { MAX_WALK_DEPTH } from './create-tree-walk.js';
export type { WalkFilesOptions, WalkVisitor } from './create-tree-walk.js';

/** One entry the walk selected. */
export interface WalkEntry {
  /** Relative to the walk root, forward slashes. */
  path: string;
  absolutePath: string;
  /** The entry itself, never what a symlink points to. */
  kind: FileKind;
}

/**
 * Walks a directory tree the way ripgrep selects files, yielding entries in
 * `rg --sort path` order (depth first, siblings by code point, a directory
 * right before its contents). Per entry, as in ripgrep: overrides decide
 * first; then ignore files (see createDirectoryIgnoreMatcher); then entries whose name
 * starts with `.` are skipped. Symlinks are yielded as `symlink` and never
 * followed. Directories MAX_WALK_DEPTH levels below the start are yielded
 * but not entered. Unreadable subdirectories are skipped, like ripgrep does after
 * printing an error; an unreadable `start` throws the fs error.
 *
 * The filesystem calls are synchronous and the walk yields to the event
 * loop every SYNC_SLICE_MS (see createTimeSlicer for why). Stop early by
 * leaving the loop; an aborted `signal` throws its reason.
 */
export async function* walkFiles(options: WalkFilesOptions): AsyncGenerator<WalkEntry> {
  const slicer = createTimeSlicer();
  for (const entry of walkFilesSync(options)) {
    yield entry;
    const pause = slicer.maybeYield();
    if (pause) await pause;
  }
}

/**
 * The synchronous walk behind walkFiles, for callers that slice their own
 * work (the Node search reads each file in the same slice). It never yields
 * to the event loop by itself. Each directory is read and filtered as the
 * walk reaches it (see createTreeWalk), one directory ahead of the caller.
 *
 * Hand-written over `readdirSync` rather than a walker library: the order,
 * the per-level ignore files and the override precedence must match
 * ripgrep exactly, and callers stop early by leaving the loop.
 */
export function* walkFilesSync(options: WalkFilesOptions): Generator<WalkEntry> {
  const { step } = createTreeWalk(options);
  const batch: WalkEntry[] = [];
  const collect: WalkVisitor = (path, kind, absolutePrefix, name) => {
    batch.push({ path, absolutePath: absolutePrefix + name, kind });
  };
  const pauseAtEachDirectory = () => true;
  let isFinished = false;
  while (!isFinished) {
    isFinished = step(collect, pauseAtEachDirectory);
    for (const entry of batch) {
      // A directory can be large: the caller's abort must not wait for its end.
      options.signal?.throwIfAborted();
      yield entry;
    }
    batch.length = 0;
  }
}

/**
 * The fast walk for callers that take every entry: the same selection and
 * order as walkFiles, handed to `visit` (return false to stop) without a
 * generator step or an entry object per entry. The event loop gets a turn
 * when a slice of SYNC_SLICE_MS is used up, checked as each directory is
 * opened (a directory is read and filtered in one step) and every so often
 * within a large one; an aborted `signal` rejects with its reason.
 * Resolves to how many directory entries were read and whether
 * `maxReadEntries` cut the walk short.
 *
 * @example
 * const paths: string[] = [];
 * await visitFiles({ root: '/repo' }, (path) => { paths.push(path); });
 */
export async function visitFiles(options: WalkFilesOptions & { _internal?: { sliceMs?: number } }, visit: WalkVisitor): Promise<{ readEntries: number; isCut: boolean }> {
  const walk = createTreeWalk(options);
  const slicer = createTimeSlicer(options._internal?.sliceMs);
  const isSliceOver = () => slicer.isSliceOver();
  while (!walk.step(visit, isSliceOver)) {
    await slicer.nextSlice();
    options.signal?.throwIfAborted();
  }
  return { readEntries: walk.readEntries, isCut: walk.isCut };
}

/** The kind of a directory entry, without following symlinks. */
export function kindOf(dirent: Dirent): FileKind {
  return fileKindOf(dirent);
}
