import path from 'node:path';

/**
 * A check that a real path lies strictly below `root` (compared on whole
 * segments: `/repo-other` is not inside `/repo`). `root` must itself be a
 * real path, as the runtime passes it: the check is lexical on purpose, so
 * a root swapped for a symlink after the scope check cannot move it.
 *
 * @example
 * insideRoot('/repo')('/repo/src/a.ts'); // true
 */
export function insideRoot(root: string): (realPath: string) => boolean {
  const prefix = root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  return (realPath) => realPath.startsWith(prefix);
}
