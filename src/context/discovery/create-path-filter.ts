import picomatch from 'picomatch';
import { DEFAULT_SKIP_DIRS } from '../../core/index.js';

/** Why a path is never read or shown by discovery, or null when it may be. */
export type PathExclusion = 'skipped-directory' | 'excluded-glob' | null;

/** Decides which workspace-relative paths discovery may read, search results included. */
export interface PathFilter {
  exclusionOf(path: string): PathExclusion;
  isAllowed(path: string): boolean;
}

/**
 * Builds the discovery path filter: nothing under dependency, VCS or build
 * output directories (`node_modules`, `.git`, `dist`, ... — DEFAULT_SKIP_DIRS
 * plus `skipDirs`), and nothing matching `excludeGlobs`. A glob without a
 * slash matches a name at any depth (`.env*`, `*.pem`), as ripgrep's
 * `--glob` does; a glob with one is matched against the whole path and, to
 * fail safe, also below any directory (`secrets/**` hides `a/secrets/k`),
 * which can only hide more than ripgrep does, never less.
 */
export function createPathFilter(options: { excludeGlobs: readonly string[]; skipDirs?: readonly string[] }): PathFilter {
  const skipDirs = new Set([...DEFAULT_SKIP_DIRS, ...(options.skipDirs ?? [])]);
  const matchers = options.excludeGlobs.map((glob) => {
    const pattern = glob.replace(/^\.\//, '').replace(/^\//, '').replace(/\/$/, '/**');
    const hasSlash = pattern.includes('/');
    const isMatch = picomatch(hasSlash ? [pattern, `**/${pattern}`] : pattern, { dot: true, basename: !hasSlash });
    // `secrets` (a directory name) must hide what is under it too.
    const isDirectoryMatch = hasSlash ? null : picomatch(`**/${pattern}/**`, { dot: true });
    return (path: string) => isMatch(path) || (isDirectoryMatch?.(path) ?? false);
  });
  const exclusionOf = (path: string): PathExclusion => {
    const segments = path.split('/');
    if (segments.slice(0, -1).some((segment) => skipDirs.has(segment))) return 'skipped-directory';
    if (matchers.some((matches) => matches(path))) return 'excluded-glob';
    return null;
  };
  return { exclusionOf, isAllowed: (path) => exclusionOf(path) === null };
}
