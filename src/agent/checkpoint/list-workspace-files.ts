import { BrassError, type Runtime } from '../../core/index.js';

/** A regular file of the workspace as the listing saw it (stats absent where a rule hides them). */
export interface ListedFile {
  path: string;
  sizeBytes?: number;
  modifiedMs?: number;
}

/** What `listWorkspaceFiles` found. */
export interface WorkspaceListing {
  files: ListedFile[];
  /** More entries than `maxEntries`: the listing stopped there. */
  truncated: boolean;
}

/**
 * The regular files of the workspace that a checkpoint covers: tracked and
 * untracked, not ignored (`.gitignore`, the skipped directories such as
 * `node_modules` and `.git`), with their size and mtime, through the
 * runtime's gitignore-aware `fs.list`. Symlinks and special files are not
 * covered. Throws BrassError with the runtime's code when listing fails.
 */
export async function listWorkspaceFiles(runtime: Runtime, maxEntries: number): Promise<WorkspaceListing> {
  const observation = await runtime.execute({ kind: 'fs.list', recursive: true, withStats: true, maxEntries });
  if (!observation.ok) throw new BrassError(observation.error.code, `listing the workspace for a checkpoint failed: ${observation.error.message}`);
  const files: ListedFile[] = [];
  for (const entry of observation.value.entries) {
    if (entry.kind !== 'file') continue;
    files.push({
      path: entry.path,
      ...(entry.sizeBytes === undefined ? {} : { sizeBytes: entry.sizeBytes }),
      ...(entry.modifiedMs === undefined ? {} : { modifiedMs: entry.modifiedMs }),
    });
  }
  return { files, truncated: observation.value.truncated };
}
