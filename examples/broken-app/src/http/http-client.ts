export interface HttpResponse {
  status: number;
  body: unknown;
}

/** The subset of HTTP the app needs. */
export interface HttpClient {
  get(path: string, headers: Record<string, string>): Promise<HttpResponse>;
}

export interface RecordedRequest {
  path: string;
  headers: Record<string, string>;
}

/** An HttpClient that answers from a fixed table and records every request (for tests and offline mode). */
export function createStaticHttpClient(routes: Record<string, unknown>): HttpClient & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  return {
    requests,
    async get(path, headers) {
      requests.push({ path, headers });
      if (!(path in routes)) return { status: 404, body: { error: `no route ${path}` } };
      return { status: 200, body: routes[path] };
    },
  };
}
