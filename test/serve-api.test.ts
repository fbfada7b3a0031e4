import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../src/server/http/index.js';
import { modelCliEnv } from './support/model-cli-env.js';
import { type RecordedRequest, type ScriptedLlmServer, type ScriptedTurn, startScriptedLlmServer } from './support/scripted-llm-server.js';
import { type EventStreamClient, type ServeProcess, openEventStream, rawRequest, startServe } from './support/serve-cli.js';
import { type TempWorkspace, createTempWorkspace } from './support/temp-workspace.js';

// `brass-agent serve` as a client uses it: the built CLI as a child process
// on a temp workspace, a scripted model on loopback, Node's fetch as the
// client. One server for the whole file; each test makes its own sessions.

const TIMEOUT_MS = 60_000;
const NOTES = 'notes.txt';

/** The model: a message with EDIT edits notes.txt, then says it is done; anything else gets a greeting. */
function script(request: RecordedRequest): ScriptedTurn {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  if (messages.at(-1)?.role === 'tool') return { text: 'Done editing.' };
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  if (String(lastUser?.content).includes('EDIT')) {
    return { text: 'Editing the notes.', toolCalls: [{ name: 'edit_file', arguments: { path: NOTES, old_string: 'old line', new_string: 'new line' } }] };
  }
  return { text: 'Hello from the scripted model.' };
}

let workspace: TempWorkspace;
let home: TempWorkspace;
let model: ScriptedLlmServer;
let server: ServeProcess;

beforeAll(async () => {
  workspace = await createTempWorkspace({ files: { [NOTES]: 'old line\n', 'README.md': '# demo\n' } });
  home = await createTempWorkspace();
  model = await startScriptedLlmServer({ script });
  const env = modelCliEnv(home, { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_BASE_URL: model.baseUrl, BRASS_LLM_MODEL: 'scripted-test' });
  server = await startServe(['--cwd', workspace.root], { env });
}, TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await model?.close();
  await workspace?.dispose();
  await home?.dispose();
});

async function createSession(body: Record<string, unknown> = {}): Promise<string> {
  const response = await server.api('/api/sessions', { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function postMessage(id: string, text: string): Promise<string> {
  const response = await server.api(`/api/sessions/${id}/messages`, { method: 'POST', body: JSON.stringify({ text }) });
  expect(response.status).toBe(202);
  return ((await response.json()) as { turnId: string }).turnId;
}

async function expectError(response: Response, status: number, code: string, message?: RegExp): Promise<void> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { version: number; error: { code: string; message: string } };
  expect(body).toMatchObject({ version: 1, error: { code } });
  if (message !== undefined) expect(body.error.message).toMatch(message);
}

/** Answers every approval the stream asks for with `once` until the turn ends; returns the approvals asked. */
async function approveUntilFinished(id: string, stream: EventStreamClient, turnId: string): Promise<Record<string, unknown>[]> {
  const answered = new Set<string>();
  const approvals: Record<string, unknown>[] = [];
  for (;;) {
    const next = await stream.until((event) => (event.data.type === 'approval.requested' && !answered.has(String(event.data.approvalId))) || (event.data.type === 'turn.finished' && event.data.turnId === turnId));
    if (next.data.type === 'turn.finished') return approvals;
    answered.add(String(next.data.approvalId));
    approvals.push(next.data);
    const response = await server.api(`/api/sessions/${id}/approvals/${String(next.data.approvalId)}`, { method: 'POST', body: JSON.stringify({ choice: 'once' }) });
    expect(response.status).toBe(200);
  }
}

describe('brass-agent serve: who may ask', () => {
  it('prints one line with the URL on 127.0.0.1 and a token; health answers with it', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await server.api('/api/health');
    expect(await response.json()).toEqual({ version: 1, ok: true });
  });

  it('answers 401 without a token and 403 with a wrong one, for every route', async () => {
    for (const path of ['/api/health', '/api/sessions', '/openapi.json', '/']) {
      const missing = await fetch(new URL(path, server.url));
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
      await expectError(missing, 401, 'unauthorized', /Authorization: Bearer/);
      await expectError(await fetch(new URL(path, server.url), { headers: { authorization: 'Bearer not-the-token' } }), 403, 'forbidden', /wrong token/);
    }
    await expectError(await fetch(new URL('/api/sessions', server.url), { headers: { authorization: `Basic ${server.token}` } }), 403, 'forbidden');
    // The query token is for the studio page alone.
    await expectError(await fetch(new URL(`/api/sessions?token=${server.token}`, server.url)), 401, 'unauthorized');
  });

  it('answers 403 to a Host other than 127.0.0.1:PORT or localhost:PORT (DNS rebinding), with the right token', async () => {
    const authorization = `Bearer ${server.token}`;
    for (const host of [`evil.example:${server.port}`, '127.0.0.1', `127.0.0.1:${server.port + 1}`]) {
      const answer = await rawRequest(`${server.url}api/health`, { headers: { host, authorization } });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ version: 1, error: { code: 'forbidden', message: expect.stringContaining('Host') } });
    }
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      expect((await rawRequest(`${server.url}api/health`, { headers: { host, authorization } })).status).toBe(200);
    }
  });

  it('answers 403 to another Origin and sends no CORS header, even for a preflight', async () => {
    const authorization = `Bearer ${server.token}`;
    for (const origin of ['http://evil.example', 'null', `https://127.0.0.1:${server.port}`]) {
      const answer = await rawRequest(`${server.url}api/sessions`, { headers: { origin, authorization } });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: { code: 'forbidden', message: expect.stringContaining('origin') } });
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    const preflight = await rawRequest(`${server.url}api/sessions`, { method: 'OPTIONS', headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const own = await rawRequest(`${server.url}api/health`, { headers: { origin: `http://127.0.0.1:${server.port}`, authorization } });
    expect(own.status).toBe(200);
  });
});

