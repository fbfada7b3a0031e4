import { FileAccessError } from '../../core/index.js';
import { createNodePathProbe, safeReadFile } from '../file-system/index.js';

/** Config files larger than this are refused rather than half-read. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * Reads a small text file through the safe-read path, or returns null when it
 * does not exist. `isContained` decides where its real path may lie (the
 * workspace for the workspace file; anywhere for a file the user named).
 * A hard-linked file is read: a config is parsed, never shown to a model.
 */
export async function readOptionalTextFile(
  filePath: string,
  isContained: (realPath: string) => boolean,
): Promise<string | null> {
  const realPath = await createNodePathProbe().realpath(filePath);
  if (realPath === null) return null;
  try {
    const file = await safeReadFile({ path: realPath, maxBytes: MAX_CONFIG_FILE_BYTES, isContained, isHardLinkAllowed: true });
    if (file.truncated) {
      throw new FileAccessError({ reason: 'io', path: filePath, message: `${filePath} is larger than ${MAX_CONFIG_FILE_BYTES} bytes; is it really a config file?` });
    }
    return file.content;
  } catch (error) {
    if (FileAccessError.isInstance(error) && error.reason === 'not-found') return null;
    throw error;
  }
}
