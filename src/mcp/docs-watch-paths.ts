import path from 'node:path';
import type { WatchedPaths } from '../core/index.js';

/**
 * What the docs map of `dirs` (workspace-relative, as `docs.dir` gives them)
 * is read from, for a DirectoryWatch over the workspace `root`: each docs
 * tree, and alone each directory between the root and it (their ignore
 * files decide what the listing shows; the site configs `mkdocs.yml`,
 * `sidebars.json` and `.vitepress/` sit there too), with the `.vitepress`
 * folder of each and `.git/info` (its `exclude`) where a `.git` is.
 */
export function docsWatchPaths(root: string, dirs: readonly string[]): WatchedPaths {
  // A docs.dir outside the workspace is refused by the map; it is never watched (nor walked).
  const isInside = (directory: string) => {
    const relative = path.relative(root, directory);
    return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
  };
  const trees = dirs.map((dir) => path.resolve(root, dir)).filter(isInside);
  const ancestors = new Set<string>();
  for (const tree of trees) {
    for (let directory = path.dirname(tree); ; directory = path.dirname(directory)) {
      if (path.relative(root, directory).startsWith('..')) break;
      ancestors.add(directory);
      if (directory === root) break;
    }
  }
  const dirsAlone = [...ancestors].flatMap((directory) => [directory, path.join(directory, '.vitepress'), path.join(directory, '.git', 'info')]);
  // A tree that is the root, or inside another tree, is watched as a tree already.
  return { trees, dirs: dirsAlone.filter((directory) => !trees.includes(directory)) };
}
