import path from 'node:path';
import { FileAccessError, InvalidInputError } from '../../core/index.js';
import { createNodePathProbe, safeReadFile } from '../file-system/index.js';

/**
 * Reads a whole text file a person named on the command line (it may lie
 * outside the workspace: they chose it), through the safe read path: no
 * FIFO, device or directory, no binary file. Unlike a capped workspace
 * read, a file larger than `maxBytes` is refused rather than cut, since half
 * a patch or half a batch would be wrong. Relative paths are resolved from
 * `baseDir` (the process's directory).
 *
 * @throws InvalidInputError naming `flag` for a missing, special, binary, too large or unreadable file.
 * @example
 * const patchText = await readUserFile('fix.diff', { baseDir: process.cwd(), maxBytes: 8 * 1024 * 1024, flag: '--apply-patch-file' });
 */
export async function readUserFile(file: string, options: { baseDir: string; maxBytes: number; flag: string }): Promise<string> {
  const absolute = path.resolve(options.baseDir, file);
  const realPath = await createNodePathProbe().realpath(absolute);
  if (realPath === null) throw new InvalidInputError(options.flag, `${file} does not exist`);
  try {
    const read = await safeReadFile({ path: realPath, maxBytes: options.maxBytes, isContained: () => true, isHardLinkAllowed: true });
    if (read.truncated) throw new InvalidInputError(options.flag, `${file} is larger than ${options.maxBytes} bytes`);
    if (read.encoding !== 'utf8') throw new InvalidInputError(options.flag, `${file} is not valid UTF-8 text`);
    return read.content;
  } catch (error) {
    if (FileAccessError.isInstance(error)) throw new InvalidInputError(options.flag, `${file}: ${error.message}`, { cause: error });
    throw error;
  }
}
