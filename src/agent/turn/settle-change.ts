import { BrassError, type PatchJournal } from '../../core/index.js';
import type { AgentEvent, PatchFileSummary, RunFinalState } from '../events/agent-event.js';
import { runToolLoop, type ToolLoopResult } from '../loop/index.js';
import { type AppliedPatch, type Changeset, applyChangeset, keepApplied, rollbackApplied } from '../patch/index.js';
import type { AgentSession } from '../session/index.js';
import { runValidation, type ValidationCommandResult, type ValidationReport } from '../validation/index.js';
import { failedCommandTail } from '../../context/discovery/index.js';
import type { AgentAction, LlmMessage } from '../../core/index.js';

/** What settling a run's change produced. */
export interface SettledChange {
  state: RunFinalState;
  summary: string;
  isApplied: boolean;
  /** The whole change of every round (first attempt and repairs) against the files as they were before the run. */
  diff: string;
  files: PatchFileSummary[];
  /** Model turns spent on repairs, and their tokens. */
  repair: { steps: number; inputTokens: number; outputTokens: number; finalText: string | null };
  /** The transcript after the repair turns (the given one when there were none). */
  messages: LlmMessage[];
}

export interface SettleChangeOptions {
  session: AgentSession;
  changeset: Changeset;
  journal: PatchJournal;
  runId: string;
  /** `autonomous`: the mode itself is the consent to write; `write`: the patch is approved like any write. */
  isAutonomous: boolean;
  validationCommands: Parameters<typeof runValidation>[1];
  /** The transcript so far, for repair turns. */
  messages: LlmMessage[];
  repairTurns: number;
  /** What the repair loops may still spend. */
  budget: { maxSteps: number; maxTokens: number; maxOutputTokens: number };
  emit: (event: AgentEvent) => void;
  /** Redacts what events show of the commands' output. */
  redact: (text: string) => string;
  signal?: AbortSignal;
}

/**
 * Applies the run's changeset and makes it stick or undoes it: preview
 * (`patch.proposed`), apply through the runtime (journaled first, approved
 * per the mode and the approval setting), run validation, and on failure
 * give the model up to `repairTurns` turns to fix it (each fix is applied
 * the same way). When validation still fails, or the run is interrupted,
 * every applied patch is rolled back byte for byte.
 */
