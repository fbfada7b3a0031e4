import path from 'node:path';
import { FileAccessError } from '../../core/index.js';
import type { SearchMatch } from '../../core/index.js';
import { readRegularFileSync } from '../file-system/read-regular-file-sync.js';
import { isErrnoError } from '../file-system/is-errno-error.js';
import { insideRoot } from './is-inside-root.js';

/**
 * Keeps only the matches of files that are, once the search is over, still
 * regular files with a single link whose real path lies inside `root`.
 *
 * ripgrep opens the files itself, so brass-agent cannot check what it
 * opened; a searched directory (or one below it) swapped for a symlink
 * right after the scope check would let it read outside. Each matched file
 * is opened again here (no final symlink followed, no blocking on a FIFO)
 * and its descriptor's real path checked: matches from outside are dropped.
 * A file with several hard links is dropped too (see assertSingleLink).
 * Costs one open per matched file, not per searched file.
 */
export function containSearchMatches(root: string, matches: readonly SearchMatch[]): SearchMatch[] {
  const isContained = insideRoot(root);
  const verdicts = new Map<string, boolean>();
  const isKept = (relative: string): boolean => {
    const known = verdicts.get(relative);
    if (known !== undefined) return known;
    let kept: boolean;
    try {
      readRegularFileSync(path.join(root, ...relative.split('/')), { maxBytes: 0, isSingleLinkRequired: true, isContained });
      kept = true;
    } catch (error) {
      if (!FileAccessError.isInstance(error) && !isErrnoError(error)) throw error;
      kept = false;
    }
    verdicts.set(relative, kept);
    return kept;
  };
  return matches.filter((match) => isKept(match.path));
}
