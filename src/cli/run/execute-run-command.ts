import path from 'node:path';
import { createCommandRuntime, openRetrievalIndexCache, openWorkspace, readUserFile, writeUserFile, type OpenedWorkspace } from '../../adapters/node-workspace/index.js';
import type { AgentEvent, ProtocolEvent } from '../../agent/events/agent-event.js';
import { MAX_PATCH_TEXT_BYTES } from '../../agent/patch/index.js';
import { runAgent, type RunAgentResult } from '../../agent/run/index.js';
import type { Config } from '../../config/index.js';
import { BrassError, InvalidInputError } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_JOB_FAILED } from '../exit-code.js';
import { createOutput } from '../output.js';
import { readValidationOutput } from '../read-validation-output.js';
import { createApprovalAsker } from './approval-asker.js';
import { createHumanRenderer, type HumanRenderer } from './create-human-renderer.js';
import { stampEvent } from '../../agent/events/stamp-event.js';
import { writeProtocolEvent } from './create-protocol-writer.js';
import { type RunOne, type RunRecord, runBatchGoals, runFlowSteps, worstExitCode } from './execute-runs.js';
import { openAgentEnvironment } from './open-agent-environment.js';
import { type BatchGoal, parseBatchFile } from './parse-batch-file.js';
import { renderBatchSummary } from './render-batch-summary.js';
import { renderDiff } from './render-diff.js';
import { batchJson, flowJson, runExitCode, singleRunJson } from './run-outcome.js';
import { type RunCommandOptions, cliConfigOf } from './run-options.js';
import { saveRun } from './save-run.js';
import { createTerminalApprovalPrompt } from './terminal-approval-prompt.js';
import { trackRunProgress } from './track-run-progress.js';
import { openProgress, outputAround, type Progress, reportDiscoveryProgress } from '../progress/index.js';
import { terminalSafeLines, terminalSafeName } from '../terminal-safe-text.js';

/** Largest `--apply-patch-file` read: the patch reader's own limit (8 MiB; a reviewed patch, not a dump). */
export const MAX_PATCH_INPUT_BYTES = MAX_PATCH_TEXT_BYTES;
/** Largest `--batch-file` read. */
export const MAX_BATCH_FILE_BYTES = 1024 * 1024;

/**
 * Everything `brass-agent run` does once its flags are checked: opens the
 * workspace with the flags as the CLI config layer, builds the environment
 * (model, journal, docs map, approvals), runs one goal, a flow's steps or a
 * batch, prints what each output mode asks for, and sets the exit code.
 * Ctrl-C aborts the run (runAgent rolls back an applied, unvalidated
 * change) and exits 1; a second Ctrl-C quits at once.
 */
export async function executeRunCommand(context: CommandContext, options: RunCommandOptions): Promise<void> {
  const progress = openProgress(options.progress, options.isJson || options.isProtocolJson, context.streams);
  const withProgress: CommandContext = { ...context, output: outputAround(context.output, progress) };
  try {
    await executeWithProgress(withProgress, options, progress);
  } finally {
    progress.close();
    // The run sets the exit code on the context it was given.
    context.exitCode = withProgress.exitCode;
  }
}

