import { BrassError, InvalidInputError, type JournalEntry, type PatchEdit, type PatchJournal, type Runtime } from '../../core/index.js';
import { type CurrentContent, holds, readCurrentContent } from './read-current-content.js';

/** The agent tool a journal rollback reads and writes for (permission rules see it). */
const EDIT_TOOL = 'edit_file';

/** What `rollbackLast` needs. */
export interface RollbackLastOptions {
  /** A runtime scoped to the workspace the entry belongs to. */
  runtime: Runtime;
  journal: PatchJournal;
  /** Absolute real path of the workspace root (the runtime's scope root). */
  workspaceRoot: string;
  /** Restore the snapshot even over files edited since the patch was applied. */
  force?: boolean;
}

/** What `rollbackLast` did. */
export interface RollbackLastResult {
  /** The journal entry that was rolled back (now `rolled-back`). */
  entry: JournalEntry;
  /** Files written back to their content before the patch. */
  restored: string[];
  /** Files the patch created, removed. */
  removed: string[];
  /** Files that already held their content before the patch (the patch never reached them). */
  unchanged: string[];
  /** Entries of the workspace still pending after this one (an earlier patch of the run): run it again for each. */
  remaining: number;
}

/**
 * `brass-agent rollback --last`: restores the newest pending patch of a
 * workspace from the journal, which works even after the process that
 * applied it was killed (its in-memory snapshots are gone, the journal is
 * not). Each file holding the patch's new content (or, after a crash
 * half-way, still its old content) gets its old content back; a file the
 * patch created is removed. A file holding anything else was edited since:
 * the whole rollback is refused, naming those files, unless `force`. The
 * restore is one patch through the runtime (atomic writes; each file must
 * still hold what was just read), then the entry is marked `rolled-back`.
 *
 * Throws BrassError `not-found` when nothing is pending, `conflict` for
 * files edited since, or the runtime's code when writing fails (nothing
 * is restored then).
 *
 * @example
 * const result = await rollbackLast({ runtime, journal, workspaceRoot: runtime.scope.root });
 * console.log(`restored ${result.restored.length} file(s)`);
 */
export async function rollbackLast(options: RollbackLastOptions): Promise<RollbackLastResult> {
  const { runtime, journal, workspaceRoot } = options;
  if (workspaceRoot !== runtime.scope.root) throw new InvalidInputError('workspaceRoot', `${workspaceRoot} is not the runtime's workspace (${runtime.scope.root})`);
  const pending = await journal.pending(workspaceRoot);
  const entry = pending[0];
  if (entry === undefined) throw new BrassError('not-found', `nothing to roll back in ${workspaceRoot}`);

  const edits: PatchEdit[] = [];
  const unchanged: string[] = [];
  const editedSince: string[] = [];
  for (const file of entry.files) {
    const current = await readCurrentContent(runtime, file.path, EDIT_TOOL);
    if (holds(current, file.before)) unchanged.push(file.path);
    else if (holds(current, file.after) || options.force === true) edits.push({ path: file.path, content: file.before, ...expectation(current) });
    else editedSince.push(current.kind === 'unreadable' ? `${file.path} (${current.reason})` : file.path);
  }
  if (editedSince.length > 0) {
    throw new BrassError('conflict', `cannot roll back the last patch: ${editedSince.join(', ')} changed since it was applied; nothing was restored`, {
      hint: 'rerun with --force to restore the snapshot over those changes',
    });
  }
  if (edits.length > 0) {
    const observation = await runtime.execute({ kind: 'patch.apply', tool: EDIT_TOOL, edits });
    if (!observation.ok) throw new BrassError(observation.error.code, `rolling back the last patch failed: ${observation.error.message}; nothing was restored`);
  }
  await journal.setState(entry.id, 'rolled-back');
  return {
    entry: { ...entry, state: 'rolled-back' },
    restored: edits.filter((edit) => edit.content !== null).map((edit) => edit.path),
    removed: edits.filter((edit) => edit.content === null).map((edit) => edit.path),
    unchanged,
    remaining: pending.length - 1,
  };
}

/** The file must still hold what was just read, so an edit made meanwhile is not overwritten. */
function expectation(current: CurrentContent): Pick<PatchEdit, 'expectedContent'> {
  if (current.kind === 'text') return { expectedContent: current.content };
  if (current.kind === 'missing') return { expectedContent: null };
  return {};
}
