/**
 * `brass-agent serve`'s event stream against a bare Hono SSE endpoint
 * emitting the same events, both served by @hono/node-server on loopback in
 * this process and read by a fetch client here:
 *
 * - latency: one event emitted, the time until the client has parsed it
 *   (LATENCY_EVENTS per round);
 * - events/s: a burst of BURST_EVENTS events (in slices of 100, a
 *   macrotask between slices, as a turn emits them) until the last one
 *   arrived, to one client and to 20 clients of one session.
 *
 * Ours goes through the whole server: request guard, the session's event
 * log (ring, one JSON per event for every client), the per-client queue and
 * hono's streamSSE; events come from a fake engine (the engine is not what
 * is measured). Rounds alternate (baseline, ours, baseline, …); medians of
 * ROUNDS rounds and their ratio.
 *
 * Then memory: the built CLI's `serve` on a temp workspace with the
 * scripted model, 20 sessions (one event stream each) and 1,000 messages
 * in all; its RSS after the first message of each session and after all.
 *
 *     npm run bench:serve [-- --rounds N] [-- --messages N]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AgentEvent } from '../src/agent/events/agent-event.js';
import { stampEvent } from '../src/agent/events/stamp-event.js';
import { ServeSessions, allowedHostsFor, createServeApp } from '../src/server/http/index.js';
import { buildIfStale } from '../scripts/build-if-stale.js';
import { type FakeSessionEngine, createFakeSessionEngine } from '../test/support/fake-session-engine.js';
import { startScriptedLlmServer } from '../test/support/scripted-llm-server.js';
import { openEventStream, startServe } from '../test/support/serve-cli.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const ROUNDS = option('--rounds', 5);
const MESSAGES = option('--messages', 1_000);
const LATENCY_EVENTS = 200;
const BURST_EVENTS = 2_000;
const BURST_SLICE = 100;
const MANY_CLIENTS = 20;
const SESSIONS = 20;
const TOKEN = 'bench-token';

const event = (index: number): AgentEvent => ({ type: 'text.delta', text: `chunk ${index} of a streamed answer, about forty chars`, agent: 'main' });

/** A source of events and where a client reads them. */
interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  emit(event: AgentEvent): void;
  close(): Promise<void>;
}

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve({ server, port: info.port }));
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/** The baseline: one streamSSE route, each event stamped, serialized and written to every client. */
async function bareTarget(): Promise<Target> {
  const clients = new Set<(data: string, id: number) => void>();
  let nextId = 1;
  const app = new Hono();
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      const write = (data: string, id: number) => void stream.writeSSE({ id: String(id), data });
      clients.add(write);
      await new Promise<void>((resolve) => stream.onAbort(resolve));
      clients.delete(write);
    }),
  );
  const { server, port } = await listen(app.fetch);
  return {
    name: 'bare',
    url: `http://127.0.0.1:${port}/events`,
    headers: {},
    emit(agentEvent) {
      const data = JSON.stringify(stampEvent(agentEvent, new Date()));
      const id = nextId++;
      for (const client of clients) client(data, id);
    },
    close: () => closeServer(server),
  };
}

/** Ours: the serve app over a fake engine whose events the bench emits. */
async function serveTarget(): Promise<Target> {
  const engine: FakeSessionEngine = createFakeSessionEngine({ id: 'bench-session' });
  const sessions = new ServeSessions({ createEngine: async () => engine, store: null, workspace: '/bench' });
  await sessions.create({});
  let app: Hono | null = null;
  const { server, port } = await listen((request) => app!.fetch(request));
  app = createServeApp({ sessions, token: TOKEN, allowedHosts: allowedHostsFor({ host: '127.0.0.1', port, url: '' }), studioDirectory: null, version: 'bench', redact: (text) => text });
  return {
    name: 'serve',
    url: `http://127.0.0.1:${port}/api/sessions/${engine.id}/events`,
    headers: { authorization: `Bearer ${TOKEN}` },
    emit: (agentEvent) => engine.emit(agentEvent),
    close: async () => {
      await sessions.closeAll();
      await closeServer(server);
    },
  };
}