describe('brass-agent serve: bad input', () => {
  it('answers 413 to a body over the limit', async () => {
    const id = await createSession();
    const response = await server.api(`/api/sessions/${id}/messages`, { method: 'POST', body: JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 1) }) });
    await expectError(response, 413, 'too-large', /larger than 1048576 bytes/);
  });

  it('answers 400 to malformed JSON and to a schema violation, naming the field', async () => {
    const id = await createSession();
    const post = (path: string, body: string) => server.api(path, { method: 'POST', body });
    await expectError(await post(`/api/sessions/${id}/messages`, '{"text": '), 400, 'invalid-json', /not valid JSON/);
    await expectError(await post(`/api/sessions/${id}/messages`, '{"text": 42}'), 400, 'invalid-input', /^text: .*expected string/);
    await expectError(await post(`/api/sessions/${id}/messages`, '{"text": "   "}'), 400, 'invalid-input', /^text: must not be empty/);
    await expectError(await post(`/api/sessions/${id}/messages`, '{"text": "hi", "colour": "red"}'), 400, 'invalid-input', /^colour: unknown field/);
    await expectError(await post('/api/sessions', '{"mode": "yolo"}'), 400, 'invalid-input', /^mode: .*"read-only"/);
    await expectError(await post('/api/sessions', '[1]'), 400, 'invalid-input', /^the body: /);
    await expectError(await post(`/api/sessions/${id}/approvals/a1`, '{"choice": "maybe"}'), 400, 'invalid-input', /^choice: /);
    await expectError(await post(`/api/sessions/${id}/approvals/a1`, '{"choice": "once", "message": "no"}'), 400, 'invalid-input', /^message: is allowed only with choice "deny"/);
  });

  it('answers 404 to an unknown session, approval or route', async () => {
    for (const [method, path] of [
      ['GET', '/api/sessions/no-such-session'],
      ['GET', '/api/sessions/no-such-session/events'],
      ['GET', '/api/sessions/no-such-session/diff'],
      ['POST', '/api/sessions/no-such-session/cancel'],
      ['DELETE', '/api/sessions/no-such-session'],
      ['GET', '/api/sessions/..%2F..%2Fetc/context'],
    ] as const) {
      await expectError(await server.api(path, { method }), 404, 'not-found', /no session/);
    }
    const id = await createSession();
    await expectError(await server.api(`/api/sessions/${id}/approvals/nope`, { method: 'POST', body: '{"choice": "deny"}' }), 404, 'not-found', /approval "nope" is not pending/);
    await expectError(await server.api('/api/nothing-here'), 404, 'not-found', /no route GET \/api\/nothing-here/);
  });

  it('answers 409 to a message while a turn runs', async () => {
    const id = await createSession({ mode: 'write', approval: 'ask' });
    const stream = await openEventStream(server, `/api/sessions/${id}/events`);
    const turnId = await postMessage(id, 'EDIT the notes please');
    await stream.until((event) => event.data.type === 'approval.requested');
    await expectError(await server.api(`/api/sessions/${id}/messages`, { method: 'POST', body: '{"text": "and more"}' }), 409, 'busy');
    expect(await (await server.api(`/api/sessions/${id}/cancel`, { method: 'POST' })).json()).toEqual({ cancelled: true });
    const finished = await stream.until((event) => event.data.type === 'turn.finished');
    expect(finished.data).toMatchObject({ turnId, state: 'cancelled' });
    expect(fs.readFileSync(workspace.path(NOTES), 'utf8')).toBe('old line\n');
    stream.close();
  });
});

