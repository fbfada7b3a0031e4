import { apiErrorOf } from './api-error.js';
import { createSseParser, type ServerSentEvent } from './sse-parser.js';

/** Wait before reconnecting when the server named no `retry:`. */
export const DEFAULT_RETRY_MS = 1000;
/** The longest wait between attempts while the server stays unreachable. */
export const MAX_RETRY_MS = 10_000;

/** What the stream is doing, for the page to show. */
export type EventStreamStatus =
  | { state: 'open' }
  | { state: 'reconnecting'; reason: string; delayMs: number }
  /** The server refused the stream (auth, unknown session): retrying would not help. */
  | { state: 'failed'; reason: string }
  | { state: 'closed' };

export interface EventStreamOptions {
  url: string;
  /** Sent on every attempt (the bearer token: EventSource could not send it). */
  headers: Record<string, string>;
  onEvent(event: ServerSentEvent): void;
  onStatus?(status: EventStreamStatus): void;
  retryMs?: number;
  /** Sent as `Last-Event-ID` on the first attempt too (`'0'`: every event the server still keeps). */
  lastEventId?: string;
  /** Test seam (internal): the fetch to use. */
  fetch?: typeof fetch;
}

export interface EventStream {
  /** Stops reading and reconnecting. */
  close(): void;
  /** The last event id received (sent as `Last-Event-ID` when reconnecting). */
  readonly lastEventId: string;
}

/**
 * Reads a server-sent event stream with fetch() and a stream reader, so it
 * can send headers, and reconnects after a drop with `Last-Event-ID`, so the
 * server replays what was missed (EventSource's behaviour, by hand). A 4xx
 * answer ends it for good; a network error, a 5xx or the end of the body is
 * retried, waiting longer after each failed attempt up to MAX_RETRY_MS.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const fetchFunction = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  const parser = createSseParser((event) => {
    if (!controller.signal.aborted) options.onEvent(event);
  }, options.lastEventId);
  const report = (status: EventStreamStatus) => {
    if (!controller.signal.aborted || status.state === 'closed') options.onStatus?.(status);
  };

  async function readOnce(): Promise<{ outcome: 'dropped' | 'failed'; reason: string; wasOpen: boolean }> {
    const headers: Record<string, string> = { ...options.headers, Accept: 'text/event-stream' };
    if (parser.lastEventId !== '') headers['Last-Event-ID'] = parser.lastEventId;
    let response: Response;
    try {
      response = await fetchFunction(options.url, { headers, signal: controller.signal });
    } catch (error) {
      return { outcome: 'dropped', reason: `cannot reach the server (${messageOf(error)})`, wasOpen: false };
    }
    if (response.status >= 400 && response.status < 500) return { outcome: 'failed', reason: (await apiErrorOf(response)).message, wasOpen: false };
    if (!response.ok || response.body === null) return { outcome: 'dropped', reason: (await apiErrorOf(response)).message, wasOpen: false };
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await response.body.cancel();
      return { outcome: 'failed', reason: `the server answered ${response.headers.get('content-type') ?? 'no content type'}, not an event stream`, wasOpen: false };
    }
    report({ state: 'open' });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
      parser.push(decoder.decode());
      return { outcome: 'dropped', reason: 'the server ended the stream', wasOpen: true };
    } catch (error) {
      return { outcome: 'dropped', reason: `the stream broke (${messageOf(error)})`, wasOpen: true };
    } finally {
      parser.end();
    }
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!controller.signal.aborted) {
      const result = await readOnce();
      if (controller.signal.aborted) break;
      if (result.outcome === 'failed') {
        report({ state: 'failed', reason: result.reason });
        return;
      }
      failures = result.wasOpen ? 0 : failures + 1;
      const base = parser.retryMs ?? options.retryMs ?? DEFAULT_RETRY_MS;
      const delayMs = Math.min(MAX_RETRY_MS, base * 2 ** Math.max(0, failures - 1));
      report({ state: 'reconnecting', reason: result.reason, delayMs });
      await sleep(delayMs, controller.signal);
    }
  }

  void run();
  return {
    close() {
      if (controller.signal.aborted) return;
      controller.abort();
      report({ state: 'closed' });
    },
    get lastEventId() {
      return parser.lastEventId;
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, milliseconds);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
