import { randomUUID } from 'node:crypto';
import { createRuntime, type Runtime } from '../../core/index.js';
import { discoverContext, type DiscoveryResult, type ValidationCommand } from '../../context/discovery/index.js';
import { RunCheckpoint, diffRunChanges, undoLastRun, withCheckpoint, withCheckpointRuntime } from '../checkpoint/index.js';
import type { AgentEvent, PatchFileSummary, RunFinalState } from '../events/agent-event.js';
import { comparePaths, shownDiffText } from '../patch/file-diff.js';
import { runToolLoop, type ToolLoopResult } from '../loop/index.js';
import { Changeset, changesetFromPatchFile } from '../patch/index.js';
import { createAgentSession } from '../session/index.js';
import { buildFirstMessage } from './build-first-message.js';
import type { RunAgentOptions, RunAgentResult } from './run-types.js';
import { settleChange } from './settle-change.js';

/** The end of a summary that says nothing changed: not true once a command changed files. */
const NOTHING_CHANGED_PATTERN = /(; no file was changed|; nothing was written|: nothing was changed)$/;

/**
 * One agent run, as `brass-agent run` does it: discovery (validation
 * commands, signals, the files read), a session whose system prompt holds
 * guidance, scoped context, the nested-context manifest, docs regions and
 * the tools, and a first message with the goal and what discovery found;
 * then the tool-use loop; then the change is settled by the mode: shown
 * (`propose`), or applied, validated, repaired and kept or rolled back
 * (`write`, `autonomous`). Every event goes to the environment's `onEvent`
 * as it happens. Never throws for a model, tool or validation failure: the
 * result's `state` says how it ended. Throws InvalidInputError for a
 * selection that names an unknown agent, flow or step.
 */
export async function runAgent(options: RunAgentOptions): Promise<RunAgentResult> {
  const runId = options.runId ?? randomUUID();
  const events: AgentEvent[] = [];
  const emit = (event: AgentEvent): void => {
    events.push(event);
    options.environment.onEvent(event);
  };
  try {
    return await runAgentEmitting(options, runId, events, emit);
  } catch (error) {
    // A run that started always ends in the event stream, even when it stops on bad input (e.g. a stale patch file).
    if (events.length > 0 && events.at(-1)?.type !== 'run.finished') {
      const message = options.environment.redactor.redact(error instanceof Error ? error.message : String(error)).text;
      emit({ type: 'run.finished', state: 'failed', summary: message.split('\n')[0] ?? message, steps: 0, inputTokens: 0, outputTokens: 0, files: [] });
    }
    throw error;
  }
}

