import { randomUUID } from 'node:crypto';
import {
  BrassError,
  type Clock,
  type JournalEntry,
  type PatchJournal,
  type PatchRollbackResult,
  type Runtime,
  systemClock,
} from '../../core/index.js';
import type { PatchFileSummary } from '../events/agent-event.js';
import type { Changeset } from './changeset.js';
import { holds, readCurrentContent } from './read-current-content.js';

/** The agent tool patches are applied and rolled back for (permission rules see it). */
const EDIT_TOOL = 'edit_file';
/** Failures after which the runtime may still be writing in the background (its deadline does not stop a write). */
const STILL_RUNNING_CODES = new Set(['timeout', 'aborted']);
const RECOVERY_HINT = 'run `brass-agent rollback --last` to restore the files';

/** The last journal time handed out per clock (the system clock is one object for the whole process). */
const lastStamps = new WeakMap<Clock, number>();

/**
 * The journal orders a workspace's patches by time, newest first: a repair
 * applied within the same millisecond as the patch it repairs must still
 * sort after it, so the times a clock hands out here only go up.
 */
function nextStamp(clock: Clock): number {
  const stamp = Math.max(clock.now(), (lastStamps.get(clock) ?? Number.NEGATIVE_INFINITY) + 1);
  lastStamps.set(clock, stamp);
  return stamp;
}

/** One applied changeset: its id in the runtime's patch store, its journal entry, what it changed. */
export interface AppliedPatch {
  patchId: string;
  journalId: string;
  files: PatchFileSummary[];
}

/** What `applyChangeset` needs. */
export interface ApplyChangesetOptions {
  /** The runtime that applies (and later rolls back) the patch. */
  runtime: Runtime;
  journal: PatchJournal;
  changeset: Changeset;
  /** The run the patch belongs to (recorded in the journal). */
  runId: string;
  /** Dates the journal entry; default the system clock. */
  clock?: Clock;
}

/**
 * Applies a changeset as one patch. The journal entry (state `applying`,
 * every file's original and new content) is written and flushed first, so
 * `brass-agent rollback --last` can restore the files even if the process
 * dies half-way; then the runtime applies the patch (atomic writes, each
 * file expected to still hold its original); then the entry becomes
 * `applied`. Call `changeset.rebase()` afterwards to start the next round.
 *
 * Throws BrassError: `invalid-input` for an empty changeset, the journal's
 * error when it cannot record the patch (nothing is written then), or the
 * runtime's code (`conflict`, `denied`, …) with its message when the patch
 * fails; the runtime has then restored what it wrote and the entry is
 * `rolled-back` (left `applying`, with a hint, when that cannot be confirmed).
 *
 * @example
 * const applied = await applyChangeset({ runtime, journal, changeset, runId });
 * changeset.rebase();
 */
export async function applyChangeset(options: ApplyChangesetOptions): Promise<AppliedPatch> {
  const { runtime, journal, changeset } = options;
  const edits = changeset.toEdits();
  if (edits.length === 0) throw new BrassError('invalid-input', 'the changeset changes no file: there is nothing to apply');
  const files = changeset.files();
  const entry: JournalEntry = {
    id: randomUUID(),
    runId: options.runId,
    workspaceRoot: runtime.scope.root,
    createdAt: new Date(nextStamp(options.clock ?? systemClock)).toISOString(),
    state: 'applying',
    files: edits.map((edit) => ({ path: edit.path, before: edit.expectedContent ?? null, after: edit.content })),
  };
  await journal.begin(entry);
  // No abort signal: a patch stopped half-way is worse than one that finishes; callers check their signal after.
  const observation = await runtime.execute({ kind: 'patch.apply', tool: EDIT_TOOL, edits });
  if (!observation.ok) {
    const { code, message } = observation.error;
    // A denied patch never reached the files; otherwise the runtime restored what it wrote: check that it did.
    if (code === 'denied' || (!STILL_RUNNING_CODES.has(code) && !(await holdsAnyNewContent(runtime, entry)))) {
      await journal.setState(entry.id, 'rolled-back');
      throw new BrassError(code, message);
    }
    throw new BrassError(code, `${message}; some files may hold the new content: ${RECOVERY_HINT}`);
  }
  await journal.setState(entry.id, 'applied');
  return { patchId: observation.value.patchId, journalId: entry.id, files };
}

/**
 * Whether any file of a failed patch still holds what the patch wrote (the
 * runtime restores its writes on failure; this confirms it). A file edited
 * by someone else, the usual conflict, holds neither side and does not count.
 */
async function holdsAnyNewContent(runtime: Runtime, entry: JournalEntry): Promise<boolean> {
  for (const file of entry.files) {
    if (holds(await readCurrentContent(runtime, file.path), file.after)) return true;
  }
  return false;
}

/** What `rollbackApplied` and `keepApplied` need. */
export interface SettleAppliedOptions {
  /** The runtime that applied the patches (its patch store holds their snapshots). */
  runtime: Runtime;
  journal: PatchJournal;
  /** The run's applied patches, in the order they were applied. */
  applied: readonly AppliedPatch[];
}

/**
 * Rolls back applied patches byte for byte, newest first (a repair's patch
 * before the patch it repaired), and marks each journal entry `rolled-back`.
 * Returns what each rollback restored and removed, in rollback order.
 *
 * Throws BrassError with the runtime's code when a rollback fails; the
 * patches not yet rolled back stay pending in the journal.
 */
export async function rollbackApplied(options: SettleAppliedOptions): Promise<PatchRollbackResult[]> {
  const results: PatchRollbackResult[] = [];
  for (const patch of [...options.applied].reverse()) {
    const observation = await options.runtime.execute({ kind: 'patch.rollback', tool: EDIT_TOOL, patchId: patch.patchId });
    if (!observation.ok) throw new BrassError(observation.error.code, `rolling back the patch failed: ${observation.error.message}; ${RECOVERY_HINT}`);
    await options.journal.setState(patch.journalId, 'rolled-back');
    results.push(observation.value);
  }
  return results;
}

/** Marks applied patches `kept`: the run is done with them and `rollback --last` no longer offers them. */
export async function keepApplied(options: Pick<SettleAppliedOptions, 'journal' | 'applied'>): Promise<void> {
  for (const patch of options.applied) await options.journal.setState(patch.journalId, 'kept');
}
