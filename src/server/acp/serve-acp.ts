import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { PROTOCOL_VERSION, RequestError, agent, ndJsonStream, type AgentContext, type ClientCapabilities, type InitializeResponse, type SessionModeState } from '@agentclientprotocol/sdk';
import type { SessionEngine } from '../../agent/engine/index.js';
import { AGENT_MODES } from '../../agent/tools/index.js';
import type { AgentMode } from '../../agent/events/agent-event.js';
import { BrassError, type OpenedSession, type Runtime, type SessionStore, type WorkspaceScope } from '../../core/index.js';
import { AcpSession } from './acp-session.js';
import { toRequestError } from './to-request-error.js';

/**
 * The largest JSON-RPC message read from the editor: a prompt with its
 * embedded resources fits many times over (each resource is capped at
 * 64 KiB when attached); a larger line ends the connection rather than
 * being held in memory (the SDK's default is 32 MiB).
 */
export const MAX_ACP_MESSAGE_BYTES = 8 * 1024 * 1024;

/** The workspace an `acp` process serves and how it creates session engines (the CLI's openSessionEngines). */
export interface AcpEngines {
  /** Absolute real path of the workspace root. */
  root: string;
  scope: WorkspaceScope;
  /** The workspace's checking runtime: prompt resources are checked through it. */
  runtime: Runtime;
  redact(text: string): string;
  /** Where sessions are kept; null: not saved (then no session/load). */
  store: SessionStore | null;
  create(choice?: { resume?: OpenedSession }): Promise<SessionEngine>;
}

export interface ServeAcpOptions {
  engines: AcpEngines;
  /** Read for JSON-RPC messages, one per line. */
  stdin: NodeJS.ReadableStream;
  /** Carries JSON-RPC messages only. */
  stdout: NodeJS.WritableStream;
  /** The agent version announced in `initialize`. */
  version: string;
  /** Diagnostics (stderr, never stdout). */
  log(line: string): void;
}

/**
 * Serves the Agent Client Protocol (version 1) over stdio until the editor
 * closes stdin: `initialize`, `session/new` (its `cwd` must be the served
 * workspace or inside it), `session/load` (stored sessions, replayed),
 * `session/list`, `session/prompt`, `session/cancel`, `session/set_mode`,
 * `session/close`;
 * our events become
 * `session/update` notifications and our approvals
 * `session/request_permission` requests. Then every session is closed
 * (running turns cancelled, locks released).
 */
