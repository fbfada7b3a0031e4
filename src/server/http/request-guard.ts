import type { MiddlewareHandler } from 'hono';
import { sendError } from './api-error.js';
import { isSameToken } from './serve-token.js';

/** Who may talk to the server: the token, and the Host and Origin values that name it. */
export interface RequestGuardOptions {
  token: string;
  /** `host:port` values (lower case) a request's Host may have; null: any (a server bound to every interface). */
  allowedHosts: ReadonlySet<string> | null;
}

/** The one page a browser opens by navigation, which cannot send a header: it may carry the token as `?token=`. */
const PAGE_PATH = '/';

/**
 * Checks every request before any route: the Host (a DNS-rebinding page
 * reaches 127.0.0.1 under its own name) must name the server, and an
 * Origin (sent by browsers) must be the server's own, `http://` and one of
 * those names (another site's page in the person's browser), else 403; then
 * `Authorization: Bearer TOKEN`, missing 401, wrong 403, compared in
 * constant time. The studio page alone also takes `?token=TOKEN`.
 */
export function requestGuard(options: RequestGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (options.allowedHosts !== null && !options.allowedHosts.has(host)) {
      return sendError(c, 403, 'forbidden', `the Host header ${JSON.stringify(host.slice(0, 100))} does not name this server`);
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !isOwnOrigin(origin.toLowerCase(), host, options.allowedHosts)) {
      return sendError(c, 403, 'forbidden', `requests from the origin ${JSON.stringify(origin.slice(0, 100))} are not allowed`);
    }
    const token = bearerToken(c.req.header('authorization')) ?? (c.req.method === 'GET' && c.req.path === PAGE_PATH ? c.req.query('token') || undefined : undefined);
    if (token === undefined) {
      c.header('WWW-Authenticate', 'Bearer');
      return sendError(c, 401, 'unauthorized', 'missing token: send Authorization: Bearer TOKEN (printed by brass-agent serve and kept in serve.json)');
    }
    if (!isSameToken(token, options.token)) return sendError(c, 403, 'forbidden', 'wrong token');
    await next();
    return undefined;
  };
}

function isOwnOrigin(origin: string, host: string, allowedHosts: ReadonlySet<string> | null): boolean {
  if (!origin.startsWith('http://')) return false;
  const originHost = origin.slice('http://'.length);
  return originHost === host || (allowedHosts?.has(originHost) ?? false);
}

/** The token of an `Authorization: Bearer TOKEN` header; undefined without one (or an empty one). */
function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  // Another scheme or a malformed header is a credential all the same, and a wrong one: it is compared (and fails).
  if (match === null) return header;
  return match[1] === '' ? undefined : match[1];
}
