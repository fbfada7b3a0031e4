import { FileAccessError } from '../../core/index.js';
import type { SearchMatch, SearchTextRequest, SearchTextResult } from '../../core/index.js';
import { assertDirectory } from './assert-directory.js';
import { createTimeSlicer } from './create-time-slicer.js';
import { decodeSearchContent } from './decode-search-content.js';
import { createContentMatcher, findMatchesInContent } from './find-matches-in-content.js';
import type { ContentMatch, ContentMatcher } from './find-matches-in-content.js';
import { isErrnoError } from '../file-system/is-errno-error.js';
import { insideRoot } from './is-inside-root.js';
import { readRegularFileSync } from '../file-system/read-regular-file-sync.js';
import { resolveSearchRequest } from './resolve-search-request.js';
import { walkFilesSync } from './walk-files.js';

/**
 * Searches without ripgrep, with the same results as searchWithRipgrep for
 * the same request: the same files (walkFiles: ignore files, hidden files,
 * globs, skipped directories; files over the size limit skipped), the same
 * binary rule and BOM handling, one match per line, the same columns, text,
 * order and truncation. Files are read whole, one at a time, in path order;
 * the search stops once `maxResults` is exceeded. The filesystem calls are
 * synchronous, in slices that yield to the event loop (see createTimeSlicer).
 *
 * Contained after the fact: each file is opened without following a final
 * symlink or blocking on a FIFO, and what was opened must really lie inside
 * `root` (the kernel's path of the descriptor), so swapping the searched
 * directory or one below it for a symlink after the scope check finds
 * nothing outside. `root` must be a real path, as the runtime passes it.
 * Files with more than one hard link are skipped (see assertSingleLink).
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
  const matcher = createContentMatcher(search.queries, search.caseSensitive);
  const slicer = createTimeSlicer();
  const matches: SearchMatch[] = [];
  const isContained = insideRoot(search.root);
  for (const entry of walkFilesSync({ root: search.root, overrides: search.overrides, signal: search.signal })) {
    if (entry.kind !== 'file') continue;
    const found = searchOneFile(entry.absolutePath, { maxFileSizeBytes: search.maxFileSizeBytes, matcher, maxMatchesPerFile: search.maxMatchesPerFile, isContained });
    for (const match of found ?? []) matches.push({ path: entry.path, ...match });
    if (matches.length > search.maxResults) break;
    const pause = slicer.maybeYield();
    if (pause) await pause;
  }
  return { matches: matches.slice(0, search.maxResults), truncated: matches.length > search.maxResults, engine: 'node' };
}

interface OneFileSearch {
  maxFileSizeBytes: number;
  matcher: ContentMatcher;
  maxMatchesPerFile: number | null;
  isContained: (realPath: string) => boolean;
}

/** The matches of one file, or null when it is skipped (too large, binary, special, hard-linked, outside, vanished, unreadable). */
function searchOneFile(absolutePath: string, options: OneFileSearch): ContentMatch[] | null {
  let raw: Buffer;
  try {
    const head = readRegularFileSync(absolutePath, { maxBytes: options.maxFileSizeBytes, isLargerSkipped: true, isSingleLinkRequired: true, isContained: options.isContained });
    if (head.totalBytes > options.maxFileSizeBytes) return null;
    raw = head.data;
  } catch (error) {
    // ripgrep reports an unreadable file on stderr and searches the others; so do we (minus the report).
    if (FileAccessError.isInstance(error) || isErrnoError(error)) return null;
    throw error;
  }
  return findMatchesInContent(decodeSearchContent(raw), options.matcher, options.maxMatchesPerFile);
}