export async function serveAcp(options: ServeAcpOptions): Promise<void> {
  const { engines, log } = options;
  const sessions = new Map<string, AcpSession>();
  let clientCapabilities: ClientCapabilities = {};

  const open = async (client: AgentContext, cwd: string, resume?: OpenedSession): Promise<AcpSession> => {
    const engine = await engines.create(resume === undefined ? {} : { resume });
    const readClientFile =
      clientCapabilities.fs?.readTextFile === true
        ? async (absolutePath: string) => (await client.request('fs/read_text_file', { sessionId: engine.id, path: absolutePath })).content
        : null;
    const session = new AcpSession({ engine, client, workspace: { scope: engines.scope, runtime: engines.runtime, redact: engines.redact, readClientFile, warn: (message) => log(`warning: ${engines.redact(message)}`) }, log });
    sessions.set(session.id, session);
    log(`acp: session ${session.id} (cwd ${cwd})`);
    return session;
  };
  const context = { log, redact: engines.redact };
  const sessionOf = (sessionId: string): AcpSession => {
    const session = sessions.get(sessionId);
    if (session === undefined) throw RequestError.sessionNotFound(sessionId);
    return session;
  };

  const app = agent({ name: 'brass-agent' })
    .onRequest('initialize', ({ params }): InitializeResponse => {
      clientCapabilities = params.clientCapabilities ?? {};
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: engines.store !== null,
          // session/close releases the session (its lock too, so session/load can open it again).
          sessionCapabilities: { close: {}, ...(engines.store === null ? {} : { list: {} }) },
          // Text and resource links are the baseline; embedded text resources are attached (checked and redacted) too.
          promptCapabilities: { image: false, audio: false, embeddedContext: true },
        },
        agentInfo: { name: 'brass-agent', title: 'brass-agent', version: options.version },
        authMethods: [],
      };
    })
    .onRequest('session/new', async ({ params, client }) =>
      guarded(context, async () => {
        await checkCwd(engines, params.cwd, params.additionalDirectories);
        if (params.mcpServers.length > 0) log(`acp: the editor's ${params.mcpServers.length} MCP server(s) are not used (brass-agent has its own tools)`);
        const session = await open(client, params.cwd);
        return { sessionId: session.id, modes: modeState(session.mode) };
      }),
    )
    .onRequest('session/load', async ({ params, client }) =>
      guarded(context, async () => {
        await checkCwd(engines, params.cwd, params.additionalDirectories);
        if (engines.store === null) throw new BrassError('usage', 'sessions are not saved for this workspace: session/load is not available');
        if (sessions.has(params.sessionId)) throw new BrassError('busy', `session ${params.sessionId} is already open on this connection`);
        const stored = await engines.store.open(params.sessionId, engines.root).catch((error: unknown) => {
          throw RequestError.resourceNotFound(`session ${params.sessionId}: ${error instanceof Error ? engines.redact(error.message) : String(error)}`);
        });
        const session = await open(client, params.cwd, stored);
        await session.replayHistory();
        return { modes: modeState(session.mode) };
      }),
    )
    .onRequest('session/list', async ({ params }) =>
      guarded(context, async () => {
        if (engines.store === null) throw new BrassError('usage', 'sessions are not saved for this workspace: session/list is not available');
        if (typeof params.cwd === 'string') await checkCwd(engines, params.cwd, undefined);
        const { sessions: stored, problems } = await engines.store.list(engines.root);
        for (const problem of problems) log(`warning: ${engines.redact(`${problem.file}: ${problem.message}`)}`);
        // Every session of the workspace, newest first, in one page (the store keeps a workspace's list small).
        return { sessions: stored.map((session) => ({ sessionId: session.id, cwd: engines.root, title: session.title, updatedAt: session.updatedAt })) };
      }),
    )
    .onRequest('session/prompt', async ({ params, signal }) => guarded(context, () => sessionOf(params.sessionId).prompt(params.prompt, signal)))
    .onRequest('session/set_mode', async ({ params }) =>
      guarded(context, async () => {
        const mode = AGENT_MODES.find((candidate) => candidate === params.modeId);
        if (mode === undefined) throw RequestError.invalidParams({ modeId: params.modeId }, `unknown mode ${params.modeId}; one of ${AGENT_MODES.join(', ')}`);
        await sessionOf(params.sessionId).setMode(mode);
        return {};
      }),
    )
    .onRequest('session/close', async ({ params }) =>
      guarded(context, async () => {
        const session = sessionOf(params.sessionId);
        sessions.delete(params.sessionId);
        await session.close();
        return {};
      }),
    )
    .onNotification('session/cancel', ({ params }) => {
      const isCancelled = sessions.get(params.sessionId)?.cancel() ?? false;
      log(`acp: session/cancel ${params.sessionId}: ${isCancelled ? 'the running turn is cancelled' : 'no turn was running'}`);
    });

  const output = Writable.toWeb(options.stdout as Writable) as WritableStream<Uint8Array>;
  const input = Readable.toWeb(options.stdin as Readable) as ReadableStream<Uint8Array>;
  const connection = app.connect(ndJsonStream(output, input, { maxMessageBytes: MAX_ACP_MESSAGE_BYTES }));
  log(`brass-agent acp ready (workspace ${engines.root})`);
  await connection.closed;
  for (const session of sessions.values()) await session.close();
}

/** Runs a handler; our errors become JSON-RPC errors naming the problem (see toRequestError). */
async function guarded<T>(context: { log(line: string): void; redact(text: string): string }, handler: () => Promise<T>): Promise<T> {
  try {
    return await handler();
  } catch (error) {
    const converted = toRequestError(error, context.redact);
    if (converted.code === -32603) context.log(`acp: ${converted.message}`);
    throw converted;
  }
}

/**
 * One workspace per `acp` process, as with `--cwd`: a session's `cwd` must
 * be absolute and, symlinks resolved, the served workspace or a directory
 * inside it; extra roots are not taken (we do not advertise them).
 */
async function checkCwd(engines: AcpEngines, cwd: string, additionalDirectories: readonly string[] | undefined): Promise<void> {
  if (!path.isAbsolute(cwd)) throw RequestError.invalidParams({ cwd }, `cwd must be an absolute path, got ${cwd}`);
  if ((additionalDirectories ?? []).length > 0) throw RequestError.invalidParams({ additionalDirectories }, 'additional directories are not supported: one workspace per brass-agent acp process');
  const resolved = await engines.scope.resolve(cwd);
  if (resolved.relativePath === null) {
    throw RequestError.invalidParams({ cwd }, `cwd ${cwd} is outside the workspace ${engines.root}; start another brass-agent acp with --cwd for it`);
  }
}

/** Our agent modes as ACP session modes (the editor's mode picker). */
function modeState(current: AgentMode): SessionModeState {
  return { currentModeId: current, availableModes: AGENT_MODES.map((mode) => ({ id: mode, name: mode })) };
}
