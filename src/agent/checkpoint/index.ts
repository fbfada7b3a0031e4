/**
 * Checkpoints: the workspace as it was before a run's first change
 * (content-addressed, incremental by size and mtime), what the run's
 * commands changed since, and `undo` back to it.
 */
export { CHECKPOINT_CONCURRENCY, DEFAULT_CHECKPOINT_LIMITS, MAX_CHECKPOINT_BYTES, MAX_CHECKPOINT_FILES } from './checkpoint-limits.js';
export type { CheckpointLimits } from './checkpoint-limits.js';
export { diffRunChanges } from './diff-run-changes.js';
export { listWorkspaceFiles } from './list-workspace-files.js';
export type { ListedFile, WorkspaceListing } from './list-workspace-files.js';
export { CheckpointSlot, RunCheckpoint } from './run-checkpoint.js';
export type { CheckpointHooks, RunChange, RunCheckpointOptions } from './run-checkpoint.js';
export { scanChanges } from './scan-changes.js';
export type { ScanChangesOptions, ScannedChange } from './scan-changes.js';
export { takeCheckpoint } from './take-checkpoint.js';
export type { TakeCheckpointOptions, TakeCheckpointResult } from './take-checkpoint.js';
export { undoLastRun } from './undo-last-run.js';
export type { UndoLastRunOptions, UndoLastRunResult } from './undo-last-run.js';
export { withCheckpoint, withCheckpointRuntime } from './with-checkpoint.js';
