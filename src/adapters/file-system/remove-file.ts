import fs from 'node:fs';
import { assertRegularFile } from './assert-regular-file.js';
import { resolveContainedTarget } from './resolve-contained-target.js';
import { toFileAccessError } from './to-file-access-error.js';

/** What removeFile needs: the absolute path and the containment re-check. */
export interface RemoveFileRequest {
  path: string;
  isContained: (realPath: string) => boolean;
}

/**
 * Removes a regular file (rollback of a file a patch created). The real
 * parent directory must be contained; the entry itself must be a regular
 * file: a symlink is refused (never followed), as is anything else.
 *
 * Throws OutsideWorkspaceError, or FileAccessError (`not-found`,
 * `not-a-regular-file`, `is-a-directory`, `permission-denied`, `io`).
 *
 * @example
 * await removeFile({ path: created.absolutePath, isContained: (real) => scope.contains(real) });
 */
export async function removeFile(request: RemoveFileRequest): Promise<void> {
  const target = await resolveContainedTarget(request.path, request.isContained, { createParents: false });
  let stats: fs.Stats;
  try {
    stats = await fs.promises.lstat(target);
  } catch (error) {
    throw toFileAccessError(error, request.path);
  }
  assertRegularFile(stats, request.path);
  try {
    await fs.promises.unlink(target);
  } catch (error) {
    throw toFileAccessError(error, request.path);
  }
}
