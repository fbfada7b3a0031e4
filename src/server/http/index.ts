/**
 * `brass-agent serve`: the session engine over HTTP with server-sent
 * events, the studio page and an OpenAPI document. The composition root
 * (src/cli/commands/serve-action.ts) opens the workspace and passes the
 * engine factory and the session store in; nothing here opens one.
 */
export { ApiError, SERVE_API_VERSION } from './api-error.js';
export { API_ROUTES } from './api-routes.js';
export type { ApiRoute } from './api-routes.js';
export { buildOpenApiDocument } from './build-openapi-document.js';
export { MAX_BODY_BYTES, createServeApp } from './create-serve-app.js';
export type { ServeAppOptions } from './create-serve-app.js';
export { allowedHostsFor, isLoopbackHost } from './serve-hosts.js';
export { ServeSessions } from './serve-sessions.js';
export type { OpenSession, ServeSessionsOptions, SessionChoice } from './serve-sessions.js';
export type { SessionDetail, SessionListEntry, UndoResult } from './api-shapes.js';
export { createServeToken, isSameToken } from './serve-token.js';
export { DEFAULT_EVENT_LOG_CAPACITY, SessionEventLog } from './session-event-log.js';
export type { LoggedEvent, MissedEvents } from './session-event-log.js';
export { HEARTBEAT_INTERVAL_MS, MAX_CLIENT_QUEUE_EVENTS } from './stream-session-events.js';
export { startServeListener, urlHost } from './start-serve-listener.js';
export type { ServeAddress, ServeListener } from './start-serve-listener.js';
