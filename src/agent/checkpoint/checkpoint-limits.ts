/** A workspace with more files than this gets no checkpoint (the run goes on; `undo` is unavailable for it). */
export const MAX_CHECKPOINT_FILES = 200_000;
/** A workspace whose files together hold more bytes than this gets no checkpoint: 1 GiB. */
export const MAX_CHECKPOINT_BYTES = 1024 * 1024 * 1024;
/** Files hashed (and stored) at once while taking a checkpoint or scanning for changes. */
export const CHECKPOINT_CONCURRENCY = 16;

/** The bounds of one checkpoint; tests pass smaller ones. */
export interface CheckpointLimits {
  maxFiles: number;
  maxBytes: number;
}

/** The default bounds: MAX_CHECKPOINT_FILES and MAX_CHECKPOINT_BYTES. */
export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = { maxFiles: MAX_CHECKPOINT_FILES, maxBytes: MAX_CHECKPOINT_BYTES };
