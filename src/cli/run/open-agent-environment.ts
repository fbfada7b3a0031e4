import { type OpenedWorkspace, isConfiguredCommandTrusted, openAgentServices, runtimeLimitsFor } from '../../adapters/node-workspace/index.js';
import { describeSandboxGap } from '../../adapters/sandbox/index.js';
import { createContextCache } from '../../agent/context-session/index.js';
import type { AgentEvent } from '../../agent/events/agent-event.js';
import type { AgentEnvironment, ApprovalPrompt } from '../../agent/session/index.js';
import { InvalidInputError, type ApprovalOutcome, type CheckpointStore, type PatchJournal } from '../../core/index.js';
import type { DocsMap } from '../../context/docs/index.js';
import { openAgentMemory } from '../open-agent-memory.js';
import { openDocsMap } from '../open-docs-map.js';
import type { Output } from '../output.js';
import type { Progress } from '../progress/index.js';

export interface OpenAgentEnvironmentOptions {
  workspace: OpenedWorkspace;
  env: NodeJS.ProcessEnv;
  /** Whether the run calls the model (not for `--dry-run` or `--apply-patch-file`). */
  needsModel: boolean;
  /** Asks a person (approval `ask` on a terminal); otherwise every ask is denied. */
  ask: ((prompt: ApprovalPrompt) => Promise<ApprovalOutcome>) | null;
  onEvent: (event: AgentEvent) => void;
  /** Where warnings go (stderr). */
  output: Output;
  /** Shows a cold docs index being built. */
  progress?: Progress;
}

/**
 * The environment every run of one `brass-agent run` shares: the workspace's
 * services with the model, scope, config and redactor; the project root,
 * guidance runtime and user guidance; one context cache; the docs map (the
 * same one `brass-agent docs` opens); the agent's memory (see
 * openAgentMemory); the approval mode and prompt; the
 * event listener. Also returns the patch journal the runs apply through
 * and the checkpoint store `undo` returns to.
 *
 * @throws BrassError `usage` when the model is needed and no provider is configured (see openAgentServices).
 */
export async function openAgentEnvironment(options: OpenAgentEnvironmentOptions): Promise<{ environment: AgentEnvironment; journal: PatchJournal; checkpoints: CheckpointStore | null }> {
  const { workspace, output } = options;
  const config = workspace.config.config;
  const parts = await openAgentServices(workspace, { env: options.env, needsModel: options.needsModel });
  for (const warning of [...workspace.config.warnings, ...parts.warnings]) output.warn(warning);
  const docsMap = await openOptionalDocsMap(workspace, output, options.env, options.progress);
  const ask = options.ask;
  const sandbox = await workspace.services.shell.status();
  const gap = describeSandboxGap(sandbox, { isWorkspaceTrusted: workspace.config.isWorkspaceTrusted, isRequired: config.sandbox.mode === 'required' });
  if (gap !== null) output.warn(gap);
  const environment: AgentEnvironment = {
    services: parts.services,
    scope: workspace.scope,
    shellParser: workspace.shellParser,
    limits: runtimeLimitsFor(config),
    config,
    redactor: workspace.redactor,
    env: options.env,
    homeDir: workspace.probe.homeDir,
    projectRoot: parts.projectRoot,
    guidanceRuntime: parts.guidanceRuntime,
    userGuidance: parts.userGuidance,
    contextCache: createContextCache(),
    docsMap,
    memory: openAgentMemory(workspace, options.env, output),
    // Filled per run by runAgent from what discovery found.
    validationCommands: [],
    isConfiguredCommandTrusted: isConfiguredCommandTrusted(workspace),
    areCommandsConfined: sandbox.state === 'active' && !config.sandbox.network,
    approval: config.approval,
    ask: ask ?? (() => Promise.resolve('deny')),
    onEvent: options.onEvent,
  };
  return { environment, journal: parts.journal, checkpoints: parts.checkpoints };
}

/**
 * The docs map for the agent, or null when the project has no docs: a
 * missing default `docs` directory is normal; one the config names is worth
 * a warning, not a failed run.
 */
async function openOptionalDocsMap(workspace: OpenedWorkspace, output: Output, env: NodeJS.ProcessEnv, progress: Progress | undefined): Promise<DocsMap | null> {
  try {
    const map = await openDocsMap(workspace, output, env, progress);
    return map.pageCount > 0 ? map : null;
  } catch (error) {
    if (!(InvalidInputError.isInstance(error) && error.field === 'docs.dir')) throw error;
    if ((workspace.config.sources['docs.dir'] ?? 'default') !== 'default') output.warn(`no docs map for the agent: ${error.message}`);
    return null;
  }
}
