import { findSpecialIgnoreFile } from './ignore-levels.js';
import type { ResolvedSearch } from './resolve-search-request.js';
import { type WalkFilesOptions, walkFiles } from './walk-files.js';

/**
 * Whether a directory the search would enter holds an ignore file
 * (`.gitignore`, `.ignore`, `.rgignore`, `.git/info/exclude`) that is not a
 * regular file. ripgrep opens ignore files with a blocking open, so a FIFO
 * there hangs it until the action times out; the ripgrep engine then lets
 * the Node engine answer, which skips such files. One pass over the
 * directories only (files are not matched), with the search's own ignore
 * rules and globs so it enters what ripgrep would; it yields to the event
 * loop like every walk. `onDirectory` sees each directory entered, with its
 * entries (see createSpecialIgnoreCheck, which stamps them).
 */
export async function hasSpecialIgnoreFile(search: ResolvedSearch, onDirectory?: WalkFilesOptions['onDirectory']): Promise<boolean> {
  let found = false;
  const walk = walkFiles({
    root: search.root,
    overrides: search.overrides,
    isDirectoriesOnly: true,
    signal: search.signal,
    onDirectory: (directory, names) => {
      onDirectory?.(directory, names);
      if (!found && findSpecialIgnoreFile(directory, names) !== null) found = true;
    },
  });
  for await (const _directory of walk) if (found) return true;
  return found;
}
