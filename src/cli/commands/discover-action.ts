import path from 'node:path';
import { FileAccessError, InvalidInputError } from '../../core/index.js';
import { createNodePathProbe, safeReadFile } from '../../adapters/file-system/index.js';
import { createCommandRuntime, openRetrievalIndexCache, openWorkspace } from '../../adapters/node-workspace/index.js';
import { discoverContext, formatDiscoveryReport, redactDiscoverJson, toDiscoverJson } from '../../context/discovery/index.js';
import type { CommandContext } from '../command-context.js';
import { terminalSafeName } from '../terminal-safe-text.js';

/** Validation output read from a file or stdin; beyond it the head and the tail are kept. 4 MiB. */
export const MAX_VALIDATION_OUTPUT_BYTES = 4 * 1024 * 1024;

/**
 * Runs `brass-agent discover [GOAL...]` (defined in discover-command.ts):
 * the discovery pass over the workspace, printed as a report or the
 * contract's JSON document, secrets redacted. Throws InvalidInputError for
 * an unreadable `--validation-output` file.
 */
export async function executeDiscover({ options, output, streams, processCwd }: CommandContext, goalWords: readonly string[], raw: Record<string, unknown>): Promise<void> {
  const validationOutput = typeof raw.validationOutput === 'string' ? await readValidationOutput(raw.validationOutput, processCwd) : undefined;
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
    onProgress: (event) => {
      if (event.kind === 'command-start') output.info(`running ${event.command.command}${event.command.cwd === '.' ? '' : ` in ${event.command.cwd}`} …`);
      // A command that could not be sandboxed says so on stderr, whatever the output format.
      if (event.kind === 'command-end' && event.record.reason !== undefined) output.warn(`${event.record.command}: ${event.record.reason}`);
      if (event.kind === 'command-end' && event.record.unsandboxedNote !== undefined) output.warn(`${event.record.command} ${event.record.unsandboxedNote}`);
    },
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

/**
 * Reads `--validation-output`: `-` is stdin (head and tail kept past the cap,
 * binary bytes decoded leniently), anything else a file the user named (it
 * may lie outside the workspace; read through the safe path, head only).
 * Throws InvalidInputError naming the flag for a missing, special or binary file.
 */
async function readValidationOutput(source: string, processCwd: string): Promise<string> {
  if (source === '-') return readStdinCapped(MAX_VALIDATION_OUTPUT_BYTES);
  const absolute = path.resolve(processCwd, source);
  const realPath = await createNodePathProbe().realpath(absolute);
  if (realPath === null) throw new InvalidInputError('--validation-output', `${source} does not exist`);
  try {
    const file = await safeReadFile({ path: realPath, maxBytes: MAX_VALIDATION_OUTPUT_BYTES, isContained: () => true });
    return file.content;
  } catch (error) {
    if (FileAccessError.isInstance(error)) throw new InvalidInputError('--validation-output', error.message, { cause: error });
    throw error;
  }
}

async function readStdinCapped(maxBytes: number): Promise<string> {
  const half = Math.floor(maxBytes / 2);
  const head: Buffer[] = [];
  let headBytes = 0;
  let tail = Buffer.alloc(0);
  let dropped = 0;
  for await (const chunk of process.stdin) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (headBytes < half) {
      const taken = data.subarray(0, half - headBytes);
      head.push(taken);
      headBytes += taken.length;
      data = data.subarray(taken.length);
    }
    if (data.length === 0) continue;
    // Keep only the last `half` bytes as the tail: memory stays bounded whatever the input size.
    const joined = Buffer.concat([tail, data]);
    dropped += Math.max(0, joined.length - half);
    tail = joined.subarray(Math.max(0, joined.length - half));
  }
  const marker = dropped > 0 ? `\n[... ${dropped} bytes of validation output dropped ...]\n` : '';
  return `${Buffer.concat(head).toString('utf8')}${marker}${tail.toString('utf8')}`;
}
