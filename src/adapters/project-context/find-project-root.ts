import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidInputError } from '../../core/index.js';

/** The project root and the marker that made it one. */
export interface ProjectRoot {
  /** Absolute path of the directory holding the marker. */
  root: string;
  /** The marker's name, e.g. `.git`. */
  marker: string;
}

/**
 * The nearest directory at or above `start` that holds one of `markers`, as
 * a file or a directory (a `.git` file marks a worktree or a submodule), or
 * null when no ancestor has one. Only looks for names: nothing is read.
 * `start` should be a real path (the workspace root). Throws
 * InvalidInputError for a marker that is not a plain name.
 *
 * @example
 * await findProjectRoot({ start: '/repo/packages/api', markers: ['.git'] }); // { root: '/repo', marker: '.git' }
 */
export async function findProjectRoot(options: { start: string; markers: readonly string[] }): Promise<ProjectRoot | null> {
  for (const marker of options.markers) {
    if (marker.length === 0 || marker === '.' || marker === '..' || /[/\\\0]/.test(marker)) {
      throw new InvalidInputError('guidance.rootMarkers', `${JSON.stringify(marker)} is not a plain file name`);
    }
  }
  let directory = path.resolve(options.start);
  for (;;) {
    for (const marker of options.markers) {
      if (await exists(path.join(directory, marker))) return { root: directory, marker };
    }
    const parent = path.dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
}

async function exists(target: string): Promise<boolean> {
  try {
    await fs.lstat(target);
    return true;
  } catch (error) {
    // A missing name, or a directory we may not search: not a marker here.
    if (typeof error === 'object' && error !== null && 'code' in error) return false;
    throw error;
  }
}
