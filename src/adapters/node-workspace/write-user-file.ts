import path from 'node:path';
import { FileAccessError, InvalidInputError } from '../../core/index.js';
import { writeFileAtomic } from '../file-system/index.js';

/**
 * Writes a file a person named on the command line (e.g. `--patch-file
 * OUT`), relative to `baseDir` (the process's directory), atomically: a
 * reader sees the old file or the whole new one. Missing parent directories
 * are created; an existing symlink, FIFO or directory at the target is
 * refused, never followed.
 *
 * @throws InvalidInputError naming `flag` when the file cannot be written.
 * @returns the absolute path written.
 */
export async function writeUserFile(file: string, content: string, options: { baseDir: string; flag: string }): Promise<string> {
  const absolute = path.resolve(options.baseDir, file);
  try {
    await writeFileAtomic({ path: absolute, content, isContained: () => true });
  } catch (error) {
    if (FileAccessError.isInstance(error)) throw new InvalidInputError(options.flag, `cannot write ${file}: ${error.message}`, { cause: error });
    throw error;
  }
  return absolute;
}
