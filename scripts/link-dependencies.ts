import fs from 'node:fs';
import path from 'node:path';

/**
 * Gives a copy of an example the dependencies of `fromRoot` without
 * installing them: a real `node_modules` directory in `workspace` whose
 * entries are symlinks to `fromRoot/node_modules/*`. The directory itself is
 * the workspace's own, so tools that write caches into it (vite's
 * `node_modules/.vite-temp`) can, inside the sandbox too.
 *
 * Returns the directory the links point into: sandboxed commands need it in
 * `sandbox.readOnlyPaths` when it lies in a directory the sandbox hides
 * (the home directory, /tmp).
 */
export function linkDependencies(workspace: string, fromRoot: string): string {
  const source = fs.realpathSync(path.join(fromRoot, 'node_modules'));
  const target = path.join(workspace, 'node_modules');
  fs.mkdirSync(target, { recursive: true });
  for (const entry of fs.readdirSync(source)) {
    // Caches stay the copy's own.
    if (entry.startsWith('.vite') || entry === '.cache') continue;
    fs.symlinkSync(path.join(source, entry), path.join(target, entry));
  }
  return source;
}

/** The user config that shows `dependencies` (see linkDependencies) to sandboxed commands. */
export function sandboxConfigFor(dependencies: string): string {
  return `${JSON.stringify({ sandbox: { readOnlyPaths: [dependencies] } }, null, 2)}\n`;
}
