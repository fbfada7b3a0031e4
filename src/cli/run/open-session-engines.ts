import path from 'node:path';
import { createCommandRuntime, openModel, openRetrievalIndexCache, openSessionStore, openWorkspace, type OpenedWorkspace } from '../../adapters/node-workspace/index.js';
import { createContextCache } from '../../agent/context-session/index.js';
import { createSessionEngine } from '../../agent/engine/index.js';
import type { AgentMode } from '../../agent/events/agent-event.js';
import type { SessionEngine } from '../../agent/engine/index.js';
import type { AgentMemory } from '../../agent/memory/index.js';
import type { OpenedSession, SessionStore } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { openAgentEnvironment } from './open-agent-environment.js';
import { cliConfigOf, settingFlagsOf } from './run-options.js';

/** What a surface may choose per session; everything else comes from the config. */
export interface SessionEngineChoice {
  mode?: AgentMode;
  approval?: 'ask' | 'auto' | 'never';
  /** A session read back with `store.open`, to continue it. */
  resume?: OpenedSession;
}

/** One workspace opened for conversations: every session of a chat, serve or acp process is created here. */
export interface SessionEngines {
  workspace: OpenedWorkspace;
  /** Where sessions are persisted; null when they cannot be (a warning was given). */
  store: SessionStore | null;
  /** The agent's memory (the same one the engines' sessions use), for `/memory`; null when it is off. */
  memory: AgentMemory | null;
  /** A new session engine (or a resumed one) on the workspace. */
  create(choice?: SessionEngineChoice): Promise<SessionEngine>;
}

/**
 * The composition of a conversational surface (chat, serve, acp): opens the
 * workspace with the command's flags as the CLI config layer, the agent
 * environment as `run` has it, the session store and the retrieval cache,
 * once per process; `create` then builds session engines on them. Each
 * engine gets its own context cache, so a long-lived server does not keep
 * serving one session's view of the workspace to the next.
 *
 * @throws BrassError `usage` when no model provider is configured.
 */
export async function openSessionEngines(context: CommandContext, raw: Record<string, unknown>): Promise<SessionEngines> {
  const { streams, output, processCwd } = context;
  const env = streams.env;
  const workspace = await openWorkspace({
    cwd: path.resolve(processCwd, context.options.cwd),
    env,
    ...(context.options.config ? { configPath: path.resolve(processCwd, context.options.config) } : {}),
    cliConfig: cliConfigOf(settingFlagsOf(raw)),
    // A long-lived process: listings keep the stats of files whose directory is unchanged (see createWatchedStatMemo).
    watchesListedFiles: true,
  });
  const config = workspace.config.config;
  const choice = openSessionStore(workspace, env);
  if (choice.warning !== null) output.warn(choice.warning);
  const { environment, journal, checkpoints } = await openAgentEnvironment({ workspace, env, needsModel: true, ask: null, onEvent: () => undefined, output });
  const retrieval = openRetrievalIndexCache(workspace, env);
  if (retrieval.warning !== null) output.warn(retrieval.warning);
  return {
    workspace,
    store: choice.store,
    memory: environment.memory ?? null,
    create: (options = {}) =>
      createSessionEngine({
        environment: { ...environment, contextCache: createContextCache(), ...(options.approval === undefined ? {} : { approval: options.approval }) },
        mode: options.mode ?? config.agent.mode,
        journal,
        checkpoints,
        store: choice.store,
        discovery: {
          createCommandRuntime: (planned) => createCommandRuntime(workspace, planned),
          ...(retrieval.cache === null ? {} : { retrievalCache: retrieval.cache }),
          parallel: workspace.services.parallel,
        },
        ...(options.resume === undefined ? {} : { resume: options.resume }),
        modelLabel: `${config.llm.provider ?? 'none'}/${config.llm.model ?? 'none'}`,
        switchModel: (model) => Promise.resolve(openModel(config.llm, env, model)),
      }),
  };
}
