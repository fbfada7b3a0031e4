import { type ChildProcessByStdio, spawn } from 'node:child_process';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { CLI_PATH } from './build-once.js';

/** A running `brass-agent serve` child process, found by its first stdout line. */
export interface ServeProcess {
  url: string;
  token: string;
  port: number;
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything written on stderr so far. */
  stderr(): string;
  /** `fetch` on the server with the bearer token (unless `headers` sets Authorization itself). */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** Sends `signal` (default SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The one line serve prints on stdout. */
const READY_LINE = /^brass-agent serve: (http:\/\/\S+\/) token (\S+)$/;

/** Starts the built CLI's `serve` and resolves when it printed its URL and token (rejects when it exits first). */
export function startServe(args: readonly string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', ...args], { cwd: options.cwd ?? process.cwd(), env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n')[0]!;
      const match = stdout.includes('\n') ? READY_LINE.exec(line) : null;
      if (match === null) return;
      const url = match[1]!;
      const token = match[2]!;
      resolve({
        url,
        token,
        port: Number(new URL(url).port),
        child,
        stderr: () => stderr,
        api: (path, init = {}) => fetch(new URL(path, url), { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) } }),
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`brass-agent serve exited (${code}) before it was ready: ${stdout}${stderr}`)));
  });
}

/** One server-sent event as the stream delivered it. */
export interface ReceivedEvent {
  id: string | null;
  data: Record<string, unknown>;
}

/** A client of an event stream: events arrive into `events`; `until` waits for one matching. */
export interface EventStreamClient {
  events: ReceivedEvent[];
  /** Resolves with the first event (from the start) matching `predicate`; rejects if the stream ends first. */
  until(predicate: (event: ReceivedEvent) => boolean): Promise<ReceivedEvent>;
  /** Whether the server ended the stream. */
  readonly isEnded: boolean;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Goes away (aborts the request). */
  close(): void;
}

/** Opens `GET path` as an event stream with the token (and a Last-Event-ID); resolves once the response headers arrived. */
export async function openEventStream(server: Pick<ServeProcess, 'url' | 'token'>, path: string, options: { lastEventId?: string } = {}): Promise<EventStreamClient> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${server.token}`, accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(new URL(path, server.url), { headers, signal: controller.signal });
  if (!response.ok || response.body === null) throw new Error(`event stream ${path}: HTTP ${response.status} ${await response.text()}`);
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let isEnded = false;
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event = parseBlock(block);
          if (event !== null) events.push(event);
        }
        notify();
      }
    } catch {
      // Aborted by close(): the stream is over for this client.
    } finally {
      isEnded = true;
      notify();
    }
  })();
  return {
    events,
    get isEnded() {
      return isEnded;
    },
    ended,
    until(predicate) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found !== undefined) {
            waiters.delete(check);
            resolve(found);
          } else if (isEnded) {
            waiters.delete(check);
            reject(new Error(`the event stream ended without the awaited event; got ${events.map((event) => String(event.data.type)).join(', ')}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

/** A block of `field: value` lines; comments (heartbeats) give null. */
function parseBlock(block: string): ReceivedEvent | null {
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return data.length === 0 ? null : { id, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
}

/** A raw HTTP request (fetch cannot set Host, and browsers set Origin themselves), answered with status and JSON body. */
export function rawRequest(url: string, options: { method?: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; body: unknown; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text === '' ? null : (JSON.parse(text) as unknown), headers: response.headers }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
