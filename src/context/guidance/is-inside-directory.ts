import path from 'node:path';

/** Whether an absolute path is `directory` itself or lies below it (lexically: resolve symlinks first). */
export function isInsideDirectory(candidate: string, directory: string): boolean {
  const relative = path.relative(directory, candidate);
  return relative === '' || (!path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..');
}
