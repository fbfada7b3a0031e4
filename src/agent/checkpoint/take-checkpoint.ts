import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { CheckpointFileState, CheckpointManifest, CheckpointManifestFile, CheckpointStore, Clock, Runtime } from '../../core/index.js';
import { CHECKPOINT_CONCURRENCY, type CheckpointLimits, DEFAULT_CHECKPOINT_LIMITS } from './checkpoint-limits.js';
import { listWorkspaceFiles } from './list-workspace-files.js';
import { mapConcurrent } from './map-concurrent.js';

/** What `takeCheckpoint` needs. */
export interface TakeCheckpointOptions {
  store: CheckpointStore;
  /** Lists the workspace (gitignore-aware); its scope decides containment. */
  runtime: Runtime;
  runId: string;
  /** The workspace's previous checkpoint: files with the same size and mtime reuse its hash, unread. */
  previous?: CheckpointManifest | null;
  clock: Clock;
  /** Default DEFAULT_CHECKPOINT_LIMITS. */
  limits?: CheckpointLimits;
}

/** A checkpoint taken, or why none was. */
export type TakeCheckpointResult =
  | { ok: true; manifest: CheckpointManifest; /** Files whose hash came from the previous checkpoint, unread. */ reusedFiles: number }
  | { ok: false; reason: string };

/**
 * Checkpoints a workspace: every listed regular file is hashed (sha256) and
 * its bytes stored once per content, with its size, mtime and mode, and the
 * manifest is written. Incremental: a file whose size and mtime equal the
 * previous checkpoint's, and whose blob is still stored, is not read again.
 * Bounded: more than `limits.maxFiles` files or `limits.maxBytes` bytes in
 * all refuse the checkpoint before anything is read (`ok: false` with a
 * one-line reason naming the limit). Files that vanish while the checkpoint
 * is taken are left out. Throws the store's BrassError when it cannot be
 * written.
 *
 * @example
 * const result = await takeCheckpoint({ store, runtime, runId, previous: null, clock: systemClock });
 * if (!result.ok) console.warn(result.reason);
 */
export async function takeCheckpoint(options: TakeCheckpointOptions): Promise<TakeCheckpointResult> {
  const { store, runtime } = options;
  const limits = options.limits ?? DEFAULT_CHECKPOINT_LIMITS;
  const listing = await listWorkspaceFiles(runtime, limits.maxFiles + 1);
  if (listing.truncated || listing.files.length > limits.maxFiles) {
    return { ok: false, reason: `the workspace has more than ${limits.maxFiles} files (the checkpoint limit): no checkpoint was taken; ignore bulky folders in .gitignore` };
  }
  const totalBytes = listing.files.reduce((sum, file) => sum + (file.sizeBytes ?? 0), 0);
  if (totalBytes > limits.maxBytes) {
    return {
      ok: false,
      reason: `the workspace's files hold ${formatMiB(totalBytes)}, more than the checkpoint limit of ${formatMiB(limits.maxBytes)}: no checkpoint was taken; ignore bulky files in .gitignore`,
    };
  }
  const previous = new Map<string, CheckpointFileState>((options.previous?.files ?? []).map((file) => [file.path, file]));
  const root = runtime.scope.root;
  const isContained = (realPath: string): boolean => runtime.scope.contains(realPath);
  let reusedFiles = 0;
  const captured = await mapConcurrent(listing.files, CHECKPOINT_CONCURRENCY, async (file): Promise<CheckpointManifestFile | null> => {
    const known = previous.get(file.path);
    if (known !== undefined && known.sizeBytes === file.sizeBytes && known.modifiedMs === file.modifiedMs && (await store.hasBlob(known.sha256, known.sizeBytes))) {
      reusedFiles += 1;
      return { path: file.path, ...known };
    }
    const state = await store.captureFile({ path: path.join(root, file.path), isContained, keep: true });
    return state === null ? null : { path: file.path, ...state };
  });
  const manifest: CheckpointManifest = {
    id: randomUUID(),
    runId: options.runId,
    workspaceRoot: root,
    createdAt: new Date(options.clock.now()).toISOString(),
    files: captured.filter((file): file is CheckpointManifestFile => file !== null),
  };
  await store.writeManifest(manifest);
  return { ok: true, manifest, reusedFiles };
}

function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MiB`;
}