export async function settleChange(options: SettleChangeOptions): Promise<SettledChange> {
  const { session, changeset, emit } = options;
  const applied: AppliedPatch[] = [];
  const repair = { steps: 0, inputTokens: 0, outputTokens: 0, finalText: null as string | null };
  let messages = options.messages;

  const rollBack = async (reason: string): Promise<SettledChange> => {
    // Undoing what was approved needs no second approval: each rollback is granted once (deny rules still win).
    for (const patch of applied) await grantOnceIfAsked(session, { kind: 'patch.rollback', tool: 'edit_file', patchId: patch.patchId });
    for (const result of await rollbackApplied({ runtime: session.runtime, journal: options.journal, applied })) {
      emit({ type: 'patch.rolled_back', patchId: result.patchId, restored: result.restored, removed: result.removed });
    }
    return { state: 'rolled-back', summary: reason, isApplied: false, ...changeset.wholeChange(), repair, messages };
  };

  for (let round = 0; ; round++) {
    const diff = changeset.diff();
    emit({ type: 'patch.proposed', files: changeset.files(), diff });
    session.setApprovalDiff(diff);
    let patch: AppliedPatch;
    try {
      if (options.isAutonomous) await grantPatch(session, changeset);
      patch = await applyChangeset({ runtime: session.runtime, journal: options.journal, changeset, runId: options.runId });
    } catch (error) {
      session.setApprovalDiff(null);
      if (applied.length > 0) return rollBack(`the repair could not be applied (${messageOf(error)}); the change was rolled back`);
      if (BrassError.isInstance(error) && error.code === 'denied') {
        return { state: 'proposed', summary: `the patch was not applied: ${error.message}`, isApplied: false, ...changeset.wholeChange(), repair, messages };
      }
      return { state: 'failed', summary: `the patch could not be applied: ${messageOf(error)}`, isApplied: false, ...changeset.wholeChange(), repair, messages };
    }
    session.setApprovalDiff(null);
    applied.push(patch);
    emit({ type: 'patch.applied', patchId: patch.patchId, files: patch.files });
    changeset.rebase();

    if (options.signal?.aborted) return rollBack('the run was interrupted; the change was rolled back');
    if (options.validationCommands.length === 0) {
      await keepApplied({ journal: options.journal, applied });
      const change = changeset.wholeChange();
      return { state: 'applied', summary: `applied ${describeFiles(change.files)}; no validation command to run`, isApplied: true, ...change, repair, messages };
    }
    const report = await runValidation(session.runtime, options.validationCommands, options.signal);
    emit({ type: 'validation.completed', passed: report.passed, commands: report.commands.map((command) => validationEventCommand(command, options.redact)) });
    if (options.signal?.aborted) return rollBack('the run was interrupted; the change was rolled back');
    if (report.passed) {
      await keepApplied({ journal: options.journal, applied });
      const change = changeset.wholeChange();
      return { state: 'applied', summary: `applied ${describeFiles(change.files)}; validation passes`, isApplied: true, ...change, repair, messages };
    }
    if (round >= options.repairTurns) return rollBack(`validation still fails after ${options.repairTurns} repair turn(s); the change was rolled back`);

    const loop: ToolLoopResult = await runToolLoop({
      session,
      messages: [...messages, { role: 'user', content: repairRequest(report, round + 1, options.repairTurns) }],
      maxSteps: Math.max(1, options.budget.maxSteps - repair.steps),
      maxTokens: Math.max(1, options.budget.maxTokens - repair.inputTokens - repair.outputTokens),
      maxOutputTokens: options.budget.maxOutputTokens,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    messages = loop.messages;
    repair.steps += loop.steps;
    repair.inputTokens += loop.usage.inputTokens;
    repair.outputTokens += loop.usage.outputTokens;
    repair.finalText = loop.finalText;
    if (loop.stopReason === 'aborted') return rollBack('the run was interrupted; the change was rolled back');
    if (changeset.isEmpty()) return rollBack(`validation fails and the model made no further change${loop.error ? ` (${loop.error.message})` : ''}; the change was rolled back`);
  }
}

/** Autonomous mode: this exact patch is pre-approved once (deny rules and paths outside still refuse it). */
async function grantPatch(session: AgentSession, changeset: Changeset): Promise<void> {
  await grantOnceIfAsked(session, { kind: 'patch.apply', tool: 'edit_file', edits: changeset.toEdits() });
}

/** Grants one exact action once when it would ask only by default: never over a deny, an `ask` rule or a path outside. */
async function grantOnceIfAsked(session: AgentSession, action: AgentAction): Promise<void> {
  const check = await session.runtime.check(action);
  if (check.verdict.decision === 'ask' && check.outOfScope.length === 0 && !(check.verdict.needs?.rule ?? false)) session.grants.grantOnce(check.request);
}

/**
 * One command of a `validation.completed` event: a failed one carries its
 * output's last lines and a hint (the same as `discover` shows), redacted,
 * so a rolled-back run still says which errors remain (issue 18, item 4).
 * A command that could not run (denied) shows the reason it got as output.
 */
function validationEventCommand(command: ValidationCommandResult, redact: (text: string) => string): Extract<AgentEvent, { type: 'validation.completed' }>['commands'][number] {
  const tail = failedCommandTail({ ran: true, exitCode: command.exitCode, timedOut: command.timedOut, output: command.output });
  if (tail === null) return { name: command.name, exitCode: command.exitCode };
  return { name: command.name, exitCode: command.exitCode, outputTail: tail.lines.map(redact), ...(tail.hint === undefined ? {} : { hint: tail.hint }) };
}

function repairRequest(report: ValidationReport, round: number, total: number): string {
  const failing = report.commands.filter((command) => command.exitCode !== 0);
  const outputs = failing.map((command) => `\`${command.command}\` (exit ${command.exitCode ?? 'none'}${command.timedOut ? ', timed out' : ''}):\n${command.output}`);
  return [
    `Your change was applied, but validation fails (repair turn ${round} of ${total}). Fix it with further edits; if you cannot, say so and stop.`,
    ...outputs,
  ].join('\n\n');
}

function describeFiles(files: readonly PatchFileSummary[]): string {
  return files.length === 1 ? files[0]!.path : `${files.length} files`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
