import path from 'node:path';

/**
 * A path as the CLI shows it: workspace-relative with forward slashes inside
 * the workspace, `~/...` under the home directory, else as is. JSON output
 * never carries the user's absolute home path.
 */
export function displayPath(absolute: string, options: { root: string; homeDir: string }): string {
  const inRoot = path.relative(options.root, absolute);
  if (inRoot === '') return '.';
  if (!inRoot.startsWith('..') && !path.isAbsolute(inRoot)) return inRoot.split(path.sep).join('/');
  const inHome = path.relative(options.homeDir, absolute);
  if (!inHome.startsWith('..') && !path.isAbsolute(inHome)) return `~/${inHome.split(path.sep).join('/')}`;
  return absolute.split(path.sep).join('/');
}
