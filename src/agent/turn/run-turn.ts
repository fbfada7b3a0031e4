import type { LlmMessage, PatchJournal, Runtime } from '../../core/index.js';
import { type RunCheckpoint, diffRunChanges, undoLastRun } from '../checkpoint/index.js';
import type { AgentEvent, AgentMode, PatchFileSummary, RunFinalState } from '../events/agent-event.js';
import { runToolLoop, type ToolLoopStopReason } from '../loop/index.js';
import { comparePaths, shownDiffText } from '../patch/file-diff.js';
import type { Changeset } from '../patch/index.js';
import type { AgentSession } from '../session/index.js';
import type { ValidationCommandSpec } from '../validation/index.js';
import { settleChange } from './settle-change.js';

/** The end of a summary that says nothing changed: not true once a command changed files. */
const NOTHING_CHANGED_PATTERN = /(; no file was changed|; nothing was written|: nothing was changed)$/;

/** What one turn needs: the session and its change so far, the new transcript, and how to settle. */
export interface RunTurnOptions {
  session: AgentSession;
  /** The change of the run (or of a chat session so far, across turns). */
  changeset: Changeset;
  /** This turn's checkpoint (taken before its first change), or null. */
  checkpoint: RunCheckpoint | null;
  /** Lists, reads and restores the workspace for the checkpoint (not the session's gated runtime). */
  baseRuntime: Runtime;
  mode: AgentMode;
  journal: PatchJournal;
  /** Names the turn in the journal and the checkpoint. */
  runId: string;
  /** The transcript, ending with the person's new message. */
  messages: readonly LlmMessage[];
  /** False: no model call; the changeset as it is (a reviewed patch) is settled. */
  isModelTurn: boolean;
  validationCommands: readonly ValidationCommandSpec[];
  repairTurns: number;
  budget: { maxSteps: number; maxTokens: number; maxOutputTokens: number };
  emit: (event: AgentEvent) => void;
  redact: (text: string) => string;
  signal?: AbortSignal;
}

/** How a turn ended. */
export interface TurnResult {
  state: RunFinalState;
  summary: string;
  /** Why the model loop stopped (null without a model turn). */
  loopStop: ToolLoopStopReason | null;
  finalText: string;
  /** The transcript after the turn: the given messages, the model's turns, tool results and repairs. */
  messages: LlmMessage[];
  steps: number;
  usage: { inputTokens: number; outputTokens: number };
  /** The change as a redacted diff (what may be shown), its real bytes, and its files. */
  diff: string;
  patch: string;
  files: PatchFileSummary[];
  isApplied: boolean;
}

/**
 * One turn of the agent, shared by `run` (one turn) and the session engine
 * (one per message): the tool-use loop on the transcript, then the change
 * settled by the mode — nothing (read-only), shown (`propose`), or applied,
 * validated, repaired and kept or rolled back (`write`, `autonomous`) —
 * and what the turn's commands changed besides its patches added to the
 * change (restored with a rollback). Never throws for a model, tool or
 * validation failure: `state` says how it ended.
 */
