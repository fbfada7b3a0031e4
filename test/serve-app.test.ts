import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../src/agent/events/agent-event.js';
import { API_ROUTES, type OpenSession, ServeSessions, createServeApp } from '../src/server/http/index.js';
import { type FakeSessionEngine, createFakeSessionEngine } from './support/fake-session-engine.js';
import { type TempWorkspace, createTempWorkspace } from './support/temp-workspace.js';

// The serve app in process (its fetch, no socket) over a fake session
// engine: what the end-to-end tests cannot set up cheaply — the studio
// page's files, a ring smaller than a reconnect's gap, a client that stops
// reading, the heartbeat.

const TOKEN = 'test-token-0123456789';
const BASE = 'http://127.0.0.1:4000';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function serveApp(options: { studioDirectory?: string | null; eventCapacity?: number; maxQueueEvents?: number; heartbeatIntervalMs?: number } = {}) {
  const engines: FakeSessionEngine[] = [];
  const sessions = new ServeSessions({
    createEngine: async () => {
      const engine = createFakeSessionEngine({ id: `session-${engines.length + 1}`, holdsTurns: true });
      engines.push(engine);
      return engine;
    },
    store: null,
    workspace: '/workspace',
    ...(options.eventCapacity === undefined ? {} : { eventCapacity: options.eventCapacity }),
  });
  const app = createServeApp({
    sessions,
    token: TOKEN,
    allowedHosts: new Set(['127.0.0.1:4000']),
    studioDirectory: options.studioDirectory ?? null,
    version: '0.0.0-test',
    redact: (text) => text,
    _internal: { stream: { ...(options.maxQueueEvents === undefined ? {} : { maxQueueEvents: options.maxQueueEvents }), ...(options.heartbeatIntervalMs === undefined ? {} : { heartbeatIntervalMs: options.heartbeatIntervalMs }) } },
  });
  const request = (path: string, init: RequestInit = {}) =>
    app.request(`${BASE}${path}`, { ...init, headers: { host: '127.0.0.1:4000', authorization: `Bearer ${TOKEN}`, ...(init.headers as Record<string, string> | undefined) } });
  return { app, sessions, engines, request };
}

async function openSession(request: ReturnType<typeof serveApp>['request'], sessions: ServeSessions): Promise<OpenSession> {
  const created = (await (await request('/api/sessions', { method: 'POST' })).json()) as { id: string };
  return sessions.get(created.id);
}

/** Reads SSE blocks from a response until `count` were read (comments included) or the stream ends. */
async function readBlocks(response: Response, count: number): Promise<{ blocks: string[]; isEnded: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const blocks: string[] = [];
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { blocks, isEnded: true };
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      blocks.push(buffer.slice(0, boundary));
      buffer = buffer.slice(boundary + 2);
      if (blocks.length >= count) {
        await reader.cancel();
        return { blocks, isEnded: false };
      }
    }
  }
}

const warning = (index: number): AgentEvent => ({ type: 'warning', message: `event ${index}` });

async function studioFiles(files: Record<string, string>): Promise<TempWorkspace> {
  const directory = await createTempWorkspace({ files });
  cleanups.push(() => directory.dispose());
  return directory;
}

