import path from 'node:path';
import { DEFAULT_MAX_SEARCH_RESULTS, DEFAULT_SKIP_DIRS, InvalidInputError, validateSearchQueries } from '../../core/index.js';
import type { SearchTextRequest } from '../../core/index.js';
import { createOverrideGlobs } from './override-globs.js';
import type { OverrideGlobs } from './override-globs.js';

/**
 * Files larger than this are skipped when the request sets no limit: both
 * engines apply it (the Node engine holds a whole file in memory), and a
 * file this large is generated, not read.
 */
export const DEFAULT_MAX_SEARCH_FILE_BYTES = 16 * 1024 * 1024;

/** A validated search request with every default applied; both engines run from this. */
export interface ResolvedSearch {
  /** The request's `query` then its `moreQueries`, without repeats: a line containing any is a match. */
  queries: readonly string[];
  root: string;
  caseSensitive: boolean;
  /** null: no per-file limit. */
  maxMatchesPerFile: number | null;
  maxResults: number;
  maxFileSizeBytes: number;
  overrides: OverrideGlobs;
  signal: AbortSignal | undefined;
}

/**
 * Validates a SearchTextRequest and applies the defaults (case-sensitive,
 * DEFAULT_MAX_SEARCH_RESULTS results, no per-file limit,
 * DEFAULT_MAX_SEARCH_FILE_BYTES, DEFAULT_SKIP_DIRS). A leading `./` is
 * dropped from globs. Throws
 * InvalidInputError for an empty query, a query with a line break or NUL
 * (ripgrep would read a newline as "or"), a relative root, an invalid glob,
 * a skip-directory entry that is not a plain name, or a limit that is not a
 * positive integer.
 */
export function resolveSearchRequest(request: SearchTextRequest): ResolvedSearch {
  const { query, moreQueries = [] } = request;
  validateSearchQueries(query, moreQueries);
  if (typeof request.root !== 'string' || !path.isAbsolute(request.root) || request.root.includes('\0')) {
    throw new InvalidInputError('root', 'must be an absolute path without NUL bytes');
  }
  const globs = checkGlobs('globs', request.globs ?? []);
  const excludeGlobs = checkGlobs('excludeGlobs', request.excludeGlobs ?? []);
  const skipDirs = request.skipDirs ?? DEFAULT_SKIP_DIRS;
  for (const name of skipDirs) {
    if (typeof name !== 'string' || name.length === 0 || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
      throw new InvalidInputError('skipDirs', `'${String(name)}' is not a directory name`);
    }
  }
  return {
    queries: [...new Set([query, ...moreQueries])],
    root: request.root,
    caseSensitive: request.caseSensitive ?? true,
    maxMatchesPerFile: request.maxMatchesPerFile === undefined ? null : checkCount('maxMatchesPerFile', request.maxMatchesPerFile, 1),
    maxResults: checkCount('maxResults', request.maxResults ?? DEFAULT_MAX_SEARCH_RESULTS, 1),
    maxFileSizeBytes: checkCount('maxFileSizeBytes', request.maxFileSizeBytes ?? DEFAULT_MAX_SEARCH_FILE_BYTES, 0),
    overrides: createOverrideGlobs({ globs, excludeGlobs, skipDirs }),
    signal: request.signal,
  };
}

function checkGlobs(field: string, globs: readonly string[]): readonly string[] {
  for (const glob of globs) {
    if (typeof glob !== 'string' || glob.trim().length === 0) throw new InvalidInputError(field, 'contains an empty glob');
    if (/[\r\n\0]/.test(glob)) throw new InvalidInputError(field, `'${glob}' contains a line break or NUL byte`);
  }
  // Root-relative paths never start with `./`, so `./src/**` would match
  // nothing in ripgrep; models write it often enough to accept it.
  return globs.map((glob) => (glob.startsWith('./') ? glob.slice(2) : glob));
}

function checkCount(field: string, value: number, minimum: number): number {
  if (!Number.isSafeInteger(value) || value < minimum) throw new InvalidInputError(field, `must be an integer of at least ${minimum} (got ${value})`);
  return value;
}
