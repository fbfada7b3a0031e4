import fs from 'node:fs';
import { errnoCode } from './to-file-access-error.js';

/**
 * Whether anything (file, directory, dangling link) is at `file`: false only
 * when the name is missing; any other failure (a folder we may not search)
 * is thrown, so a store does not mistake an unreadable entry for a free name.
 */
export async function pathExists(file: string): Promise<boolean> {
  try {
    await fs.promises.lstat(file);
    return true;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw error;
  }
}