describe('serve: the routes', () => {
  it('registers exactly the routes the OpenAPI document is built from', () => {
    const { app } = serveApp();
    const registered = app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method.toLowerCase()} ${route.path}`);
    expect(registered.sort()).toEqual(API_ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });
});

describe('serve: the studio page', () => {
  const script = 'document.body.dataset.ready = "yes";';
  const style = 'body { margin: 0; }';
  const sha = (text: string) => createHash('sha256').update(text).digest('base64');
  const html = `<!doctype html><html><head><style>${style}</style></head><body><script>${script}</script></body></html>`;

  it('serves index.html with ?token, a CSP of exactly its script and style hashes, no referrer and no caching', async () => {
    const studio = await studioFiles({ 'index.html': html, 'studio.json': JSON.stringify({ scriptSha256: sha(script), styleSha256: sha(style) }) });
    const { app } = serveApp({ studioDirectory: studio.root });
    const response = await app.request(`${BASE}/?token=${TOKEN}`, { headers: { host: '127.0.0.1:4000' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(html);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${sha(script)}'; style-src 'sha256-${sha(style)}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.request(`${BASE}/?token=wrong`, { headers: { host: '127.0.0.1:4000' } })).status).toBe(403);
    expect((await app.request(`${BASE}/`, { headers: { host: '127.0.0.1:4000' } })).status).toBe(401);
  });

  it('answers 404 saying how to build it when the files are missing or damaged, and the API still works', async () => {
    const missing = await studioFiles({});
    const damaged = await studioFiles({ 'index.html': html, 'studio.json': '{"scriptSha256": "not base64"}' });
    for (const [directory, message] of [
      [null, /not built.*npm run build/],
      [missing.root, /not built.*npm run build/],
      [damaged.root, /damaged.*npm run build/],
    ] as const) {
      const { request } = serveApp({ studioDirectory: directory });
      const page = await request('/');
      expect(page.status).toBe(404);
      const body = (await page.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('not-found');
      expect(body.error.message).toMatch(message);
      expect((await request('/api/health')).status).toBe(200);
    }
  });
});

describe('serve: event streams in process', () => {
  it('tells a client whose Last-Event-ID is older than the ring how many events it lost, then sends the kept ones', async () => {
    const { request, sessions } = serveApp({ eventCapacity: 5 });
    const session = await openSession(request, sessions);
    const engine = session.engine as FakeSessionEngine;
    for (let index = 1; index <= 20; index++) engine.emit(warning(index));
    const response = await request(`/api/sessions/${session.engine.id}/events`, { headers: { 'last-event-id': '2' } });
    const { blocks } = await readBlocks(response, 6);
    expect(blocks[0]).not.toMatch(/^id:/m);
    expect(JSON.parse(blocks[0]!.replace(/^data: /, ''))).toMatchObject({ version: 1, type: 'warning', message: expect.stringMatching(/^13 event\(s\) after Last-Event-ID are no longer kept/) });
    expect(blocks.slice(1).map((block) => /^id: (\d+)$/m.exec(block)?.[1])).toEqual(['16', '17', '18', '19', '20']);
    expect(JSON.parse(/^data: (.*)$/m.exec(blocks[5]!)![1]!)).toMatchObject({ type: 'warning', message: 'event 20' });
  });

  it('sends nothing from before connecting without Last-Event-ID, and nothing lost for an id still in the ring', async () => {
    const { request, sessions } = serveApp({ eventCapacity: 5 });
    const session = await openSession(request, sessions);
    const engine = session.engine as FakeSessionEngine;
    for (let index = 1; index <= 3; index++) engine.emit(warning(index));
    const fresh = await request(`/api/sessions/${session.engine.id}/events`);
    const resumed = await request(`/api/sessions/${session.engine.id}/events`, { headers: { 'last-event-id': '1' } });
    const everything = await request(`/api/sessions/${session.engine.id}/events`, { headers: { 'last-event-id': '0' } });
    engine.emit(warning(4));
    expect((await readBlocks(everything, 4)).blocks.map((block) => /^id: (\d+)$/m.exec(block)?.[1])).toEqual(['1', '2', '3', '4']);
    expect((await readBlocks(fresh, 1)).blocks.map((block) => /^id: (\d+)$/m.exec(block)?.[1])).toEqual(['4']);
    expect((await readBlocks(resumed, 3)).blocks.map((block) => /^id: (\d+)$/m.exec(block)?.[1])).toEqual(['2', '3', '4']);
    // The clients went away (readBlocks cancels the body): the session holds no stream for them.
    expect(session.events.listenerCount).toBe(0);
  });

  it('drops a client that stops reading once its queue is full, instead of buffering without end', async () => {
    const { request, sessions } = serveApp({ maxQueueEvents: 10 });
    const session = await openSession(request, sessions);
    const engine = session.engine as FakeSessionEngine;
    const response = await request(`/api/sessions/${session.engine.id}/events`);
    expect(session.events.listenerCount).toBe(1);
    for (let index = 1; index <= 200; index++) engine.emit({ type: 'text.delta', text: 'x'.repeat(1000), agent: 'main' });
    const { blocks, isEnded } = await readBlocks(response, 1000);
    expect(isEnded).toBe(true);
    expect(blocks.length).toBeLessThan(200);
    expect(session.events.listenerCount).toBe(0);
  });

  it('writes a heartbeat comment while idle, and ends the stream when the session is closed', async () => {
    const { request, sessions } = serveApp({ heartbeatIntervalMs: 5 });
    const session = await openSession(request, sessions);
    const response = await request(`/api/sessions/${session.engine.id}/events`);
    const reading = readBlocks(response, 1000);
    const first = await readBlocks(await request(`/api/sessions/${session.engine.id}/events`), 1);
    expect(first.blocks).toEqual([': heartbeat']);
    expect((await request(`/api/sessions/${session.engine.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await reading).isEnded).toBe(true);
    expect((session.engine as FakeSessionEngine).callsOf('close')).toHaveLength(1);
  });
});
