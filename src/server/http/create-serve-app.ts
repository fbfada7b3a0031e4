import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BrassError } from '../../core/index.js';
import { ApiError, SERVE_API_VERSION, sendError } from './api-error.js';
import { ApprovalBody, CreateSessionBody, MessageBody, UndoBody } from './api-schemas.js';
import { buildOpenApiDocument } from './build-openapi-document.js';
import { readJsonBody } from './read-json-body.js';
import { requestGuard } from './request-guard.js';
import type { ServeSessions } from './serve-sessions.js';
import { streamSessionEvents, type StreamSessionEventsInternal } from './stream-session-events.js';
import { loadStudioPage } from './studio-page.js';

/** Request bodies larger than this are refused with 413 (a message is at most MAX_MESSAGE_CHARS). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What the app serves and who may ask. */
export interface ServeAppOptions {
  sessions: ServeSessions;
  token: string;
  /** `host:port` values a request's Host may have (lower case); null: any (bound to every interface, `--allow-remote`). */
  allowedHosts: ReadonlySet<string> | null;
  /** The folder of the built studio (index.html, studio.json); null or missing: `/` answers 404, the API works. */
  studioDirectory: string | null;
  /** brass-agent's version, for the OpenAPI document. */
  version: string;
  /** Applied to every error message sent. */
  redact: (text: string) => string;
  /** Told of an error that is a bug (the client gets a generic 500). */
  onUnexpectedError?: (error: unknown) => void;
  /** Test and bench seams (internal). */
  _internal?: { maxBodyBytes?: number; stream?: StreamSessionEventsInternal };
}

/** Engine error codes and the status they answer with. */
const ENGINE_ERROR_STATUS: Readonly<Record<string, 400 | 404 | 409>> = { busy: 409, denied: 409, usage: 400, 'not-found': 404 };

/**
 * The HTTP API of `brass-agent serve` over the session engine (see
 * docs/serve.md and API_ROUTES): every request passes the request guard
 * (Host, Origin, bearer token), bodies are size-capped and checked against
 * their zod schema, errors are `{version, error: {code, message}}`. The app
 * holds no agent logic: each route is one call on a session engine.
 */
export function createServeApp(options: ServeAppOptions): Hono {
  const { sessions } = options;
  const app = new Hono();
  const openApi = buildOpenApiDocument(options.version);
  const maxBodyBytes = options._internal?.maxBodyBytes ?? MAX_BODY_BYTES;

  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('*', requestGuard({ token: options.token, allowedHosts: options.allowedHosts }));
  app.use(
    '*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request (RFC 9110, 15.5.14).
        c.header('Connection', 'close');
        return sendError(c, 413, 'too-large', `the request body is larger than ${maxBodyBytes} bytes`);
      },
    }),
  );

  app.get('/', async (c) => {
    const page = await loadStudioPage(options.studioDirectory);
    if (!page.isFound) return sendError(c, 404, 'not-found', page.message);
    return c.body(page.html, 200, page.headers);
  });
  app.get('/openapi.json', (c) => c.json(openApi));
  app.get('/api/health', (c) => c.json({ version: SERVE_API_VERSION, ok: true }));

  app.post('/api/sessions', async (c) => {
    const choice = await readJsonBody(c, CreateSessionBody);
    const { engine } = await sessions.create({ ...(choice.mode === undefined ? {} : { mode: choice.mode }), ...(choice.approval === undefined ? {} : { approval: choice.approval }) });
    return c.json({ id: engine.id }, 201);
  });
  app.get('/api/sessions', async (c) => c.json({ sessions: await sessions.list() }));
  app.get('/api/sessions/:id', async (c) => {
    const { engine } = await sessions.get(c.req.param('id'));
    return c.json({ id: engine.id, workspace: engine.workspace, mode: engine.mode, model: engine.model, isBusy: engine.isBusy(), readOnlyReason: engine.readOnlyReason, turns: engine.history() });
  });
  app.delete('/api/sessions/:id', async (c) => {
    const id = c.req.param('id');
    if (await sessions.close(id)) return c.json({ closed: true });
    if (await sessions.isStored(id)) return c.json({ closed: false });
    throw new ApiError(404, 'not-found', `no session ${JSON.stringify(id.slice(0, 128))} in this workspace`);
  });

  app.post('/api/sessions/:id/messages', async (c) => {
    const { text } = await readJsonBody(c, MessageBody);
    const { engine } = await sessions.get(c.req.param('id'));
    // `send` emits turn.started before its first await: the turn's id is known when it returns.
    let turnId: string | null = null;
    const unsubscribe = engine.subscribe((event) => {
      if (event.type === 'turn.started' && turnId === null) turnId = event.turnId;
    });
    const turn = engine.send(text);
    unsubscribe();
    if (turnId === null) {
      // No turn started: send refused (busy, read-only, empty); its error is the answer.
      await turn;
      throw new Error('the session engine started no turn and gave no reason');
    }
    // The turn goes on without the request (and without any client): its outcome is in its events.
    turn.catch((error: unknown) => options.onUnexpectedError?.(error));
    return c.json({ turnId }, 202);
  });
  app.get('/api/sessions/:id/events', async (c) => {
    const { events } = await sessions.get(c.req.param('id'));
    return streamSessionEvents(c, events, options._internal?.stream);
  });
  app.post('/api/sessions/:id/approvals/:approvalId', async (c) => {
    const answer = await readJsonBody(c, ApprovalBody);
    const { engine } = await sessions.get(c.req.param('id'));
    const approvalId = c.req.param('approvalId');
    if (!engine.answerApproval(approvalId, answer)) throw new ApiError(404, 'not-found', `approval ${JSON.stringify(approvalId.slice(0, 128))} is not pending (answered already, or its turn ended)`);
    return c.json({ answered: true });
  });
  app.get('/api/sessions/:id/diff', async (c) => {
    const { engine } = await sessions.get(c.req.param('id'));
    return c.json({ diff: engine.diff() });
  });
  app.post('/api/sessions/:id/undo', async (c) => {
    const body = await readJsonBody(c, UndoBody);
    const { engine } = await sessions.get(c.req.param('id'));
    const outcome = await engine.undo(body.force === true ? { force: true } : {});
    return c.json({ restored: outcome.restored, conflicts: outcome.conflicts, message: outcome.message });
  });
  app.post('/api/sessions/:id/cancel', async (c) => {
    const { engine } = await sessions.get(c.req.param('id'));
    return c.json({ cancelled: engine.cancel() });
  });
  app.get('/api/sessions/:id/context', async (c) => {
    const { engine } = await sessions.get(c.req.param('id'));
    return c.json(await engine.contextReport());
  });

  app.notFound((c) => sendError(c, 404, 'not-found', `no route ${c.req.method} ${c.req.path.slice(0, 200)}`));
  app.onError((error, c) => answerError(c, error, options));
  return app;
}

function answerError(c: Context, error: unknown, options: ServeAppOptions): Response {
  if (ApiError.isApiError(error)) return sendError(c, error.status, error.code, options.redact(error.message));
  if (BrassError.isInstance(error)) {
    const status = ENGINE_ERROR_STATUS[error.code];
    if (status !== undefined) return sendError(c, status, error.code, options.redact(error.message));
  }
  options.onUnexpectedError?.(error);
  return sendError(c, 500, 'internal', 'the server failed on this request (its log says why)');
}
