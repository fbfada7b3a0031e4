import fs from 'node:fs';
import path from 'node:path';
import { FileAccessError, InvalidInputError, OutsideWorkspaceError } from '../../core/index.js';
import { errnoCode, toFileAccessError } from './to-file-access-error.js';

/**
 * The real path a write or removal of `target` will touch: the realpath of
 * its parent directory plus its own name (the name itself is never
 * followed). Throws OutsideWorkspaceError when that parent is not contained,
 * FileAccessError `not-found` when the parent is missing and `createParents`
 * is false, `not-a-directory` when a parent is a file.
 *
 * With `createParents`, missing directories are created only when the place
 * they would be created is contained (the deepest existing ancestor is
 * resolved first); the parent is resolved and checked again afterwards.
 */
export async function resolveContainedTarget(
  target: string,
  isContained: (realPath: string) => boolean,
  options: { createParents: boolean },
): Promise<string> {
  const name = path.basename(target);
  if (name === '' || name === '.' || name === '..') throw new InvalidInputError('path', `${target} does not name a file`);
  const parent = path.dirname(path.resolve(target));
  let realParent = await realDirectoryOrNull(parent, target);
  if (realParent === null) {
    if (!options.createParents) {
      throw new FileAccessError({ reason: 'not-found', path: target, message: `${target} does not exist (its directory ${parent} is missing)` });
    }
    const planned = await plannedRealPath(parent, target);
    if (!isContained(planned)) throw new OutsideWorkspaceError({ requestedPath: target, resolvedPath: path.join(planned, name) });
    try {
      await fs.promises.mkdir(parent, { recursive: true });
    } catch (error) {
      throw toFileAccessError(error, parent);
    }
    // Re-resolve: an ancestor swapped for a symlink during mkdir must not let the write escape.
    realParent = await realDirectoryOrNull(parent, target);
    if (realParent === null) throw new FileAccessError({ reason: 'changed-during-access', path: target, message: `${parent} vanished right after it was created` });
  }
  if (!isContained(realParent)) throw new OutsideWorkspaceError({ requestedPath: target, resolvedPath: path.join(realParent, name) });
  await assertDirectory(realParent, target);
  return path.join(realParent, name);
}

async function assertDirectory(directory: string, target: string): Promise<void> {
  let stats: fs.Stats;
  try {
    stats = await fs.promises.stat(directory);
  } catch (error) {
    throw toFileAccessError(error, directory);
  }
  if (!stats.isDirectory()) {
    throw new FileAccessError({ reason: 'not-a-directory', path: target, message: `${target}: its parent ${directory} is not a directory` });
  }
}

async function realDirectoryOrNull(directory: string, target: string): Promise<string | null> {
  try {
    return await fs.promises.realpath(directory);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    if (errnoCode(error) === 'ENOTDIR') {
      throw new FileAccessError({ reason: 'not-a-directory', path: target, message: `${target}: a parent of it is not a directory`, cause: error });
    }
    throw toFileAccessError(error, directory);
  }
}

/** Where a missing directory would be created: realpath of the deepest existing ancestor plus the missing names. */
async function plannedRealPath(directory: string, target: string): Promise<string> {
  const missing: string[] = [];
  let current = directory;
  for (;;) {
    const real = await realDirectoryOrNull(current, target);
    if (real !== null) return path.join(real, ...missing.reverse());
    const up = path.dirname(current);
    if (up === current) return directory;
    missing.push(path.basename(current));
    current = up;
  }
}
