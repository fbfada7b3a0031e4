import fs from 'node:fs';
import type { SearchMatch, SearchTextRequest, SearchTextResult } from '../../core/index.js';
import { assertDirectory } from './assert-directory.js';
import { createTimeSlicer } from './create-time-slicer.js';
import { decodeSearchContent } from './decode-search-content.js';
import { createContentMatcher, findMatchesInContent } from './find-matches-in-content.js';
import type { ContentMatch, ContentMatcher } from './find-matches-in-content.js';
import { isErrnoError } from './is-errno-error.js';
import { readFileHeadSync } from './read-file-head.js';
import { resolveSearchRequest } from './resolve-search-request.js';
import { walkFilesSync } from './walk-files.js';

// No following a symlink swapped in after the walk, and no blocking on a FIFO.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/**
 * Searches without ripgrep, with the same results as searchWithRipgrep for
 * the same request: the same files (walkFiles: ignore files, hidden files,
 * globs, skipped directories; files over the size limit skipped), the same
 * binary rule and BOM handling, one match per line, the same columns, text,
 * order and truncation. Files are read whole, one at a time, in path order;
 * the search stops once `maxResults` is exceeded. The filesystem calls are
 * synchronous, in slices that yield to the event loop (see createTimeSlicer).
 *
 * Throws InvalidInputError for a malformed request, FileAccessError when the
 * root is not a readable directory, and the signal's reason when aborted.
 *
 * @example
 * const { matches } = await searchWithNode({ query: 'TODO', root: '/repo', maxResults: 50 });
 */
export async function searchWithNode(request: SearchTextRequest): Promise<SearchTextResult> {
  const search = resolveSearchRequest(request);
  search.signal?.throwIfAborted();
  await assertDirectory(search.root);
  const matcher = createContentMatcher(search.query, search.caseSensitive);
  const slicer = createTimeSlicer();
  const matches: SearchMatch[] = [];
  for (const entry of walkFilesSync({ root: search.root, overrides: search.overrides, signal: search.signal })) {
    if (entry.kind !== 'file') continue;
    const found = searchOneFile(entry.absolutePath, search.maxFileSizeBytes, matcher, search.maxMatchesPerFile);
    for (const match of found ?? []) matches.push({ path: entry.path, ...match });
    if (matches.length > search.maxResults) break;
    const pause = slicer.maybeYield();
    if (pause) await pause;
  }
  return { matches: matches.slice(0, search.maxResults), truncated: matches.length > search.maxResults, engine: 'node' };
}

/** The matches of one file, or null when it is skipped (too large, binary, vanished, unreadable). */
function searchOneFile(absolutePath: string, maxFileSizeBytes: number, matcher: ContentMatcher, maxMatchesPerFile: number | null): ContentMatch[] | null {
  let raw: Buffer;
  try {
    const fd = fs.openSync(absolutePath, OPEN_FLAGS);
    try {
      const stats = fs.fstatSync(fd);
      if (!stats.isFile() || stats.size > maxFileSizeBytes) return null;
      raw = readFileHeadSync(fd, stats.size);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    // ripgrep reports an unreadable file on stderr and searches the others; so do we (minus the report).
    if (isErrnoError(error)) return null;
    throw error;
  }
  return findMatchesInContent(decodeSearchContent(raw), matcher, maxMatchesPerFile);
}
