import { randomUUID } from 'node:crypto';
import { createRuntime } from '../../core/index.js';
import { discoverContext, type DiscoveryResult } from '../../context/discovery/index.js';
import { RunCheckpoint, withCheckpoint, withCheckpointRuntime } from '../checkpoint/index.js';
import type { AgentEvent } from '../events/agent-event.js';
import { Changeset, changesetFromPatchFile } from '../patch/index.js';
import { createAgentSession } from '../session/index.js';
import { buildFirstMessage } from './build-first-message.js';
import type { RunAgentOptions, RunAgentResult } from './run-types.js';
import { runTurn, validationCommandsOf, withTurnCommandChanges, type TurnResult } from '../turn/index.js';
import { discoveryEventCommands } from '../turn/discovery-event-commands.js';

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
    ...(options.discovery.validationOutput === undefined || isPatchFile ? {} : { validationOutput: options.discovery.validationOutput }),
    ...(isPatchFile ? { useGoalRanking: false } : {}),
    createCommandRuntime: (planned) => {
      const commandRuntime = createCommandRuntime?.(planned) ?? baseRuntime;
      return checkpoint === null ? commandRuntime : withCheckpointRuntime(commandRuntime, checkpoint);
    },
    ...(options.discovery.retrievalCache && !isPatchFile ? { retrievalCache: options.discovery.retrievalCache } : {}),
    ...(options.discovery.parallel ? { parallel: options.discovery.parallel } : {}),
    ...(options.discovery.onProgress ? { onProgress: options.discovery.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    redact,
  });
  for (const warning of discovery.warnings) emit({ type: 'warning', message: redact(warning) });
  emit({
    type: 'discovery.completed',
    files: discovery.files.map((file) => ({ path: redact(file.path), reason: file.reason })),
    commands: discoveryEventCommands(discovery),
  });
  const validationCommands = validationCommandsOf(discovery);

  // Diffs are shown, sent in events and saved: redacted knowing the whole files (issue 15, item 14).
  const changeset = new Changeset(baseRuntime, { redact });
  const services = checkpoint === null ? environment.services : withCheckpoint(environment.services, checkpoint);
  const session = await createAgentSession({ ...environment, services, validationCommands }, { mode, name: 'main', edits: changeset, ...(options.selection ? { selection: options.selection } : {}) });
  for (const warning of session.contextSession.warnings) emit({ type: 'warning', message: redact(warning) });
  const firstMessage = redact(buildFirstMessage(options.goal, isPatchFile ? null : discovery, isPatchFile ? {} : options.discovery));

  const result = (turn: Pick<TurnResult, 'state' | 'summary' | 'finalText' | 'steps' | 'usage' | 'diff' | 'patch' | 'files' | 'isApplied'>): RunAgentResult => {
    emit({ type: 'run.finished', state: turn.state, summary: turn.summary, steps: turn.steps, inputTokens: turn.usage.inputTokens, outputTokens: turn.usage.outputTokens, files: turn.files });
    return {
      runId,
      state: turn.state,
      summary: turn.summary,
      finalText: turn.finalText,
      isApplied: turn.isApplied,
      steps: turn.steps,
      usage: turn.usage,
      events,
      prompt: { system: session.systemPrompt, firstMessage },
      diff: turn.diff,
      patch: turn.patch,
      files: turn.files,
    };
  };

  if (options.dryRun === true) {
    const change = await withTurnCommandChanges({ checkpoint, baseRuntime, emit, redact }, 'completed', { summary: 'dry run: the prompt was built; no model was called', files: [], diff: '', patch: '' });
    return result({ state: 'completed', finalText: '', steps: 0, usage: { inputTokens: 0, outputTokens: 0 }, isApplied: false, ...change });
  }
  if (options.patchText !== undefined) {
    const fromFile = await changesetFromPatchFile(baseRuntime, options.patchText);
    for (const edit of fromFile.toEdits()) await changeset.write(edit.path, edit.content);
  }
  const turn = await runTurn({
    session,
    changeset,
    checkpoint,
    baseRuntime,
    mode,
    journal: options.journal,
    runId,
    messages: [{ role: 'user', content: firstMessage }],
    isModelTurn: options.patchText === undefined,
    validationCommands,
    repairTurns: options.patchText === undefined ? config.agent.repairTurns : 0,
    budget: { maxSteps: config.agent.maxSteps, maxTokens: config.agent.maxTokens, maxOutputTokens: llm.maxOutputTokens },
    emit,
    redact,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return result(turn);
}
