import type { SearchTextRequest, SearchTextResult } from '../../core/index.js';
import { assertDirectory } from './assert-directory.js';
import { containSearchMatches } from './contain-search-matches.js';
import type { SpecialIgnoreCheck } from './create-special-ignore-check.js';
import { hasSpecialIgnoreFile } from './has-special-ignore-file.js';
import { searchWithNode } from './node-search.js';
import { pinSearchRoot } from './pin-search-root.js';
import { compareMatches } from './path-order.js';
import { buildRipgrepArgs } from './ripgrep-args.js';
import { resolveSearchRequest } from './resolve-search-request.js';
import { runRipgrep } from './run-ripgrep.js';

/**
 * Turns a program's argv into the argv that starts it (inside the sandbox,
 * reading only `root`), or returns it unchanged.
 */
export type ProgramLauncher = (argv: readonly string[], root: string) => Promise<readonly string[]>;

/**
 * Matches the first, unsorted run may collect before it gives up on
 * answering alone: up to this many (or `maxResults + 1`, if larger), every
 * match is held and sorted here, which is cheaper than a second run.
 */
export const UNSORTED_RUN_MATCH_BUDGET = 1_000;

/**
 * Searches `request.root` for a fixed string with the ripgrep binary at
 * `rgPath`, with the semantics the Node engine reproduces (see buildRipgrepArgs
 * and walkFiles). Results are sorted by path (`rg --sort path` order), line
 * and column; `truncated` means more than `maxResults` matches exist.
 *
 * Ordering without losing ripgrep's parallelism: the first run is unsorted
 * and multi-threaded, and is enough whenever all matches fit in
 * UNSORTED_RUN_MATCH_BUDGET (they are sorted and cut here). When they do
 * not, that run is stopped early and a second, `--sort=path` run stops at
 * the first `maxResults + 1` matches in order, so the kept matches never
 * depend on thread timing.
 *
 * Throws InvalidInputError for a malformed request (a query with a line
 * break or NUL among others, before anything runs), FileAccessError when the
 * root is not a directory, CommandStartError when ripgrep cannot start,
 * BrassError `search-failed` when ripgrep rejects its arguments, and the
 * signal's reason when aborted.
 *
 * Contained: without the sandbox, ripgrep starts in the root held open
 * (see pinSearchRoot), so the root swapped for a symlink after the check
 * cannot move it; and after the fact, every matched file is checked again once ripgrep
 * is done (see containSearchMatches), so a directory swapped for a symlink
 * during the search returns nothing from outside; `root` must be a real
 * path, as the runtime passes it.
 *
 * An ignore file that is not a regular file (a FIFO named `.gitignore`
 * would hang ripgrep's blocking open) makes the pure-Node engine answer
 * instead; a pass over the directories, run while ripgrep runs, looks for
 * one and stops ripgrep when it finds it.
 *
 * `launch` starts ripgrep inside the sandbox (see createSandboxedShell's
 * wrapReadOnly); without it ripgrep runs as it is. `specialIgnoreCheck`
 * replaces the directory pass (a searcher that lives across calls passes
 * createSpecialIgnoreCheck's, which remembers a clean pass).
 *
 * @example
 * const result = await searchWithRipgrep(rgPath, { query: 'createRuntime', root: '/repo', globs: ['*.ts'] });
 */
export async function searchWithRipgrep(rgPath: string, request: SearchTextRequest, launch?: ProgramLauncher, specialIgnoreCheck?: SpecialIgnoreCheck): Promise<SearchTextResult> {
  const search = resolveSearchRequest(request);
  search.signal?.throwIfAborted();
  await assertDirectory(search.root);
  // ripgrep would block on a FIFO named .gitignore; the Node engine skips it (engine: 'node' says who answered).
  // The directory pass runs while ripgrep does, and stops it when it finds one.
  const special = new AbortController();
  const signal = search.signal === undefined ? special.signal : AbortSignal.any([search.signal, special.signal]);
  const specialCheck = (specialIgnoreCheck === undefined ? hasSpecialIgnoreFile(search) : specialIgnoreCheck(search, request)).then((isFound) => {
    if (isFound) special.abort(new Error('an ignore file is not a regular file'));
    return isFound;
  });
  // Awaited on every path below; until then a rejection (the search aborted) must not count as unhandled.
  specialCheck.catch(() => undefined);
  // Without the sandbox, ripgrep starts in the very directory that was checked (the sandbox binds the real path itself).
  const run = async (sortByPath: boolean, stopAfter: number, cwd: string) => {
    const argv = [rgPath, ...buildRipgrepArgs(search, { sortByPath })];
    const [program = rgPath, ...args] = launch === undefined ? argv : await launch(argv, search.root);
    return runRipgrep({ rgPath: program, args, cwd, stopAfter, signal });
  };

  let found: Awaited<ReturnType<typeof run>>;
  try {
    const pinned = launch === undefined ? await pinSearchRoot(search.root) : null;
    try {
      const cwd = pinned?.cwd ?? search.root;
      const unsorted = await run(false, Math.max(search.maxResults + 1, UNSORTED_RUN_MATCH_BUDGET), cwd);
      found = unsorted.stoppedEarly ? await run(true, search.maxResults + 1, cwd) : unsorted;
    } finally {
      await pinned?.close();
    }
  } catch (error) {
    // Stopped because of such a file (or failed while one was there): the Node engine answers.
    if (await specialCheck) return searchWithNode(request);
    throw error;
  }
  if (await specialCheck) return searchWithNode(request);
  const matches = containSearchMatches(search.root, found.matches);
  matches.sort(compareMatches);
  return { matches: matches.slice(0, search.maxResults), truncated: matches.length > search.maxResults, engine: 'ripgrep' };
}
