import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type EventStreamStatus, openEventStream } from '../src/server/studio/event-stream.js';
import type { ServerSentEvent } from '../src/server/studio/sse-parser.js';

// The studio's event stream reader against a real HTTP server on 127.0.0.1: headers on every attempt, a
// reconnection after a drop that asks for what it missed (Last-Event-ID), and no retry when the server refuses.

interface Attempt {
  headers: http.IncomingHttpHeaders;
  response: http.ServerResponse;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server that hands each request to the test, in order. */
async function startServer(onAttempt: (attempt: Attempt, index: number) => void): Promise<string> {
  let index = 0;
  const server = http.createServer((request, response) => onAttempt({ headers: request.headers, response }, index++));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/sessions/s1/events`;
}

function startEventStream(response: http.ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
}

/** Resolves once `count` events have arrived (or the status says the stream failed). */
function collect(count: number) {
  const events: ServerSentEvent[] = [];
  const statuses: EventStreamStatus[] = [];
  let settle: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (settle = resolve));
  return {
    events,
    statuses,
    done,
    onEvent(event: ServerSentEvent) {
      events.push(event);
      if (events.length === count) settle();
    },
    onStatus(status: EventStreamStatus) {
      statuses.push(status);
      if (status.state === 'failed') settle();
    },
  };
}

describe('the studio event stream', () => {
  it('reconnects after a drop with Last-Event-ID and the token, and gets what it missed', async () => {
    const attempts: Attempt[] = [];
    const url = await startServer((attempt, index) => {
      attempts.push(attempt);
      startEventStream(attempt.response);
      if (index === 0) {
        // Two whole events, then the connection breaks in the middle of the third.
        attempt.response.write('retry: 1\n\nid: 1\nevent: text.delta\ndata: {"n":1}\n\n: heartbeat\n\nid: 2\ndata: {"n":2}\n\nid: 3\ndata: {"n"', () => attempt.response.destroy());
      } else {
        attempt.response.write('id: 3\ndata: {"n":3}\n\nid: 4\ndata: {"n":4}\n\n');
      }
    });
    const sink = collect(4);
    const stream = openEventStream({ url, headers: { Authorization: 'Bearer secret-token' }, onEvent: sink.onEvent, onStatus: sink.onStatus });
    await sink.done;
    stream.close();

    expect(sink.events.map((event) => [event.lastEventId, event.data])).toEqual([
      ['1', '{"n":1}'],
      ['2', '{"n":2}'],
      ['3', '{"n":3}'],
      ['4', '{"n":4}'],
    ]);
    expect(sink.events[0]?.event).toBe('text.delta');
    expect(attempts).toHaveLength(2);
    expect(attempts.map((attempt) => attempt.headers.authorization)).toEqual(['Bearer secret-token', 'Bearer secret-token']);
    expect(attempts[0]?.headers['last-event-id']).toBeUndefined();
    expect(attempts[1]?.headers['last-event-id']).toBe('2');
    expect(attempts[1]?.headers.accept).toBe('text/event-stream');
    expect(stream.lastEventId).toBe('4');
    expect(sink.statuses.map((status) => status.state)).toEqual(['open', 'reconnecting', 'open', 'closed']);
  });

  it('sends a given Last-Event-ID on the first attempt too (0: every event the server keeps)', async () => {
    const attempts: Attempt[] = [];
    const url = await startServer((attempt) => {
      attempts.push(attempt);
      startEventStream(attempt.response);
      attempt.response.write('id: 1\ndata: {}\n\n');
    });
    const sink = collect(1);
    const stream = openEventStream({ url, headers: {}, onEvent: sink.onEvent, onStatus: sink.onStatus, lastEventId: '0' });
    await sink.done;
    stream.close();
    expect(attempts[0]?.headers['last-event-id']).toBe('0');
  });

  it('stops at a refusal and says why, without retrying', async () => {
    let attempts = 0;
    const url = await startServer(({ response }) => {
      attempts += 1;
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ version: 1, error: { code: 'forbidden', message: 'wrong token' } }));
    });
    const sink = collect(1);
    const stream = openEventStream({ url, headers: { Authorization: 'Bearer wrong' }, onEvent: sink.onEvent, onStatus: sink.onStatus, retryMs: 1 });
    await sink.done;
    stream.close();
    expect(sink.statuses[0]).toEqual({ state: 'failed', reason: 'wrong token' });
    expect(attempts).toBe(1);
  });

  it('refuses an answer that is not an event stream', async () => {
    const url = await startServer(({ response }) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<p>not a stream</p>');
    });
    const sink = collect(1);
    const stream = openEventStream({ url, headers: {}, onEvent: sink.onEvent, onStatus: sink.onStatus });
    await sink.done;
    stream.close();
    expect(sink.statuses[0]).toEqual({ state: 'failed', reason: 'the server answered text/html, not an event stream' });
    expect(sink.events).toEqual([]);
  });

  it('retries while the server fails, then streams', async () => {
    const url = await startServer(({ response }, index) => {
      if (index < 2) {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ version: 1, error: { code: 'unavailable', message: 'starting' } }));
        return;
      }
      startEventStream(response);
      response.write('id: 9\ndata: {}\n\n');
    });
    const sink = collect(1);
    const stream = openEventStream({ url, headers: {}, onEvent: sink.onEvent, onStatus: sink.onStatus, retryMs: 1 });
    await sink.done;
    stream.close();
    expect(sink.statuses.slice(0, 3)).toEqual([
      { state: 'reconnecting', reason: 'starting', delayMs: 1 },
      { state: 'reconnecting', reason: 'starting', delayMs: 2 },
      { state: 'open' },
    ]);
  });

  it('close() ends the request: the server sees the client go', async () => {
    let closed: () => void = () => undefined;
    const isClosed = new Promise<void>((resolve) => (closed = resolve));
    let opened: () => void = () => undefined;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const url = await startServer(({ response }) => {
      startEventStream(response);
      response.write(': hello\n\n');
      response.on('close', closed);
    });
    const stream = openEventStream({ url, headers: {}, onEvent: () => undefined, onStatus: (status) => status.state === 'open' && opened() });
    await isOpen;
    stream.close();
    await isClosed;
  });
});