async function executeWithProgress(context: CommandContext, options: RunCommandOptions, progress: Progress): Promise<void> {
  const { streams, output, processCwd } = context;
  const env = streams.env;
  // Read once, before anything runs: every run of the command (each goal of a batch, each flow step) gets the same log.
  const validationOutput = options.validationOutput === undefined ? undefined : await readValidationOutput(options.validationOutput, { processCwd, stdin: streams.stdin ?? process.stdin });
  const workspace = await openWorkspace({
    cwd: path.resolve(processCwd, context.options.cwd),
    env,
    ...(context.options.config ? { configPath: path.resolve(processCwd, context.options.config) } : {}),
    cliConfig: cliConfigOf(options),
  });
  const config = workspace.config.config;
  const mode = config.agent.mode;
  if (options.applyPatchFile !== undefined && mode === 'read-only') {
    throw new BrassError('usage', '--apply-patch-file cannot run in read-only mode (agent.mode): pass --mode write or propose');
  }
  if (options.flow !== undefined) flowSteps(config, options.flow);
  const goals = options.batchFile === undefined ? null : parseBatchFile(await readUserFile(options.batchFile, { baseDir: processCwd, maxBytes: MAX_BATCH_FILE_BYTES, flag: '--batch-file' }));
  for (const goal of goals ?? []) if (goal.flow !== undefined) flowSteps(config, goal.flow);
  const patchText =
    options.applyPatchFile === undefined ? undefined : await readUserFile(options.applyPatchFile, { baseDir: processCwd, maxBytes: MAX_PATCH_INPUT_BYTES, flag: '--apply-patch-file' });

  const stderrColors = createOutput({ stdout: streams.stderr, stderr: streams.stderr, env }).colors;
  const isInteractive = process.stdin.isTTY === true && streams.stderr.isTTY === true;
  const isPrompting = config.approval === 'ask' && isInteractive;
  if (config.approval === 'ask' && !isInteractive && !options.isDryRun) {
    output.warn('approval is "ask" but there is no terminal to ask on: every action that needs approval is denied, as with --approval never (pass --approval auto to approve actions inside the workspace)');
  }

  const controller = new AbortController();
  let interrupts = 0;
  const interrupt = (): void => {
    interrupts += 1;
    if (interrupts > 1) {
      output.error('quit at once: if a change was applied, `brass-agent rollback --last` restores the files');
      process.exit(EXIT_JOB_FAILED);
    }
    output.warn('interrupted: stopping the run; a change already applied is rolled back (press Ctrl-C again to quit at once)');
    controller.abort();
  };

  let recorded: ProtocolEvent[] = [];
  // In propose mode stdout carries only the diff (`> fix.diff` is a clean patch): the model's text goes to stderr with the progress.
  const isDiffOnlyStdout = isDiffOnlyOutput(mode, options);
  const human: HumanRenderer | null = options.isProtocolJson
    ? null
    : createHumanRenderer({ stdout: progress.sink(options.isJson || isDiffOnlyStdout ? streams.stderr : streams.stdout), stderr: progress.sink(streams.stderr), colors: stderrColors, isPromptShowingApprovals: isPrompting });
  const trackProgress = trackRunProgress(progress);
  const asker = isPrompting
    ? createApprovalAsker(createTerminalApprovalPrompt({ input: process.stdin, output: streams.stderr, colors: stderrColors, onInterrupt: interrupt }))
    : null;
  // Every event and document leaves redacted, whichever field holds a secret (a secret-shaped file name in
  // `files`, a summary naming it): the emitters redact what they know, this is the surface's guarantee (issue 15, item 16).
  const redactDocument = <T>(value: T): T => workspace.redactor.redactValue(value).value;
  const redactedContext: CommandContext = { ...context, output: { ...output, json: (value) => output.json(redactDocument(value)) } };
  const onEvent = (raw: AgentEvent): void => {
    const event = redactDocument(raw);
    const stamped = stampEvent(event, new Date());
    if (options.saveRun !== undefined) recorded.push(stamped);
    asker?.observe(event);
    trackProgress(event);
    if (human === null) writeProtocolEvent(streams.stdout, stamped);
    else {
      human.onEvent(event);
      if (event.type === 'approval.requested') human.endText();
    }
  };

  process.on('SIGINT', interrupt);
  try {
    const { environment, journal, checkpoints } = await openAgentEnvironment({
      workspace,
      env,
      needsModel: !options.isDryRun && patchText === undefined,
      ask: asker === null ? null : (prompt) => asker.ask(prompt),
      onEvent,
      output,
      progress,
    });
    const retrieval = openRetrievalIndexCache(workspace, env);
    if (retrieval.warning !== null) output.warn(retrieval.warning);
    const runOne: RunOne = async ({ goal, selection }) => {
      recorded = [];
      const result = await runAgent({
        environment,
        goal,
        mode,
        selection,
        journal,
        checkpoints,
        discovery: {
          run: options.isValidationRun,
          ...(validationOutput === undefined ? {} : { validationOutput }),
          createCommandRuntime: (planned) => createCommandRuntime(workspace, planned),
          ...(retrieval.cache === null ? {} : { retrievalCache: retrieval.cache }),
          parallel: workspace.services.parallel,
          // What cannot be sandboxed reaches the run's events as a warning: the line is not said twice here.
          onProgress: reportDiscoveryProgress(progress, () => undefined),
        },
        ...(options.isDryRun ? { dryRun: true } : {}),
        ...(patchText === undefined ? {} : { patchText }),
        signal: controller.signal,
      }).catch((error: unknown) => {
        throw patchText === undefined ? error : patchFileError(error);
      });
      if (human !== null && !options.isJson) printResult(context, result, options.isDryRun);
      if (options.saveRun !== undefined) {
        const folder = await saveRun({ directory: options.saveRun, processCwd, result, events: recorded, redact: (text) => workspace.redactor.redact(text).text, redactDocument });
        output.info(`run saved to ${path.relative(processCwd, folder) || '.'}`);
      }
      return result;
    };
    const isAborted = (): boolean => controller.signal.aborted;

    if (goals !== null) context.exitCode = await runBatch(redactedContext, { options, config, goals, runOne, isAborted });
    else if (options.flow !== undefined) context.exitCode = await runFlow(redactedContext, { options, config, flow: options.flow, goal: options.goal ?? '', runOne, isAborted });
    else {
      const goal = options.goal ?? `Apply the reviewed patch ${options.applyPatchFile ?? ''}`.trim();
      const result = await runOne({ goal, selection: options.agent === undefined ? {} : { agent: options.agent } });
      if (options.patchFile !== undefined) await writePatchFile(context, workspace, options.patchFile, result);
      if (options.isJson) redactedContext.output.json(singleRunJson(result, options.isDryRun));
      context.exitCode = runExitCode(result, { isCi: options.isCi });
    }
    if (controller.signal.aborted) context.exitCode = EXIT_JOB_FAILED;
  } finally {
    process.off('SIGINT', interrupt);
  }
}

