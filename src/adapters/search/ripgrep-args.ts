import type { ResolvedSearch } from './resolve-search-request.js';
import { MAX_WALK_DEPTH } from './walk-files.js';

/**
 * The flags that make ripgrep pick files exactly as walkFiles does (with the
 * `--glob` overrides added): no config file, `.gitignore` without `.git`,
 * nothing from parent directories or git's global excludes, no deeper than
 * MAX_WALK_DEPTH.
 */
export const RIPGREP_SELECTION_FLAGS: readonly string[] = ['--no-config', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', `--max-depth=${MAX_WALK_DEPTH}`];

/**
 * The ripgrep argv (without the executable) for one search, run with the
 * search root as working directory. Every choice keeps ripgrep's file
 * selection equal to walkFiles and its output machine-readable:
 *
 * - `--json`: paths and lines with spaces, colons or invalid UTF-8 survive.
 * - `--fixed-strings` and each query only ever as the value of `--regexp=`:
 *   a query such as `--pre=sh` can never be read as a flag.
 * - `--no-config`: a RIPGREP_CONFIG_PATH file cannot inject flags.
 * - `--no-require-git`: `.gitignore` counts with or without a `.git` dir.
 * - `--no-ignore-parent`, `--no-ignore-global`: only ignore files inside
 *   the searched tree count, so the result does not depend on the machine.
 * - `--max-depth`: the walk's MAX_WALK_DEPTH, so a hostile chain of
 *   thousands of directories is cut at the same level in both engines.
 * - `--sort=path` (optional) makes ripgrep single-threaded and ordered, so a
 *   truncated search can stop at exactly the first N matches.
 */
export function buildRipgrepArgs(search: ResolvedSearch, options: { sortByPath: boolean }): string[] {
  const args = [
    '--json',
    '--fixed-strings',
    ...RIPGREP_SELECTION_FLAGS,
    '--line-number',
    '--column',
    search.caseSensitive ? '--case-sensitive' : '--ignore-case',
    `--max-filesize=${search.maxFileSizeBytes}`,
  ];
  if (search.maxMatchesPerFile !== null) args.push(`--max-count=${search.maxMatchesPerFile}`);
  if (options.sortByPath) args.push('--sort=path');
  for (const line of search.overrides.lines) args.push(`--glob=${line}`);
  for (const query of search.queries) args.push(`--regexp=${query}`);
  args.push('--', '.');
  return args;
}
