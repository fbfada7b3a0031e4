import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Whether `candidate` is a regular file this process may execute. */
export async function isExecutableFile(candidate: string): Promise<boolean> {
  try {
    if (!(await fs.stat(candidate)).isFile()) return false;
    await fs.access(candidate, constants.X_OK);
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error) return false;
    throw error;
  }
}

/** `name` in each absolute directory of the environment's PATH, in order (relative entries such as `.` are skipped). */
export function pathCandidates(name: string, env: NodeJS.ProcessEnv): string[] {
  const directories = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter((directory) => path.isAbsolute(directory));
  const names = process.platform === 'win32' ? [`${name}.exe`] : [name];
  return directories.flatMap((directory) => names.map((file) => path.join(directory, file)));
}

/** The first executable `name` on the environment's PATH, or null. */
export async function findExecutable(name: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  for (const candidate of pathCandidates(name, env)) if (await isExecutableFile(candidate)) return candidate;
  return null;
}
