import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { FileAccessError, nodeCrypto } from '../../core/index.js';
import type { WriteFileRequest } from '../../core/index.js';
import { assertRegularFile } from './assert-regular-file.js';
import { resolveContainedTarget } from './resolve-contained-target.js';
import { errnoCode, toFileAccessError } from './to-file-access-error.js';

/** Mode of a new file before the umask, as `fs.writeFile` uses. */
const NEW_FILE_MODE = 0o666;
/** Permission bits copied from a replaced file; setuid/setgid/sticky are not carried over. */
const PERMISSION_BITS = 0o777;
/** Longest part of the target's name kept in the temp name, so it stays under NAME_MAX (255). */
const MAX_TEMP_NAME_BASE_CHARS = 100;
const TEMP_RANDOM_BYTES = 6;

/** Test seams of writeFileAtomic. Internal: not part of the public API. */
export interface WriteFileAtomicInternal {
  /** Runs after the temp file is written and synced, just before the rename. */
  beforeRename?: () => Promise<void>;
}

/**
 * Writes `content` (UTF-8, byte for byte) to `path` so that readers see the
 * old file or the new one, never half of it: a temp file
 * `.<name>.brass-<random>.tmp` is created exclusively in the same directory
 * (with the mode of the file it replaces), synced, and renamed over the
 * target. On any failure the temp file is removed.
 *
 * The real parent directory must be contained; missing parents are created
 * only inside. An existing target must be a regular file: a symlink is
 * refused, never followed, as are FIFOs, sockets, devices and directories.
 *
 * Throws OutsideWorkspaceError, or FileAccessError (`not-a-regular-file`,
 * `is-a-directory`, `not-a-directory`, `permission-denied`, `io`).
 *
 * @param _internal test seams; internal, do not use.
 * @example
 * await writeFileAtomic({ path: resolved.absolutePath, content: 'export {};\n', isContained: (real) => scope.contains(real) });
 */
export async function writeFileAtomic(request: WriteFileRequest, _internal: WriteFileAtomicInternal = {}): Promise<void> {
  const target = await resolveContainedTarget(request.path, request.isContained, { createParents: true });
  const existing = await lstatOrNull(target, request.path);
  if (existing !== null) assertRegularFile(existing, request.path);
  const mode = existing === null ? NEW_FILE_MODE : existing.mode & PERMISSION_BITS;
  const name = path.basename(target).slice(0, MAX_TEMP_NAME_BASE_CHARS);
  const tempPath = path.join(path.dirname(target), `.${name}.brass-${nodeCrypto().randomBytes(TEMP_RANDOM_BYTES).toString('hex')}.tmp`);
  let handle: FileHandle;
  try {
    // 'wx' is O_CREAT|O_EXCL: it never opens an existing file and never follows a symlink.
    handle = await fs.promises.open(tempPath, 'wx', mode);
  } catch (error) {
    throw toFileAccessError(error, request.path);
  }
  try {
    try {
      // The open mode went through the umask; a replaced file keeps its exact mode.
      if (existing !== null) await handle.chmod(mode);
      await handle.writeFile(request.content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await _internal.beforeRename?.();
    await fs.promises.rename(tempPath, target);
  } catch (error) {
    await removeTempFile(tempPath, error);
    throw toFileAccessError(error, request.path);
  }
}

async function lstatOrNull(target: string, requested: string): Promise<fs.Stats | null> {
  try {
    return await fs.promises.lstat(target);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    throw toFileAccessError(error, requested);
  }
}

async function removeTempFile(tempPath: string, original: unknown): Promise<void> {
  try {
    await fs.promises.rm(tempPath, { force: true });
  } catch (cleanupError) {
    throw new FileAccessError({
      reason: 'io',
      path: tempPath,
      message: `writing failed and the temp file ${tempPath} could not be removed: ${cleanupError instanceof Error ? cleanupError.message : String(cleanupError)}`,
      cause: original,
    });
  }
}
