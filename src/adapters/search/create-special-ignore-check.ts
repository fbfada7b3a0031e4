import fs from 'node:fs';
import path from 'node:path';
import { RACY_WINDOW_MS, type SearchTextRequest } from '../../core/index.js';
import { createTimeSlicer } from './create-time-slicer.js';
import { hasSpecialIgnoreFile } from './has-special-ignore-file.js';
import { isErrnoError } from '../file-system/is-errno-error.js';
import type { ResolvedSearch } from './resolve-search-request.js';

/** Clean walks remembered (one per root and set of globs); the oldest is dropped first. */
const MAX_REMEMBERED_WALKS = 8;
/** A walk over more directories than this is not remembered: its stamps would cost more memory than the walk saves. */
const MAX_REMEMBERED_DIRECTORIES = 50_000;
// A stamp within RACY_WINDOW_MS of (or after) the walk's start may hide a change made while the walk ran: such a walk is not remembered.

const IGNORE_FILE_NAMES = ['.rgignore', '.ignore', '.gitignore'] as const;

/** What an entry was when the walk saw it; null: it did not exist. */
type Stamp = { mtimeMs: number; ctimeMs: number; ino: number; size: number } | null;

interface RememberedWalk {
  paths: string[];
  stamps: Stamp[];
}

/** Whether a search would enter a directory holding an ignore file that is not a regular file (see hasSpecialIgnoreFile). */
export type SpecialIgnoreCheck = (search: ResolvedSearch, request: SearchTextRequest) => Promise<boolean>;

/**
 * hasSpecialIgnoreFile with the last clean walk per root and globs
 * remembered, for a searcher that lives across calls (the MCP server's):
 * a repeated search stats the directories it walked and the ignore files
 * they held instead of reading every directory again. Any change to one
 * (an entry added, removed or renamed in a directory changes its mtime;
 * an ignore file edited changes its own) walks again. A walk that found
 * such a file is never remembered, nor one whose stamps are too recent to
 * tell a change made during the walk (RACY_WINDOW_MS).
 */
export function createSpecialIgnoreCheck(): SpecialIgnoreCheck {
  const walks = new Map<string, RememberedWalk>();
  return async (search, request) => {
    const key = JSON.stringify([search.root, request.globs ?? [], request.excludeGlobs ?? [], request.skipDirs ?? null]);
    const remembered = walks.get(key);
    if (remembered !== undefined && (await isUnchanged(remembered, search.signal))) return false;
    walks.delete(key);
    const started = Date.now();
    const paths: string[] = [];
    const isFound = await hasSpecialIgnoreFile(search, (directory, names) => {
      paths.push(directory);
      for (const name of IGNORE_FILE_NAMES) if (names.get(name) === 'file') paths.push(path.join(directory, name));
      if (names.get('.git') === 'directory') paths.push(path.join(directory, '.git', 'info', 'exclude'));
    });
    if (isFound || paths.length > MAX_REMEMBERED_DIRECTORIES) return isFound;
    const stamps = paths.map(stampOf);
    if (stamps.some((stamp) => stamp !== null && stamp.mtimeMs >= started - RACY_WINDOW_MS)) return false;
    walks.set(key, { paths, stamps });
    if (walks.size > MAX_REMEMBERED_WALKS) walks.delete(walks.keys().next().value!);
    return false;
  };
}

async function isUnchanged(walk: RememberedWalk, signal: AbortSignal | undefined): Promise<boolean> {
  const slicer = createTimeSlicer();
  for (let index = 0; index < walk.paths.length; index += 1) {
    if (!isSameStamp(walk.stamps[index]!, stampOf(walk.paths[index]!))) return false;
    const pause = slicer.maybeYield();
    if (pause) {
      await pause;
      signal?.throwIfAborted();
    }
  }
  return true;
}

function stampOf(file: string): Stamp {
  try {
    const stats = fs.lstatSync(file);
    return { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino, size: stats.size };
  } catch (error) {
    if (isErrnoError(error)) return null;
    throw error;
  }
}

function isSameStamp(left: Stamp, right: Stamp): boolean {
  if (left === null || right === null) return left === right;
  return left.mtimeMs === right.mtimeMs && left.ctimeMs === right.ctimeMs && left.ino === right.ino && left.size === right.size;
}