export async function runTurn(options: RunTurnOptions): Promise<TurnResult> {
  const { session, changeset, mode, emit } = options;
  const usage = { inputTokens: 0, outputTokens: 0 };
  let steps = 0;
  let finalText = '';
  let messages: LlmMessage[] = [...options.messages];
  let loopStop: ToolLoopStopReason | null = null;

  const finish = async (state: RunFinalState, summary: string, extra: Partial<TurnResult> = {}): Promise<TurnResult> => {
    const change = await withTurnCommandChanges(options, state, { summary, files: extra.files ?? changeset.files(), diff: extra.diff ?? '', patch: extra.patch ?? '' });
    return { state, loopStop, finalText, messages, steps, usage, isApplied: extra.isApplied ?? false, ...change };
  };

  if (options.isModelTurn) {
    const loop = await runToolLoop({
      session,
      messages,
      maxSteps: options.budget.maxSteps,
      maxTokens: options.budget.maxTokens,
      maxOutputTokens: options.budget.maxOutputTokens,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    messages = loop.messages;
    loopStop = loop.stopReason;
    steps += loop.steps;
    usage.inputTokens += loop.usage.inputTokens;
    usage.outputTokens += loop.usage.outputTokens;
    finalText = loop.finalText;
    if (loop.stopReason !== 'done') {
      const why = loop.stopReason === 'llm-error' ? (loop.error?.message ?? 'the model request failed') : stopReasonText(loop.stopReason, options.budget);
      return finish('failed', `${why}; nothing was written`, { diff: changeset.diff(), patch: changeset.patchText() });
    }
  }

  if (changeset.isEmpty()) return finish('completed', mode === 'read-only' ? 'finished; read-only mode: nothing was changed' : 'finished; no file was changed');
  if (mode === 'read-only' || mode === 'propose') {
    const diff = changeset.diff();
    emit({ type: 'patch.proposed', files: changeset.files(), diff });
    return finish('proposed', `proposed a change to ${changeset.files().length} file(s); nothing was written (run with --mode write to apply it)`, { diff, patch: changeset.patchText() });
  }

  const settled = await settleChange({
    session,
    changeset,
    journal: options.journal,
    runId: options.runId,
    isAutonomous: mode === 'autonomous',
    validationCommands: options.validationCommands,
    messages,
    repairTurns: options.repairTurns,
    budget: {
      maxSteps: Math.max(1, options.budget.maxSteps - steps),
      maxTokens: Math.max(1, options.budget.maxTokens - usage.inputTokens - usage.outputTokens),
      maxOutputTokens: options.budget.maxOutputTokens,
    },
    emit,
    redact: options.redact,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  steps += settled.repair.steps;
  usage.inputTokens += settled.repair.inputTokens;
  usage.outputTokens += settled.repair.outputTokens;
  if (settled.repair.finalText !== null) finalText = settled.repair.finalText;
  messages = settled.messages;
  return finish(settled.state, settled.summary, { diff: settled.diff, patch: changeset.wholeChange().patch, files: settled.files, isApplied: settled.isApplied });
}

/**
 * The end of a turn (or a run without one, e.g. a dry run after discovery's
 * commands): the checkpoint records it for `undo`, the files its commands
 * changed join the change, and with a rollback they are restored too; the
 * summary says so.
 */
export async function withTurnCommandChanges(
  options: Pick<RunTurnOptions, 'checkpoint' | 'baseRuntime' | 'emit' | 'redact'>,
  state: RunFinalState,
  change: { summary: string; files: PatchFileSummary[]; diff: string; patch: string },
): Promise<{ summary: string; files: PatchFileSummary[]; diff: string; patch: string }> {
  const { checkpoint, emit, redact } = options;
  const warn = (message: string): void => emit({ type: 'warning', message: redact(message) });
  const withCommands = await withCommandChanges(checkpoint, change, redact, warn);
  let summary = change.summary;
  if (state === 'rolled-back' && withCommands.commandFiles > 0 && checkpoint !== null) {
    // A rollback restores the whole turn: what its commands changed returns to the checkpoint like its patches.
    summary = `${summary}; ${await restoreCommandChanges(checkpoint, options.baseRuntime, emit, warn)}`;
  } else if (withCommands.commandFiles > 0) summary = `${summary.replace(NOTHING_CHANGED_PATTERN, '')}; the run's commands changed ${withCommands.commandFiles} file(s) (\`brass-agent undo\` restores them)`;
  return { summary, files: withCommands.files, diff: withCommands.diff, patch: withCommands.patch };
}

/**
 * The change with what the turn's commands changed besides its patches:
 * the checkpoint records the turn's end (for `undo`), and every file that
 * differs from the checkpoint and is not one of the patch's files joins
 * `files` and `diff`. A store that fails here costs a warning, not the turn.
 */
async function withCommandChanges(
  checkpoint: RunCheckpoint | null,
  change: { files: PatchFileSummary[]; diff: string; patch: string },
  redact: (text: string) => string,
  warn: (message: string) => void,
): Promise<{ files: PatchFileSummary[]; diff: string; patch: string; commandFiles: number }> {
  if (checkpoint === null) return { ...change, commandFiles: 0 };
  const patchPaths = new Set(change.files.map((file) => file.path));
  const others = (await checkpoint.finish()).filter((item) => !patchPaths.has(item.path));
  if (others.length === 0) return { ...change, commandFiles: 0 };
  try {
    const diffs = await diffRunChanges(checkpoint.store, others, redact);
    return {
      files: [...change.files, ...diffs.map((diff) => diff.summary)].sort((left, right) => comparePaths(left.path, right.path)),
      diff: change.diff + diffs.map(shownDiffText).join(''),
      patch: change.patch + diffs.map((diff) => diff.text).join(''),
      commandFiles: others.length,
    };
  } catch (error) {
    warn(`the diff of the files the run's commands changed is unavailable: ${error instanceof Error ? error.message : String(error)}`);
    const summaries = others.map((item) => ({ path: item.path, status: item.status, additions: 0, deletions: 0 }));
    return { files: [...change.files, ...summaries].sort((left, right) => comparePaths(left.path, right.path)), diff: change.diff, patch: change.patch, commandFiles: others.length };
  }
}

/** After a rollback: the files the turn's commands changed, back to the checkpoint (undo's restore; it marks the run undone). */
async function restoreCommandChanges(checkpoint: RunCheckpoint, runtime: Runtime, emit: (event: AgentEvent) => void, warn: (message: string) => void): Promise<string> {
  try {
    const result = await undoLastRun({ store: checkpoint.store, runtime });
    if (result.kind === 'restored') {
      emit({ type: 'checkpoint.restored', restored: result.restored });
      return `the ${result.restored.length} file(s) its commands changed were restored from the checkpoint`;
    }
    if (result.kind === 'conflict') return `files its commands changed were edited meanwhile and were left as they are (${result.conflicts.join(', ')}); \`brass-agent undo --force\` restores them`;
    return 'its commands changed nothing left to restore';
  } catch (error) {
    warn(`the files the run's commands changed could not be restored: ${error instanceof Error ? error.message : String(error)}`);
    return 'the files its commands changed were not restored (`brass-agent undo` may)';
  }
}

function stopReasonText(reason: ToolLoopStopReason, budget: { maxSteps: number; maxTokens: number }): string {
  if (reason === 'repeated-calls') return 'stopped: the model kept repeating the same tool calls';
  if (reason === 'max-steps') return `stopped after ${budget.maxSteps} model turns (agent.maxSteps)`;
  if (reason === 'max-tokens') return `stopped: the token budget of ${budget.maxTokens} (agent.maxTokens) is used up`;
  return 'the run was interrupted';
}
