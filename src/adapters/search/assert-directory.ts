import fs from 'node:fs/promises';
import { FileAccessError } from '../../core/index.js';
import { toFileAccessError } from './to-file-access-error.js';

/**
 * Resolves when `path` is a directory (following symlinks). Throws
 * FileAccessError: `not-found`, `not-a-directory`, `permission-denied`...
 */
export async function assertDirectory(path: string): Promise<void> {
  let isDirectory: boolean;
  try {
    isDirectory = (await fs.stat(path)).isDirectory();
  } catch (error) {
    throw toFileAccessError(error, path);
  }
  if (!isDirectory) throw new FileAccessError({ reason: 'not-a-directory', path, message: `${path} is not a directory` });
}
