/**
 * The PatchJournal service: a durable record, outside the workspace (the
 * user's state directory), of every file a run is about to change and what
 * it held before. It is written and flushed before the first byte of a patch
 * is written, so `brass-agent rollback --last` can restore the snapshot even
 * after the process was killed half-way.
 */

/** One file of a journaled patch. */
export interface JournaledFile {
  /** Workspace-relative, forward slashes. */
  path: string;
  /** The content before the patch; null when the patch creates the file. */
  before: string | null;
  /** The content the patch writes; null when the patch deletes the file. */
  after: string | null;
}

/** `applying`: writing started (any file may hold `before` or `after`); `applied`: every file holds `after`. */
export type JournalState = 'applying' | 'applied' | 'rolled-back' | 'kept';

export interface JournalEntry {
  /** Unique per patch application (a run may apply several: its repair turns). */
  id: string;
  /** The run it belongs to. */
  runId: string;
  /** Absolute real path of the workspace root. */
  workspaceRoot: string;
  /** ISO time the entry was created. */
  createdAt: string;
  state: JournalState;
  files: JournaledFile[];
}

export interface PatchJournal {
  /** Records a patch before any of it is written; resolves only once it is durable (fsync). */
  begin(entry: JournalEntry): Promise<void>;
  /** Moves an entry to a new state, durably. */
  setState(id: string, state: JournalState): Promise<void>;
  /**
   * The entries of a workspace that may still be rolled back (`applying` or
   * `applied`), newest first.
   */
  pending(workspaceRoot: string): Promise<JournalEntry[]>;
}
