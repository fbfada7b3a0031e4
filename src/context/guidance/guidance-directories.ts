import path from 'node:path';

/**
 * The directories whose guidance applies, from the project root down to the
 * working directory (both included). When `projectRoot` is not the working
 * directory or one of its ancestors, only the working directory is used.
 *
 * @example
 * guidanceDirectories('/repo', '/repo/packages/api'); // ['/repo', '/repo/packages', '/repo/packages/api']
 */
export function guidanceDirectories(projectRoot: string, workingDirectory: string): string[] {
  const relative = path.relative(projectRoot, workingDirectory);
  if (relative === '') return [workingDirectory];
  if (path.isAbsolute(relative) || relative.split(path.sep)[0] === '..') return [workingDirectory];
  const directories = [projectRoot];
  let current = projectRoot;
  for (const segment of relative.split(path.sep)) {
    current = path.join(current, segment);
    directories.push(current);
  }
  return directories;
}
