import path from 'node:path';
import { type CheckpointFileState, type CheckpointStore, type Clock, type RunFileChange, type Runtime, systemClock } from '../../core/index.js';
import { DEFAULT_CHECKPOINT_LIMITS } from './checkpoint-limits.js';
import { scanChanges } from './scan-changes.js';

/** What `undoLastRun` needs. */
export interface UndoLastRunOptions {
  store: CheckpointStore;
  /** A runtime scoped to the workspace (its root names the workspace in the store). */
  runtime: Runtime;
  /** Restore even files changed since the run ended. */
  force?: boolean;
  clock?: Clock;
}

/** What `undoLastRun` did. */
export type UndoLastRunResult =
  /** Nothing to undo: no run took a checkpoint here, it changed nothing, or it was undone already. */
  | { kind: 'nothing'; reason: string }
  /** Refused: these files changed since the run ended; nothing was restored. */
  | { kind: 'conflict'; runId: string; conflicts: string[] }
  /** Every file the run changed holds its checkpoint content again (written back, re-created or removed). */
  | { kind: 'restored'; runId: string; restored: string[]; isRecordComplete: boolean };

/**
 * `brass-agent undo`: returns the files the workspace's last run changed
 * (its patches and its commands' side effects alike, a kept run included)
 * to the checkpoint taken before the run's first change. Each such file
 * must still hold what the run left; one changed since is a conflict and
 * nothing is restored, unless `force`. Files the run never touched are
 * left as they are. Every blob is read and verified before the first
 * write, so a damaged store restores nothing; writes are atomic and carry
 * the checkpoint's mode. A run that died before it ended has no record of
 * what it left: every file that differs from its checkpoint is restored
 * (`isRecordComplete` false). The record is then marked undone, so a
 * second undo finds nothing.
 *
 * Throws BrassError `checkpoint-corrupt` for a damaged store, or the
 * store's and the file adapters' errors when a write fails.
 *
 * @example
 * const result = await undoLastRun({ store, runtime: workspace.runtime });
 * if (result.kind === 'conflict') console.error(result.conflicts.join(', '));
 */
export async function undoLastRun(options: UndoLastRunOptions): Promise<UndoLastRunResult> {
  const { store, runtime } = options;
  const root = runtime.scope.root;
  const record = await store.readLastRun(root);
  if (record === null) return { kind: 'nothing', reason: 'no run of this workspace took a checkpoint' };
  if (record.undoneAt !== null) return { kind: 'nothing', reason: `the last run (${record.runId}) was undone already` };
  const isRecordComplete = record.changes !== null;
  const changes = record.changes ?? (await changesSinceCheckpoint(store, runtime, record.checkpointId));
  const isContained = (realPath: string): boolean => runtime.scope.contains(realPath);
  const current = new Map<string, CheckpointFileState | null>();
  for (const change of changes) current.set(change.path, await store.captureFile({ path: path.join(root, change.path), isContained, keep: false }));

  const holds = (state: CheckpointFileState | null | undefined, ref: RunFileChange['after']): boolean =>
    ref === null ? state === null || state === undefined : state !== null && state !== undefined && state.sha256 === ref.sha256;
  const pending = changes.filter((change) => !(holds(current.get(change.path), change.before) && (change.before === null || current.get(change.path)?.mode === change.before.mode)));
  const conflicts = pending.filter((change) => !holds(current.get(change.path), change.after)).map((change) => change.path);
  if (conflicts.length > 0 && options.force !== true) return { kind: 'conflict', runId: record.runId, conflicts };

  // Verify every blob before the first write: a damaged store must not leave a half-restored tree.
  const contents = new Map<string, Uint8Array>();
  for (const change of pending) if (change.before !== null) contents.set(change.path, await store.readBlob(change.before.sha256));
  for (const change of pending) {
    const target = path.join(root, change.path);
    if (change.before === null) await store.removeFile({ path: target, isContained });
    else await store.restoreFile({ path: target, content: contents.get(change.path)!, mode: change.before.mode, isContained });
  }
  await store.writeLastRun({ ...record, undoneAt: new Date((options.clock ?? systemClock).now()).toISOString() });
  if (changes.length === 0) return { kind: 'nothing', reason: `the last run (${record.runId}) changed no file` };
  return { kind: 'restored', runId: record.runId, restored: pending.map((change) => change.path), isRecordComplete };
}

/** For a run that died before it ended: every file that differs from its checkpoint, as the run's change. */
async function changesSinceCheckpoint(store: CheckpointStore, runtime: Runtime, checkpointId: string): Promise<RunFileChange[]> {
  const manifest = await store.readManifest(runtime.scope.root, checkpointId);
  const known = new Map<string, CheckpointFileState>(manifest.files.map((file) => [file.path, file]));
  const scanned = await scanChanges({ store, runtime, known, maxEntries: DEFAULT_CHECKPOINT_LIMITS.maxFiles + 1 });
  return scanned.map((change) => ({
    path: change.path,
    before: change.before === null ? null : { sha256: change.before.sha256, mode: change.before.mode },
    after: change.after === null ? null : { sha256: change.after.sha256, mode: change.after.mode },
  }));
}