/** A client that parses each event's JSON and calls `onEvent`. */
async function connect(target: Target, onEvent: () => void): Promise<() => void> {
  const controller = new AbortController();
  const response = await fetch(target.url, { headers: { ...target.headers, accept: 'text/event-stream' }, signal: controller.signal });
  if (!response.ok || response.body === null) throw new Error(`${target.name}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (data === null) continue;
          JSON.parse(data[1]!);
          onEvent();
        }
      }
    } catch {
      // Aborted at the end of the round.
    }
  })();
  return () => controller.abort();
}

/** Resolves when `count` more events arrived at `counter`. */
function arrivals(counter: { received: number; waiters: { at: number; resolve: () => void }[] }, count: number): Promise<void> {
  return new Promise((resolve) => counter.waiters.push({ at: counter.received + count, resolve }));
}

function newCounter() {
  const counter = {
    received: 0,
    waiters: [] as { at: number; resolve: () => void }[],
    onEvent() {
      counter.received += 1;
      counter.waiters = counter.waiters.filter((waiter) => (counter.received >= waiter.at ? (waiter.resolve(), false) : true));
    },
  };
  return counter;
}

/** Median milliseconds from emit to arrival of one event, over LATENCY_EVENTS. */
async function latencyRound(target: Target): Promise<number> {
  const counter = newCounter();
  const disconnect = await connect(target, counter.onEvent);
  const times: number[] = [];
  // The first event also waits for the stream's headers to be flushed: not timed.
  for (let index = 0; index <= LATENCY_EVENTS; index++) {
    const arrived = arrivals(counter, 1);
    const started = performance.now();
    target.emit(event(index));
    await arrived;
    if (index > 0) times.push(performance.now() - started);
  }
  disconnect();
  return median(times);
}

/** Events per second of a burst to `clients` clients (every client gets every event). */
async function burstRound(target: Target, clients: number): Promise<number> {
  const counters = Array.from({ length: clients }, () => newCounter());
  const disconnects = await Promise.all(counters.map((counter) => connect(target, counter.onEvent)));
  // A first event per client, so each stream is flowing before the clock starts.
  const ready = counters.map((counter) => arrivals(counter, 1));
  target.emit(event(-1));
  await Promise.all(ready);
  const done = counters.map((counter) => arrivals(counter, BURST_EVENTS));
  const started = performance.now();
  for (let index = 0; index < BURST_EVENTS; index++) {
    target.emit(event(index));
    if ((index + 1) % BURST_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(done);
  const seconds = (performance.now() - started) / 1000;
  for (const disconnect of disconnects) disconnect();
  return BURST_EVENTS / seconds;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function compare(label: string, unit: string, measure: (target: Target) => Promise<number>, bare: Target, ours: Target, isHigherBetter: boolean): Promise<void> {
  const bareValues: number[] = [];
  const ourValues: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareValues.push(await measure(bare));
    ourValues.push(await measure(ours));
  }
  const ratio = isHigherBetter ? median(bareValues) / median(ourValues) : median(ourValues) / median(bareValues);
  const format = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(3));
  console.log(`${label.padEnd(26)} ${format(median(ourValues)).padStart(10)} ${unit.padEnd(9)} ${format(median(bareValues)).padStart(10)} ${unit.padEnd(9)} ${ratio.toFixed(2)}× ${isHigherBetter ? '(bare/ours)' : '(ours/bare)'}`);
}

function residentMib(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (match === null) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

async function memory(): Promise<void> {
  const temp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-serve-')));
  const workspace = path.join(temp, 'workspace');
  const home = path.join(temp, 'home');
  fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(workspace, 'README.md'), '# bench\n');
  fs.writeFileSync(path.join(workspace, 'src', 'index.ts'), 'export const answer = 42;\n');
  const model = await startScriptedLlmServer({ script: (_request, index) => ({ text: `Answer ${index}: ${'streamed words '.repeat(8)}` }) });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
    XDG_STATE_HOME: path.join(home, 'state'),
    BRASS_LLM_PROVIDER: 'openai-compatible',
    BRASS_LLM_BASE_URL: model.baseUrl,
    BRASS_LLM_MODEL: 'scripted-bench',
  };
  const server = await startServe(['--cwd', workspace], { env });
  try {
    const ids: string[] = [];
    for (let index = 0; index < SESSIONS; index++) ids.push(((await (await server.api('/api/sessions', { method: 'POST' })).json()) as { id: string }).id);
    const streams = await Promise.all(ids.map((id) => openEventStream(server, `/api/sessions/${id}/events`)));
    const perSession = Math.ceil(MESSAGES / SESSIONS);
    let afterFirst = 0;
    const started = performance.now();
    for (let turn = 0; turn < perSession; turn++) {
      await Promise.all(
        ids.map(async (id, index) => {
          const response = await server.api(`/api/sessions/${id}/messages`, { method: 'POST', body: JSON.stringify({ text: `message ${turn} to session ${index}` }) });
          const { turnId } = (await response.json()) as { turnId: string };
          await streams[index]!.until((received) => received.data.type === 'turn.finished' && received.data.turnId === turnId);
        }),
      );
      if (turn === 0) afterFirst = residentMib(server.child.pid!);
    }
    const seconds = (performance.now() - started) / 1000;
    const afterAll = residentMib(server.child.pid!);
    console.log(
      `\nRSS of serve: ${afterFirst.toFixed(1)} MiB after ${SESSIONS} messages (one per session), ${afterAll.toFixed(1)} MiB after ${perSession * SESSIONS} across ${SESSIONS} sessions (${(afterAll / afterFirst).toFixed(2)}×; ${((perSession * SESSIONS) / seconds).toFixed(0)} turns/s with the scripted model)`,
    );
    for (const stream of streams) stream.close();
  } finally {
    await server.stop();
    await model.close();
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

buildIfStale(() => process.stderr.write('building dist/ (older than src/) …\n'));
const bare = await bareTarget();
const ours = await serveTarget();
try {
  console.log(`${ROUNDS} rounds each, interleaved (bare, serve, …); medians\n`);
  console.log(`${''.padEnd(26)} ${'serve'.padStart(10)} ${''.padEnd(9)} ${'bare Hono'.padStart(10)}`);
  await compare(`latency (${LATENCY_EVENTS} events)`, 'ms', latencyRound, bare, ours, false);
  await compare(`events/s (1 client)`, 'ev/s', (target) => burstRound(target, 1), bare, ours, true);
  await compare(`events/s (${MANY_CLIENTS} clients)`, 'ev/s', (target) => burstRound(target, MANY_CLIENTS), bare, ours, true);
} finally {
  await bare.close();
  await ours.close();
}
await memory();
