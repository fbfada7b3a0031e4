import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import {
  PROTOCOL_VERSION,
  client,
  ndJsonStream,
  type ClientCapabilities,
  type ClientContext,
  type InitializeResponse,
  type ReadTextFileRequest,
  type ReadTextFileResponse,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
} from '@agentclientprotocol/sdk';
import { CLI_PATH } from './build-once.js';

/** `brass-agent acp` as an editor runs it: the built CLI as a child process, the ACP SDK's client side over its stdio. */
export interface AcpTestAgent extends AsyncDisposable {
  agent: ClientContext;
  initialize: InitializeResponse;
  /** Every session/update received so far, in order. */
  updates: SessionNotification[];
  /** Every session/request_permission received so far, in order. */
  permissionRequests: RequestPermissionRequest[];
  /** Every fs/read_text_file the agent asked for. */
  fileReads: ReadTextFileRequest[];
  /** How the next fs/read_text_file requests are answered (default: `readTextFile` of the options). */
  answerFileRead: ((request: ReadTextFileRequest) => ReadTextFileResponse | Promise<ReadTextFileResponse>) | undefined;
  /** How the next permission requests are answered (default: reject). */
  answerPermission: (request: RequestPermissionRequest) => RequestPermissionResponse | Promise<RequestPermissionResponse>;
  /** Everything the process wrote to stdout, byte for byte (decoded as UTF-8). */
  stdout(): string;
  stderr(): string;
  /** Resolves when the next update satisfying `predicate` has arrived (or one already has, after `since`). */
  waitForUpdate(predicate: (notification: SessionNotification) => boolean, since?: number): Promise<SessionNotification>;
  /** Writes bytes to the process's stdin as they are (a malformed or oversized line). */
  writeRaw(text: string): void;
  /** Resolves to the exit code when the process has exited. */
  exited: Promise<number | null>;
  /** Closes stdin and waits for the process to exit; resolves to its exit code. */
  close(): Promise<number | null>;
}

export interface AcpAgentOptions {
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The client's capabilities announced in initialize (default: none). */
  capabilities?: ClientCapabilities;
  /** Answers fs/read_text_file when the capability is announced. */
  readTextFile?: (request: ReadTextFileRequest) => ReadTextFileResponse;
}

export async function startAcpAgent(options: AcpAgentOptions): Promise<AcpTestAgent> {
  const child = spawn(process.execPath, [CLI_PATH, 'acp', ...options.args], { env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
  const stdoutChunks: Buffer[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // The client reads what the process writes, and the test keeps every byte of it to check it is JSON-RPC only.
  let isCancelled = false;
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      child.stdout.on('data', (chunk: Buffer) => {
        stdoutChunks.push(chunk);
        if (!isCancelled) controller.enqueue(new Uint8Array(chunk));
      });
      // The connection may have cancelled the stream already (close()).
      child.stdout.on('end', () => {
        if (!isCancelled) controller.close();
      });
    },
    cancel() {
      isCancelled = true;
    },
  });
  const updates: SessionNotification[] = [];
  const waiters: { predicate: (notification: SessionNotification) => boolean; since: number; resolve: (notification: SessionNotification) => void }[] = [];
  const agentProcess: AcpTestAgent = {
    agent: undefined as unknown as ClientContext,
    initialize: undefined as unknown as InitializeResponse,
    updates,
    permissionRequests: [],
    fileReads: [],
    answerFileRead: options.readTextFile,
    answerPermission: () => ({ outcome: { outcome: 'selected', optionId: 'deny' } }),
    stdout: () => Buffer.concat(stdoutChunks).toString('utf8'),
    stderr: () => stderr,
    writeRaw: (text) => child.stdin.write(text),
    exited,
    waitForUpdate(predicate, since = 0) {
      const found = updates.slice(since).find(predicate);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ predicate, since, resolve }));
    },
    async close() {
      connection.close();
      child.stdin.end();
      return exited;
    },
    async [Symbol.asyncDispose]() {
      await agentProcess.close();
    },
  };
  const app = client({ name: 'brass-acp-test' })
    .onNotification('session/update', ({ params }) => {
      updates.push(params);
      for (const waiter of waiters.splice(0)) {
        if (updates.indexOf(params) >= waiter.since && waiter.predicate(params)) waiter.resolve(params);
        else waiters.push(waiter);
      }
    })
    .onRequest('session/request_permission', ({ params }) => {
      agentProcess.permissionRequests.push(params);
      return agentProcess.answerPermission(params);
    })
    .onRequest('fs/read_text_file', ({ params }) => {
      agentProcess.fileReads.push(params);
      if (agentProcess.answerFileRead === undefined) throw new Error('this client offers no fs/read_text_file');
      return agentProcess.answerFileRead(params);
    });
  const connection = app.connect(ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, input));
  agentProcess.agent = connection.agent;
  agentProcess.initialize = await connection.agent.request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: options.capabilities ?? {},
    clientInfo: { name: 'brass-acp-test', version: '0.0.0' },
  });
  return agentProcess;
}

/** The text of the agent message chunks of a session's updates, joined. */
export function agentText(updates: readonly SessionNotification[], sessionId: string): string {
  return updates
    .filter((notification) => notification.sessionId === sessionId)
    .map((notification) => (notification.update.sessionUpdate === 'agent_message_chunk' && notification.update.content.type === 'text' ? notification.update.content.text : ''))
    .join('');
}
