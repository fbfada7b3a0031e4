import { findProjectRoot, openGuidanceRuntime, readUserGuidance } from '../../adapters/project-context/index.js';
import { openWorkspace } from '../../adapters/node-workspace/open-workspace.js';
import { PLAIN_SYSTEM_PROMPT, createContextSession } from '../../agent/context-session/index.js';
// By file: the config barrel reaches the schema (and zod), which a context without a config file never needs.
import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN } from '../../config/context-name.js';
import { InvalidInputError } from '../../core/index.js';
import type { ContextReminder } from '../../context/nested/index.js';
import type { CommandContext } from '../command-context.js';
import { renderContextReport } from '../render-context-report.js';

function checkName(flag: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !CONTEXT_NAME_PATTERN.test(value)) throw new InvalidInputError(flag, `${JSON.stringify(value)}: ${CONTEXT_NAME_MESSAGE}`);
  return value;
}

/**
 * Runs `brass-agent context` (defined in context-command.ts): opens the
 * context session a run would start with, replays the `--touch` paths and
 * prints what was loaded and why, secrets redacted. Throws InvalidInputError
 * for a bad agent, flow or step name, a lone `--flow`/`--step`, or a touch
 * outside the workspace.
 */
export async function executeContext({ options, output, streams }: CommandContext, raw: Record<string, unknown>): Promise<void> {
  const agent = checkName('--agent', raw.agent);
  const flow = checkName('--flow', raw.flow);
  const step = checkName('--step', raw.step);
  if ((flow === undefined) !== (step === undefined)) throw new InvalidInputError(flow === undefined ? '--step' : '--flow', 'a flow step needs both --flow ID and --step NAME');

  // Guidance, scoped and nested context are file reads (`--touch` simulates reads): the Bash grammar is not loaded.
  const workspace = await openWorkspace({ cwd: options.cwd, env: streams.env, ...(options.config ? { configPath: options.config } : {}), parsesShellCommands: false });
  const config = workspace.config.config;
  const touches: string[] = [];
  for (const requested of raw.touch as string[]) {
    const resolved = await workspace.scope.resolve(requested);
    if (resolved.relativePath === null) throw new InvalidInputError('--touch', `${requested} is outside the workspace`);
    touches.push(resolved.relativePath);
  }
  const projectRoot = await findProjectRoot({ start: workspace.root, markers: config.guidance.rootMarkers });
  const guidanceRuntime = projectRoot === null ? workspace.runtime : await openGuidanceRuntime({ projectRoot: projectRoot.root, workspace });
  const user = await readUserGuidance({ env: streams.env, homeDir: workspace.probe.homeDir, fileNames: config.guidance.fileNames, maxBytes: config.guidance.maxBytes });

  const session = await createContextSession({
    runtime: workspace.runtime,
    config,
    basePrompt: PLAIN_SYSTEM_PROMPT,
    selection: { agent, flow, step },
    env: streams.env,
    projectRoot: guidanceRuntime.scope.root,
    guidanceRuntime,
    userGuidance: user.file,
    homeDir: workspace.probe.homeDir,
  });
  const reminders: { touch: string; reminder: ContextReminder | null }[] = [];
  for (const touch of touches) reminders.push({ touch, reminder: await session.onToolResult({ tool: 'touch', ok: true, paths: [touch] }) });

  for (const warning of [...workspace.config.warnings, ...user.warnings, ...session.warnings]) output.warn(warning);
  // What reaches a person or another tool never carries a secret from a guidance file.
  const redact = (text: string): string => workspace.redactor.redact(text).text;
  if (options.json) {
    output.json({
      version: 1,
      // importedBy only on a file an `@path` import pulled in: the contract's shape, one field added.
      guidance: session.guidance.files.map((file) => ({ path: file.path, bytes: file.bytes, ...(file.importedBy === undefined ? {} : { importedBy: file.importedBy }) })),
      scoped: session.scoped.files.map((file) => ({ path: file.path, layer: file.layer })),
      manifest: session.manifest.entries.map((entry) => ({ path: entry.path, dir: entry.dir, label: entry.label })),
      reminders: reminders.flatMap(({ reminder }) => (reminder === null ? [] : [{ trigger: reminder.trigger, paths: reminder.paths, bytes: reminder.bytes, text: redact(reminder.text) }])),
      systemPrompt: redact(session.systemPrompt),
    });
    return;
  }
  output.result(redact(renderContextReport({ session, workspaceRoot: workspace.root, projectRoot, selection: { agent, flow, step }, touches: reminders, colors: output.colors })));
}
