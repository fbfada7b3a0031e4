import path from 'node:path';
import type { CheckpointFileState, CheckpointStore, Runtime } from '../../core/index.js';
import { CHECKPOINT_CONCURRENCY } from './checkpoint-limits.js';
import { listWorkspaceFiles } from './list-workspace-files.js';
import { mapConcurrent } from './map-concurrent.js';

/** One file that differs from what was known: created, changed or deleted. */
export interface ScannedChange {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  before: CheckpointFileState | null;
  after: CheckpointFileState | null;
}

/** What `scanChanges` needs. */
export interface ScanChangesOptions {
  store: CheckpointStore;
  runtime: Runtime;
  /** The files as last seen (path -> state); updated in place to what the scan sees. */
  known: Map<string, CheckpointFileState>;
  /** Most listing entries read (the checkpoint's file limit). */
  maxEntries: number;
}

/**
 * Finds what changed since `known`: lists the workspace (size and mtime),
 * re-hashes only the candidates (size or mtime differ, or no stats), and
 * reports files created, changed (other bytes or another mode) or deleted.
 * A file touched but holding the same bytes is not a change. Updates
 * `known` to what it saw. Throws the runtime's or the store's BrassError.
 */
export async function scanChanges(options: ScanChangesOptions): Promise<ScannedChange[]> {
  const { store, runtime, known } = options;
  const listing = await listWorkspaceFiles(runtime, options.maxEntries);
  const root = runtime.scope.root;
  const isContained = (realPath: string): boolean => runtime.scope.contains(realPath);
  const seen = new Set<string>();
  const candidates = listing.files.filter((file) => {
    seen.add(file.path);
    const before = known.get(file.path);
    return before === undefined || before.sizeBytes !== file.sizeBytes || before.modifiedMs !== file.modifiedMs;
  });
  const changes: ScannedChange[] = [];
  const captured = await mapConcurrent(candidates, CHECKPOINT_CONCURRENCY, async (file) => ({
    path: file.path,
    after: await store.captureFile({ path: path.join(root, file.path), isContained, keep: false }),
  }));
  for (const { path: relative, after } of captured) {
    const before = known.get(relative) ?? null;
    if (after === null) {
      seen.delete(relative);
      continue;
    }
    known.set(relative, after);
    if (before === null) changes.push({ path: relative, status: 'added', before, after });
    else if (before.sha256 !== after.sha256 || before.mode !== after.mode) changes.push({ path: relative, status: 'modified', before, after });
  }
  // A truncated listing cannot tell a deleted file from one past the cut: only a whole listing reports deletions.
  if (!listing.truncated) {
    for (const [relative, before] of [...known]) {
      if (seen.has(relative)) continue;
      known.delete(relative);
      changes.push({ path: relative, status: 'deleted', before, after: null });
    }
  }
  return changes.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}