describe('brass-agent serve: a session from start to undo', () => {
  it('streams the turn, asks for approval, applies on once, shows the diff, and undo restores the file on disk', { timeout: TIMEOUT_MS }, async () => {
    const id = await createSession({ mode: 'write', approval: 'ask' });
    const stream = await openEventStream(server, `/api/sessions/${id}/events`);

    const greeting = await postMessage(id, 'say hello');
    const first = await stream.until((event) => event.data.type === 'turn.finished' && event.data.turnId === greeting);
    expect(first.data).toMatchObject({ version: 1, state: 'completed' });
    expect(typeof first.data.time).toBe('string');
    const texts = stream.events.filter((event) => event.data.type === 'text.delta').map((event) => String(event.data.text));
    expect(texts.join('')).toBe('Hello from the scripted model.');
    expect(stream.events[0]!.data).toMatchObject({ type: 'turn.started', turnId: greeting, text: 'say hello' });
    // Ids count up from 1, one per event.
    expect(stream.events.map((event) => Number(event.id))).toEqual(stream.events.map((_, index) => index + 1));

    const edit = await postMessage(id, 'EDIT the notes');
    const approvals = await approveUntilFinished(id, stream, edit);
    expect(approvals.length).toBeGreaterThan(0);
    expect(approvals.some((approval) => String(approval.diff ?? '').includes('+new line'))).toBe(true);
    const finished = stream.events.find((event) => event.data.type === 'turn.finished' && event.data.turnId === edit)!;
    expect(finished.data.state).toBe('applied');
    expect(fs.readFileSync(workspace.path(NOTES), 'utf8')).toBe('new line\n');

    const diff = (await (await server.api(`/api/sessions/${id}/diff`)).json()) as { diff: string };
    expect(diff.diff).toMatch(/^-old line$/m);
    expect(diff.diff).toMatch(/^\+new line$/m);

    const session = (await (await server.api(`/api/sessions/${id}`)).json()) as Record<string, unknown>;
    expect(session).toMatchObject({ id, mode: 'write', isBusy: false, readOnlyReason: null, workspace: workspace.root });
    expect(session.turns).toEqual([
      expect.objectContaining({ turnId: greeting, user: 'say hello', assistant: 'Hello from the scripted model.', state: 'completed' }),
      expect.objectContaining({ turnId: edit, state: 'applied' }),
    ]);
    const listed = (await (await server.api('/api/sessions')).json()) as { sessions: { id: string; turns: number; title: string; isOpen: boolean }[] };
    expect(listed.sessions.find((entry) => entry.id === id)).toMatchObject({ title: 'say hello', turns: 2, isOpen: true, isBusy: false });

    const undo = await server.api(`/api/sessions/${id}/undo`, { method: 'POST' });
    expect(await undo.json()).toMatchObject({ restored: [NOTES], conflicts: [] });
    expect(fs.readFileSync(workspace.path(NOTES), 'utf8')).toBe('old line\n');
    await stream.until((event) => event.data.type === 'checkpoint.restored');

    const context = (await (await server.api(`/api/sessions/${id}/context`)).json()) as Record<string, unknown>;
    expect(context).toMatchObject({ guidance: [], reminders: [], tokens: { sessionInput: expect.any(Number), limit: expect.any(Number) } });
    expect(Array.isArray(context.discovered)).toBe(true);

    // DELETE closes the engine and ends its streams; the stored session opens again on the next request.
    expect(await (await server.api(`/api/sessions/${id}`, { method: 'DELETE' })).json()).toEqual({ closed: true });
    await stream.ended;
    expect(await (await server.api(`/api/sessions/${id}`, { method: 'DELETE' })).json()).toEqual({ closed: false });
    const reopened = (await (await server.api(`/api/sessions/${id}`)).json()) as { turns: unknown[] };
    expect(reopened.turns).toHaveLength(2);
  });
});

