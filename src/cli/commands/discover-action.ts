import path from 'node:path';
import { createCommandRuntime, openRetrievalIndexCache, openWorkspace } from '../../adapters/node-workspace/index.js';
import { discoverContext, formatDiscoveryReport, redactDiscoverJson, toDiscoverJson } from '../../context/discovery/index.js';
import type { CommandContext } from '../command-context.js';
import { openProgress, outputAround, type Progress, reportDiscoveryProgress } from '../progress/index.js';
import { readValidationOutput } from '../read-validation-output.js';
import { terminalSafeName } from '../terminal-safe-text.js';

/**
 * Runs `brass-agent discover [GOAL...]` (defined in discover-command.ts):
 * the discovery pass over the workspace, printed as a report or the
 * contract's JSON document, secrets redacted. Throws InvalidInputError for
 * an unreadable `--validation-output` (see readValidationOutput).
 */
export async function executeDiscover(context: CommandContext, goalWords: readonly string[], raw: Record<string, unknown>): Promise<void> {
  const { options, streams } = context;
  const progress = openProgress(raw, options.json, streams);
  const withProgress: CommandContext = { ...context, output: outputAround(context.output, progress) };
  try {
    await discover(withProgress, goalWords, raw, progress);
  } finally {
    progress.close();
    context.exitCode = withProgress.exitCode;
  }
}

async function discover({ options, output, streams, processCwd }: CommandContext, goalWords: readonly string[], raw: Record<string, unknown>, progress: Progress): Promise<void> {
  const validationOutput = typeof raw.validationOutput === 'string' ? await readValidationOutput(raw.validationOutput, { processCwd, stdin: streams.stdin ?? process.stdin }) : undefined;
  const context: Record<string, number> = {};
  if (typeof raw.maxFiles === 'number') context.maxFiles = raw.maxFiles;
  if (typeof raw.maxSearchQueries === 'number') context.maxSearchQueries = raw.maxSearchQueries;
  const workspace = await openWorkspace({
    cwd: path.resolve(processCwd, options.cwd),
    env: streams.env,
    ...(options.config ? { configPath: path.resolve(processCwd, options.config) } : {}),
    ...(Object.keys(context).length > 0 ? { cliConfig: { context } } : {}),
  });
  const goal = goalWords.join(' ').trim();
  const retrieval = openRetrievalIndexCache(workspace, streams.env);
  if (retrieval.warning !== null) output.warn(retrieval.warning);
  const result = await discoverContext({
    runtime: workspace.runtime,
    config: workspace.config.config,
    ...(goal.length > 0 ? { goal } : {}),
    ...(validationOutput === undefined ? {} : { validationOutput }),
    run: raw.run !== false,
    createCommandRuntime: (planned) => createCommandRuntime(workspace, planned),
    ...(retrieval.cache === null ? {} : { retrievalCache: retrieval.cache }),
    parallel: workspace.services.parallel,
    // A command that could not be sandboxed says so on stderr, whatever the output format.
    onProgress: reportDiscoveryProgress(progress, (text) => output.warn(text)),
  });
  // Validation output can print secrets (a token in a failing assertion): what is shown is redacted.
  const redact = (text: string): string => workspace.redactor.redact(text).text;
  if (options.json) {
    output.json(redactDiscoverJson(toDiscoverJson(result), redact));
  } else {
    // Names in the report are rendered like every name the CLI prints: a newline in one cannot fake a line (issue 15, item 23).
    const named = {
      ...result,
      files: result.files.map((file) => ({ ...file, path: terminalSafeName(file.path) })),
      signals: { ...result.signals, paths: result.signals.paths.map((signal) => ({ ...signal, path: terminalSafeName(signal.path) })) },
    };
    output.result(redact(formatDiscoveryReport(named, output.colors)));
  }
}
