import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { BrassError } from '../../core/index.js';

/** Where a server listens, once it does. */
export interface ServeAddress {
  /** The host as asked for (`127.0.0.1` by default). */
  host: string;
  port: number;
  /** `http://host:port/`, the host in brackets when it is IPv6. */
  url: string;
}

/** A listening server. */
export interface ServeListener extends ServeAddress {
  /** Stops accepting, ends open connections (event streams included) and resolves when closed. */
  close(): Promise<void>;
}

/** What answers requests: the Hono app's `fetch`, built once the port is known (its Host check needs it). */
export type ServeFetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Listens on `host:port` (port 0: any free port) with @hono/node-server and
 * answers with the app `createFetch` builds for the address.
 *
 * @throws BrassError `usage` when the address cannot be listened on (in use, not an address of this machine).
 */
export async function startServeListener(options: { host: string; port: number; createFetch: (address: ServeAddress) => ServeFetch }): Promise<ServeListener> {
  let fetch: ServeFetch | null = null;
  const server: ServerType = createAdaptorServer({ fetch: (request, env) => (fetch === null ? new Response(null, { status: 503 }) : fetch(request, env)) });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => reject(new BrassError('usage', `cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`, { cause: error }));
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const bound = server.address();
  const port = typeof bound === 'object' && bound !== null ? bound.port : options.port;
  const address: ServeAddress = { host: options.host, port, url: `http://${urlHost(options.host)}:${port}/` };
  fetch = options.createFetch(address);
  return {
    ...address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Event streams never end by themselves: without this, close would wait for every client to leave.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** An IPv6 address in a URL is bracketed. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
