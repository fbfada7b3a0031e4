import { BrassError, type CheckpointStore, type Llm, type PatchJournal, type Runtime, type Services } from '../../core/index.js';
import { createLlm, resolveLlmSettings } from '../llm/index.js';
import { findProjectRoot, openGuidanceRuntime, readUserGuidance, type UserGuidanceText } from '../project-context/index.js';
import type { OpenedWorkspace } from './open-workspace.js';
import { openCheckpointStore } from './open-checkpoint-store.js';
import { openPatchJournal } from './open-patch-journal.js';

/** The one line `brass-agent run` prints when no model is configured (exit 2). */
export const NO_PROVIDER_MESSAGE =
  'no LLM provider configured: set BRASS_LLM_PROVIDER and BRASS_LLM_MODEL (e.g. openai-compatible + BRASS_LLM_BASE_URL=http://127.0.0.1:11434/v1 for Ollama), or llm.provider in .brass-agent.json';

/**
 * The error for "no provider", saying why when the workspace file does set
 * one: an untrusted workspace's `llm.provider` is ignored by the trust rule
 * (`ignoredSettings` are the config's warning lines), and "configure a
 * provider" would then send the person to a setting they already wrote.
 */
export function noProviderError(ignoredSettings: readonly string[]): BrassError {
  const line = ignoredSettings.find((warning) => warning.includes(': ignored llm.provider '));
  if (line === undefined) return new BrassError('usage', NO_PROVIDER_MESSAGE);
  const file = line.slice(0, line.indexOf(': ignored llm.provider '));
  return new BrassError('usage', `no LLM provider configured: ${file} sets llm.provider, but this workspace is not trusted, so its model settings are ignored`, {
    hint: 'run `brass-agent trust` to use them, or set BRASS_LLM_PROVIDER and BRASS_LLM_MODEL',
  });
}

export interface OpenAgentServicesOptions {
  /** The process environment (provider settings and keys, XDG state dir). */
  env: NodeJS.ProcessEnv;
  /** Whether the run calls the model: without a provider that is an error; otherwise no model is built. */
  needsModel: boolean;
}

/** The Node parts an agent run needs besides the opened workspace. */
export interface AgentServices {
  /** The workspace's services, with the model when one is needed. */
  services: Services;
  /** Where patches are journaled before they are written (the user's state dir, never the workspace). */
  journal: PatchJournal;
  /** Where the workspace is checkpointed before a run's first change; null when it cannot be (see openCheckpointStore). */
  checkpoints: CheckpointStore | null;
  /** Absolute real path of the project root (the workspace itself when no marker is found above it). */
  projectRoot: string;
  /** Reads guidance files between the project root and the workspace. */
  guidanceRuntime: Runtime;
  /** The user-level guidance file, if there is one. */
  userGuidance: UserGuidanceText | null;
  /** Problems worth a warning line (a skipped user guidance file). */
  warnings: string[];
}

/**
 * Builds what `brass-agent run` adds to an opened workspace: the model from
 * the `llm` config and the environment (createLlm), the patch journal under
 * `$XDG_STATE_HOME/brass-agent` (never inside the workspace), the project
 * root with its guidance runtime, the user guidance file, and the
 * checkpoint store beside the journal.
 *
 * @throws BrassError `usage` (see noProviderError) when the model is needed and no provider is configured;
 *   the LLM adapter's errors for an incomplete provider setting (`llm-no-key`, InvalidInputError);
 *   BrassError `usage` when the journal directory lies inside the workspace (see openPatchJournal).
 */
export async function openAgentServices(workspace: OpenedWorkspace, options: OpenAgentServicesOptions): Promise<AgentServices> {
  const config = workspace.config.config;
  let llm: Llm | undefined;
  if (options.needsModel) {
    const settings = resolveLlmSettings(config.llm, options.env);
    if (settings === null) throw noProviderError(workspace.config.warnings);
    llm = createLlm(settings);
  }
  const journal = openPatchJournal(workspace, options.env);
  const checkpoints = openCheckpointStore(workspace, options.env);

  const projectRoot = await findProjectRoot({ start: workspace.root, markers: config.guidance.rootMarkers });
  const guidanceRuntime = projectRoot === null ? workspace.runtime : await openGuidanceRuntime({ projectRoot: projectRoot.root, workspace });
  const user = await readUserGuidance({ env: options.env, homeDir: workspace.probe.homeDir, fileNames: config.guidance.fileNames, maxBytes: config.guidance.maxBytes });
  return {
    services: { ...workspace.services, ...(llm === undefined ? {} : { llm }) },
    journal,
    checkpoints: checkpoints.store,
    projectRoot: guidanceRuntime.scope.root,
    guidanceRuntime,
    userGuidance: user.file,
    warnings: checkpoints.warning === null ? user.warnings : [...user.warnings, checkpoints.warning],
  };
}