describe('brass-agent serve: event streams', () => {
  it('gives each of 50 clients on one session every event, in order', { timeout: TIMEOUT_MS }, async () => {
    const id = await createSession();
    const clients = await Promise.all(Array.from({ length: 50 }, () => openEventStream(server, `/api/sessions/${id}/events`)));
    const turnId = await postMessage(id, 'say hello to everyone');
    await Promise.all(clients.map((client) => client.until((event) => event.data.type === 'turn.finished' && event.data.turnId === turnId)));
    const expected = clients[0]!.events.map((event) => `${event.id} ${String(event.data.type)}`);
    expect(expected).toContain(`${expected.length} turn.finished`);
    expect(expected.some((line) => line.endsWith(' text.delta'))).toBe(true);
    for (const client of clients) {
      expect(client.events.map((event) => `${event.id} ${String(event.data.type)}`)).toEqual(expected);
      client.close();
    }
  });

  it('a client that goes away mid-turn leaves the turn running; reconnecting with Last-Event-ID gets exactly what it missed', { timeout: TIMEOUT_MS }, async () => {
    const id = await createSession({ mode: 'write', approval: 'ask' });
    const leaving = await openEventStream(server, `/api/sessions/${id}/events`);
    const staying = await openEventStream(server, `/api/sessions/${id}/events`);
    const turnId = await postMessage(id, 'EDIT the notes again');
    const asked = await leaving.until((event) => event.data.type === 'approval.requested');
    leaving.close();
    await leaving.ended;

    await approveUntilFinished(id, staying, turnId);
    const missedByLeaving = staying.events.filter((event) => Number(event.id) > Number(asked.id));
    expect(missedByLeaving.at(-1)!.data).toMatchObject({ type: 'turn.finished', turnId, state: 'applied' });

    const back = await openEventStream(server, `/api/sessions/${id}/events`, { lastEventId: asked.id! });
    await back.until((event) => event.data.type === 'turn.finished' && event.data.turnId === turnId);
    expect(back.events.map((event) => event.id)).toEqual(missedByLeaving.map((event) => event.id));
    expect(back.events.map((event) => event.data)).toEqual(missedByLeaving.map((event) => event.data));
    back.close();
    staying.close();
    await server.api(`/api/sessions/${id}/undo`, { method: 'POST' });
  });
});

describe('brass-agent serve: the OpenAPI document', () => {
  it('describes every route with the schemas the handlers check', async () => {
    const document = (await (await server.api('/openapi.json')).json()) as { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(document.openapi).toBe('3.1.0');
    const described = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(described.sort()).toEqual(API_ROUTES.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`).sort());
    const message = document.paths['/api/sessions/{id}/messages']!.post!;
    expect(message).toMatchObject({ requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['text'], additionalProperties: false } } } } });
    expect(document.paths['/api/sessions/{id}/context']!.get!.responses).toHaveProperty('200');
  });
});
