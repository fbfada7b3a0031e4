import path from 'node:path';
import { createCommandRuntime, openModel, openRetrievalIndexCache, openSessionStore, openWorkspace } from '../../adapters/node-workspace/index.js';
import { createSessionEngine } from '../../agent/engine/index.js';
import { BrassError, type OpenedSession, type SessionStore } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { openAgentEnvironment } from '../run/open-agent-environment.js';
import { cliConfigOf, settingFlagsOf } from '../run/run-options.js';

/** The one line for a chat without a terminal. */
export const CHAT_NEEDS_TERMINAL_MESSAGE = 'brass-agent chat needs a terminal (stdin and stdout must be a TTY); for scripts and pipes use `brass-agent run GOAL` (add --protocol-json for events)';

/**
 * Runs `brass-agent chat` (defined in chat-command.ts): opens the
 * workspace with the flags as the CLI config layer, the agent environment
 * as `run` has it, the session store, and a session engine (new, the
 * latest with `--continue`, or one by id or picked with `--resume`), then
 * the terminal UI until the person exits. Without a terminal: exit 2 with
 * one line pointing to `run`.
 */
export async function executeChat(context: CommandContext, raw: Record<string, unknown>): Promise<void> {
  const { streams, output, processCwd } = context;
  const stdin = streams.stdin;
  if (stdin === undefined || stdin.isTTY !== true || streams.stdout.isTTY !== true) throw new BrassError('usage', CHAT_NEEDS_TERMINAL_MESSAGE);
  if (raw.continue === true && raw.resume !== undefined) throw new BrassError('usage', '--continue and --resume cannot be used together');
  const env = streams.env;
  const workspace = await openWorkspace({
    cwd: path.resolve(processCwd, context.options.cwd),
    env,
    ...(context.options.config ? { configPath: path.resolve(processCwd, context.options.config) } : {}),
    cliConfig: cliConfigOf(settingFlagsOf(raw)),
  });
  const config = workspace.config.config;
  const choice = openSessionStore(workspace, env);
  if (choice.warning !== null) output.warn(choice.warning);
  const ui = await import('../chat/index.js');
  const resume = await resumedSession(choice.store, workspace.root, raw, (sessions) => ui.pickSession({ sessions, stdin, stdout: streams.stdout }));
  if (resume === 'cancelled') return;
  const { environment, journal, checkpoints } = await openAgentEnvironment({ workspace, env, needsModel: true, ask: null, onEvent: () => undefined, output });
  const retrieval = openRetrievalIndexCache(workspace, env);
  if (retrieval.warning !== null) output.warn(retrieval.warning);
  const engine = await createSessionEngine({
    environment,
    mode: config.agent.mode,
    journal,
    checkpoints,
    store: choice.store,
    discovery: {
      createCommandRuntime: (planned) => createCommandRuntime(workspace, planned),
      ...(retrieval.cache === null ? {} : { retrievalCache: retrieval.cache }),
    },
    ...(resume === null ? {} : { resume }),
    modelLabel: `${config.llm.provider ?? 'none'}/${config.llm.model ?? 'none'}`,
    switchModel: (model) => Promise.resolve(openModel(config.llm, env, model)),
  });
  try {
    await ui.runChat({ engine, stdin, stdout: streams.stdout });
  } finally {
    await engine.close();
  }
}

/** The session to continue: none, the latest (`--continue`), by id or picked (`--resume [ID]`); 'cancelled' when the picker was left. */
async function resumedSession(
  store: SessionStore | null,
  workspace: string,
  raw: Record<string, unknown>,
  pick: (sessions: { id: string; title: string; updatedAt: string; turns: number }[]) => Promise<string | null>,
): Promise<OpenedSession | null | 'cancelled'> {
  const isContinue = raw.continue === true;
  const resume = raw.resume;
  if (!isContinue && resume === undefined) return null;
  const flag = isContinue ? '--continue' : '--resume';
  if (store === null) throw new BrassError('usage', `${flag}: sessions are not saved for this workspace (see the warning above)`);
  if (typeof resume === 'string') return store.open(resume, workspace);
  const { sessions } = await store.list(workspace);
  if (sessions.length === 0) throw new BrassError('usage', `${flag}: there is no earlier chat session in this workspace; start one with \`brass-agent chat\``);
  if (isContinue) return store.open(sessions[0]!.id, workspace);
  const id = await pick(sessions);
  return id === null ? 'cancelled' : store.open(id, workspace);
}