/**
 * Whether stdout carries nothing but the run's diff: human output in
 * `propose` mode (a dry run still prints its prompt there).
 */
function isDiffOnlyOutput(mode: Config['agent']['mode'], options: Pick<RunCommandOptions, 'isJson' | 'isProtocolJson' | 'isDryRun'>): boolean {
  return mode === 'propose' && !options.isJson && !options.isProtocolJson && !options.isDryRun;
}

/** The steps of a configured flow. Throws InvalidInputError (exit 2) for an unknown or empty flow. */
function flowSteps(config: Config, flow: string): readonly { name: string }[] {
  const found = config.flows[flow];
  if (found === undefined) {
    const known = Object.keys(config.flows);
    throw new InvalidInputError('--flow', `unknown flow "${flow}"; ${known.length > 0 ? `the config defines ${known.join(', ')}` : 'the config defines no flows'}`);
  }
  if (found.steps.length === 0) throw new InvalidInputError('--flow', `flow "${flow}" has no steps`);
  return found.steps;
}

/**
 * A reviewed patch that does not apply to the files as they are (stale, or
 * malformed) is bad input: exit 2 with the flag named, nothing written.
 */
function patchFileError(error: unknown): unknown {
  if (BrassError.isInstance(error) && (error.code === 'conflict' || InvalidInputError.isInstance(error))) {
    const message = InvalidInputError.isInstance(error) ? error.message.replace(/^patch: /, '') : error.message;
    return new InvalidInputError('--apply-patch-file', message, { cause: error, ...(error.hint === undefined ? {} : { hint: error.hint }) });
  }
  return error;
}