async function runAgentEmitting(options: RunAgentOptions, runId: string, events: AgentEvent[], emit: (event: AgentEvent) => void): Promise<RunAgentResult> {
  const { environment, mode } = options;
  const redact = (text: string): string => environment.redactor.redact(text).text;
  const baseRuntime = createRuntime({
    services: environment.services,
    scope: environment.scope,
    shellParser: environment.shellParser,
    limits: environment.limits,
    ...(environment.env['PATH'] === undefined ? {} : { programSearchPath: environment.env['PATH'] }),
  });
  const { config } = environment;
  const llm = config.llm;

  emit({
    type: 'run.started',
    runId,
    goal: redact(options.goal),
    mode,
    approval: environment.approval,
    provider: llm.provider ?? 'none',
    model: llm.model ?? 'none',
    workspace: environment.scope.root,
  });

  // Taken before the run's first change, discovery's validation commands included (a test run may write files too).
  const checkpoint =
    options.checkpoints === undefined || options.checkpoints === null
      ? null
      : new RunCheckpoint({ store: options.checkpoints, runtime: baseRuntime, runId, clock: environment.services.clock, emit, redact });
  const createCommandRuntime = options.discovery.createCommandRuntime;
  const isPatchFile = options.patchText !== undefined;
  // A reviewed patch is validated like any applied change: discovery finds the validation commands, without running them or reading for a model.
  const discovery: DiscoveryResult = await discoverContext({
    runtime: baseRuntime,
    config,
    goal: options.goal,
    run: isPatchFile ? false : (options.discovery.run ?? true),
    ...(isPatchFile ? { useGoalRanking: false } : {}),
    createCommandRuntime: (planned) => {
      const commandRuntime = createCommandRuntime?.(planned) ?? baseRuntime;
      return checkpoint === null ? commandRuntime : withCheckpointRuntime(commandRuntime, checkpoint);
    },
    ...(options.discovery.retrievalCache && !isPatchFile ? { retrievalCache: options.discovery.retrievalCache } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    redact,
  });
  for (const warning of discovery.warnings) emit({ type: 'warning', message: redact(warning) });
  emit({
    type: 'discovery.completed',
    files: discovery.files.map((file) => ({ path: redact(file.path), reason: file.reason })),
    commands: discovery.commands.map((command) => ({ name: command.name, ran: command.ran, exitCode: command.exitCode })),
  });
  const validationCommands = discovery.commands.filter((command) => command.ran || command.problem === undefined).map(toRunnable);

  // Diffs are shown, sent in events and saved: redacted knowing the whole files (issue 15, item 14).
  const changeset = new Changeset(baseRuntime, { redact });
  const services = checkpoint === null ? environment.services : withCheckpoint(environment.services, checkpoint);
  const session = await createAgentSession({ ...environment, services, validationCommands }, { mode, name: 'main', edits: changeset, ...(options.selection ? { selection: options.selection } : {}) });
  for (const warning of session.contextSession.warnings) emit({ type: 'warning', message: redact(warning) });
  const firstMessage = redact(buildFirstMessage(options.goal, isPatchFile ? null : discovery));

  const usage = { inputTokens: 0, outputTokens: 0 };
  let steps = 0;
  let finalText = '';
  const finish = async (state: RunFinalState, summary: string, extra: Partial<RunAgentResult> = {}): Promise<RunAgentResult> => {
    const change = await withCommandChanges(checkpoint, { files: extra.files ?? changeset.files(), diff: extra.diff ?? '', patch: extra.patch ?? '' }, redact, (message) =>
      emit({ type: 'warning', message: redact(message) }),
    );
    const { files, diff, patch } = change;
    if (state === 'rolled-back' && change.commandFiles > 0 && checkpoint !== null) {
      // A rollback restores the whole run: what its commands changed returns to the checkpoint like its patches.
      summary = `${summary}; ${await restoreCommandChanges(checkpoint, baseRuntime, emit, (message) => emit({ type: 'warning', message: redact(message) }))}`;
    } else if (change.commandFiles > 0) summary = `${summary.replace(NOTHING_CHANGED_PATTERN, '')}; the run's commands changed ${change.commandFiles} file(s) (\`brass-agent undo\` restores them)`;
    emit({ type: 'run.finished', state, summary, steps, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, files });
    return {
      runId,
      state,
      summary,
      finalText,
      isApplied: extra.isApplied ?? false,
      steps,
      usage,
      events,
      prompt: { system: session.systemPrompt, firstMessage },
      ...extra,
      diff,
      patch,
      files,
    };
  };

  if (options.dryRun === true) {
    return finish('completed', 'dry run: the prompt was built; no model was called', { files: [] });
  }

  let messages = [{ role: 'user' as const, content: firstMessage }];
  if (options.patchText === undefined) {
    const loop = await runToolLoop({
      session,
      messages,
      maxSteps: config.agent.maxSteps,
      maxTokens: config.agent.maxTokens,
      maxOutputTokens: llm.maxOutputTokens,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    messages = loop.messages as typeof messages;
    steps += loop.steps;
    usage.inputTokens += loop.usage.inputTokens;
    usage.outputTokens += loop.usage.outputTokens;
    finalText = loop.finalText;
    if (loop.stopReason !== 'done') {
      const why = loop.stopReason === 'llm-error' ? (loop.error?.message ?? 'the model request failed') : stopReasonText(loop.stopReason, config.agent);
      return finish('failed', `${why}; nothing was written`, { diff: changeset.diff(), patch: changeset.patchText() });
    }
  } else {
    const fromFile = await changesetFromPatchFile(baseRuntime, options.patchText);
    for (const edit of fromFile.toEdits()) await changeset.write(edit.path, edit.content);
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
    runId,
    isAutonomous: mode === 'autonomous',
    validationCommands,
    messages,
    repairTurns: options.patchText === undefined ? config.agent.repairTurns : 0,
    budget: { maxSteps: Math.max(1, config.agent.maxSteps - steps), maxTokens: Math.max(1, config.agent.maxTokens - usage.inputTokens - usage.outputTokens), maxOutputTokens: llm.maxOutputTokens },
    emit,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  steps += settled.repair.steps;
  usage.inputTokens += settled.repair.inputTokens;
  usage.outputTokens += settled.repair.outputTokens;
  if (settled.repair.finalText !== null) finalText = settled.repair.finalText;
  return finish(settled.state, settled.summary, { diff: settled.diff, patch: changeset.wholeChange().patch, files: settled.files, isApplied: settled.isApplied });
}

/**
 * The run's change with what its commands changed besides its patches:
 * the checkpoint records the run's end (for `undo`), and every file that
 * differs from the checkpoint and is not one of the patch's files joins
 * `files` and `diff`. A store that fails here costs a warning, not the run.
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

/** After a rollback: the files the run's commands changed, back to the checkpoint (undo's restore; it marks the run undone). */
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

/** A discovered validation command as the validation runner takes it. */
function toRunnable(command: ValidationCommand) {
  return { name: command.name, command: command.command, argv: command.argv, cwd: command.cwd };
}

function stopReasonText(reason: ToolLoopResult['stopReason'], agent: { maxSteps: number; maxTokens: number }): string {
  if (reason === 'repeated-calls') return 'stopped: the model kept repeating the same tool calls';
  if (reason === 'max-steps') return `stopped after ${agent.maxSteps} model turns (agent.maxSteps)`;
  if (reason === 'max-tokens') return `stopped: the token budget of ${agent.maxTokens} (agent.maxTokens) is used up`;
  return 'the run was interrupted';
}
