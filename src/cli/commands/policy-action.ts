import path from 'node:path';
// Not through the node-workspace barrel, which reaches the config loader, the schema and zod (issue 21).
import { openWorkspace } from '../../adapters/node-workspace/open-workspace.js';
import { probeBubblewrap } from '../../adapters/sandbox/index.js';
import { loadShellParserFor } from '../../adapters/shell-parser/index.js';
import { type AgentAction, BrassError, type CommandIsolation, type OutOfScopePath, type ShellParser, createRuntime } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { displayPath } from '../display-path.js';
import type { Output } from '../output.js';

/** Outside paths at most this many levels above the workspace are shown relative to it (`../secrets`). */
const MAX_RELATIVE_PARENT_LEVELS = 2;

/**
 * Runs `brass-agent policy check` (defined in policy-command.ts): builds the
 * action the flags describe and prints the permission layer's verdict,
 * running nothing. Throws a usage error unless exactly one of `--command`,
 * `--read` or `--write` is given.
 */
export async function executePolicyCheck({ options, output, streams }: CommandContext, raw: Record<string, unknown>): Promise<void> {
  const action = actionOf(raw);
  const isCommandLine = action.kind === 'shell.run';
  // The runtime below has its own parser, loaded only for a command line that is more than plain words (and a grammar
  // that fails to load is a warning here, not an error). Its loading starts now, while the config is read (issue 21).
  const parserLoad = isCommandLine ? safeLoadShellParser(action.argv[2]!) : null;
  // The sandbox probe (one process) starts now too, so it runs while the config is read: it needs only PATH, and the
  // sandbox service below reuses it (bubblewrap is probed once per binary). Unneeded only with sandbox.mode "off".
  if (isCommandLine) void probeBubblewrap(streams.env);
  const workspace = await openWorkspace({ cwd: options.cwd, env: streams.env, ...(options.config ? { configPath: options.config } : {}), parsesShellCommands: false });
  // How a command would run besides whether it may: the permission verdict says nothing about the sandbox. Probing
  // the sandbox starts processes (bwrap), which run while this process parses the command line.
  const isolation = isCommandLine ? workspace.services.shell.isolationFor('workspace') : null;
  const runtime = createRuntime({
    services: workspace.services,
    scope: workspace.scope,
    shellParser: parserLoad === null ? null : parserOrWarn(await parserLoad, output),
    ...(streams.env.PATH === undefined ? {} : { programSearchPath: streams.env.PATH }),
  });
  const result = await runtime.check(action);
  const show = (item: OutOfScopePath) => showOutside(item.path, workspace.root, workspace.probe.homeDir);
  let reason = result.verdict.reason;
  for (const item of result.outOfScope) reason = reason.split(item.realPath).join(show(item));
  const outOfScopePaths = result.outOfScope.map(show);
  const sandbox = isolation === null ? null : describeIsolation(await isolation);
  if (options.json) {
    output.json({ version: 1, decision: result.verdict.decision, outOfScopePaths, reason, unknown: result.unknown, ...(sandbox === null ? {} : { sandbox }) });
    return;
  }
  output.result(`${result.verdict.decision}: ${reason}`);
  if (sandbox !== null) output.result(`  runs: ${sandbox.detail}`);
  for (const shown of outOfScopePaths) output.result(`  outside the workspace: ${shown}`);
  for (const unknown of result.unknown) output.result(`  cannot be sure: ${unknown}`);
}

/** `sandbox` of the JSON document: how the command would run, and why. */
function describeIsolation(isolation: CommandIsolation): { isolation: CommandIsolation['kind']; detail: string } {
  switch (isolation.kind) {
    case 'sandbox':
      return { isolation: 'sandbox', detail: 'inside the sandbox (workspace writable, HOME hidden, no network)' };
    case 'host':
      return { isolation: 'host', detail: isolation.note ?? 'without a sandbox' };
    case 'ask':
      return { isolation: 'ask', detail: `without a sandbox only if you say yes: ${isolation.reason}` };
    case 'refuse':
      return { isolation: 'refuse', detail: `not at all: ${isolation.reason}` };
  }
}

function actionOf(raw: Record<string, unknown>): AgentAction {
  const given = (['command', 'read', 'write'] as const).filter((key) => typeof raw[key] === 'string');
  if (given.length !== 1) throw new BrassError('usage', `policy check needs exactly one of --command, --read or --write (got ${given.length === 0 ? 'none' : given.map((key) => `--${key}`).join(', ')})`);
  const tool = typeof raw.tool === 'string' ? { tool: raw.tool } : {};
  const value = raw[given[0]!] as string;
  switch (given[0]!) {
    case 'command':
      return { kind: 'shell.run', argv: ['sh', '-c', value], ...tool };
    case 'read':
      return { kind: 'fs.readFile', path: value, ...tool };
    case 'write':
      return { kind: 'patch.apply', edits: [{ path: value, content: '' }], ...tool };
  }
}

/**
 * Loads the grammar without rejecting: it starts before the config is read, and
 * a config error must still be the one error reported (with no warning before it).
 */
async function safeLoadShellParser(script: string): Promise<{ ok: true; parser: ShellParser } | { ok: false; error: unknown }> {
  try {
    return { ok: true, parser: await loadShellParserFor(script) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Without the grammar every shell command line is "unknown" (it asks): say so, and still answer. */
function parserOrWarn(loaded: Awaited<ReturnType<typeof safeLoadShellParser>>, output: Output): ShellParser | null {
  if (loaded.ok) return loaded.parser;
  if (!BrassError.isInstance(loaded.error)) throw loaded.error;
  output.warn(`${loaded.error.message}; shell command lines are treated as unknown`);
  return null;
}

/**
 * An outside path as a person reads it: relative when it is a close relative
 * of the workspace (`../secrets`), `~/...` under the home directory,
 * otherwise absolute (`/etc/passwd`).
 */
function showOutside(absolute: string, root: string, homeDir: string): string {
  if (absolute === homeDir) return '~';
  const relative = path.relative(root, absolute);
  const parents = relative.split(path.sep).filter((segment) => segment === '..').length;
  const common = path.resolve(root, '../'.repeat(parents));
  const isCommonMeaningful = common !== path.parse(common).root && !isAtOrAbove(common, homeDir);
  if (relative.startsWith('..') && parents <= MAX_RELATIVE_PARENT_LEVELS && isCommonMeaningful) return relative.split(path.sep).join('/');
  return displayPath(absolute, { root, homeDir });
}

function isAtOrAbove(directory: string, target: string): boolean {
  const relative = path.relative(directory, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