/** Human output after a run: the prompt of a dry run, or the diff of a proposed or applied change, on stdout. */
function printResult(context: CommandContext, result: RunAgentResult, isDryRun: boolean): void {
  const { streams, output } = context;
  if (isDryRun) {
    output.result(`${output.colors.bold('── system prompt ──')}\n${result.prompt.system}`);
    output.result(`${output.colors.bold('── first message ──')}\n${result.prompt.firstMessage}`);
    return;
  }
  if ((result.state === 'proposed' || result.state === 'applied') && result.diff.length > 0) {
    streams.stdout.write(renderDiff(result.diff, { isTerminal: streams.stdout.isTTY === true, colors: output.colors }));
    if (!result.diff.endsWith('\n')) streams.stdout.write('\n');
  }
}

/**
 * `--patch-file OUT`: the run's diff, written atomically (relative to the
 * process's directory); no file for an empty diff. The one place a diff
 * keeps its real bytes (a redacted patch would not apply): when the real
 * diff differs from the redacted one, stderr says the file holds secrets.
 */
async function writePatchFile(context: CommandContext, workspace: OpenedWorkspace, file: string, result: RunAgentResult): Promise<void> {
  if (result.patch.length === 0) {
    context.output.info(`the run changed nothing: ${file} was not written`);
    return;
  }
  const written = await writeUserFile(file, result.patch, { baseDir: context.processCwd, flag: '--patch-file' });
  const shownPath = terminalSafeName(path.relative(context.processCwd, written) || written);
  context.output.info(`patch written to ${shownPath} (apply it with: brass-agent run --apply-patch-file ${terminalSafeName(file)} --cwd ${terminalSafeName(path.relative(context.processCwd, workspace.root) || '.')})`);
  if (result.patch !== result.diff) {
    context.output.warn(`${shownPath} holds secrets unredacted (git apply needs the real bytes; the diff printed and saved is redacted): keep it private, or delete it once applied`);
  }
}

interface GroupOptions {
  options: RunCommandOptions;
  config: Config;
  runOne: RunOne;
  isAborted: () => boolean;
}

async function runFlow(context: CommandContext, group: GroupOptions & { flow: string; goal: string }): Promise<number> {
  const records = await flowRuns(context, group, group.flow, group.goal, group.options.agent);
  if (group.options.isJson) context.output.json(flowJson(group.flow, records));
  return worstExitCode(records.map((record) => record.exitCode));
}

function flowRuns(context: CommandContext, group: GroupOptions, flow: string, goal: string, agent: string | undefined): Promise<RunRecord[]> {
  return runFlowSteps({
    flow,
    steps: flowSteps(group.config, flow),
    goal,
    ...(agent === undefined ? {} : { agent }),
    runOne: group.runOne,
    isCi: group.options.isCi,
    isAborted: group.isAborted,
    onStep: (step, index, total) => context.output.info(context.output.colors.bold(`── flow ${flow} · step ${index + 1}/${total}: ${step}`)),
  });
}

async function runBatch(context: CommandContext, group: GroupOptions & { goals: readonly BatchGoal[] }): Promise<number> {
  const { options } = group;
  let position = 0;
  const outcomes = await runBatchGoals({
    goals: group.goals,
    isAborted: group.isAborted,
    runGoal: async (goal) => {
      position += 1;
      context.output.info(context.output.colors.bold(`── goal ${position}/${group.goals.length}: ${goal.goal}`));
      const flow = goal.flow ?? options.flow;
      const agent = goal.agent ?? options.agent;
      if (flow !== undefined) return flowRuns(context, group, flow, goal.goal, agent);
      const result = await group.runOne({ goal: goal.goal, selection: agent === undefined ? {} : { agent } });
      return [{ result, exitCode: runExitCode(result, { isCi: options.isCi }) }];
    },
  });
  for (const outcome of outcomes) if (outcome.error !== undefined) context.output.error(outcome.error.message);
  const summary = renderBatchSummary(outcomes, group.goals.length, context.output.colors);
  if (options.isJson) context.output.json(batchJson(outcomes));
  // stdout carries only events with --protocol-json, only diffs in propose mode: the table goes to stderr then.
  else if (options.isProtocolJson || isDiffOnlyOutput(group.config.agent.mode, options)) context.streams.stderr.write(terminalSafeLines(summary));
  else context.output.result(`\n${summary}`);
  return worstExitCode(outcomes.map((outcome) => outcome.exitCode));
}
