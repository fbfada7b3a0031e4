import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { stampEvent } from '../../agent/events/stamp-event.js';
import type { LoggedEvent, SessionEventLog } from './session-event-log.js';

/** Events waiting for one client before it counts as too slow and is dropped (it may reconnect with Last-Event-ID). */
export const MAX_CLIENT_QUEUE_EVENTS = 5000;
/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/** Test and bench seams of the stream (internal). */
export interface StreamSessionEventsInternal {
  maxQueueEvents?: number;
  heartbeatIntervalMs?: number;
}

/**
 * `GET /api/sessions/:id/events`: the session's events as server-sent
 * events, `id:` the event's number in the session and `data:` the event as
 * `run --protocol-json` prints it. From the moment of connecting, or, with
 * `Last-Event-ID`, from the event after that one: when the log no longer
 * holds all of them, a `warning` event (without an id) says how many were
 * lost before the kept ones follow. Each client has a bounded queue; one
 * that does not keep up is dropped (the stream ends), never buffered
 * without end. The stream ends when the client goes away or the session
 * is closed; the session's turn goes on either way.
 */
export function streamSessionEvents(c: Context, log: SessionEventLog, internal: StreamSessionEventsInternal = {}): Response {
  const maxQueue = internal.maxQueueEvents ?? MAX_CLIENT_QUEUE_EVENTS;
  const heartbeatMs = internal.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
  const lastEventId = parseEventId(c.req.header('last-event-id'));
  return streamSSE(c, async (stream) => {
    const queue: (LoggedEvent | { heartbeat: true } | { lost: number })[] = [];
    let wake: (() => void) | null = null;
    let isEnded = false;
    const signal = () => {
      const resume = wake;
      wake = null;
      resume?.();
    };
    const end = () => {
      isEnded = true;
      signal();
    };
    // since + subscribe with no await between: no event falls between the replay and the live ones.
    if (lastEventId !== null) {
      const missed = log.since(lastEventId);
      if (missed.lost > 0) queue.push({ lost: missed.lost });
      queue.push(...missed.events);
    }
    const unsubscribe = log.subscribe({
      onEvent(event) {
        if (queue.length >= maxQueue) {
          if (!isEnded) drop(c, stream);
          end();
          return;
        }
        queue.push(event);
        signal();
      },
      onClose: end,
    });
    const heartbeat = setInterval(() => {
      queue.push({ heartbeat: true });
      signal();
    }, heartbeatMs);
    stream.onAbort(end);
    try {
      while (!isEnded && !stream.aborted) {
        const next = queue.shift();
        if (next === undefined) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        await writeItem(stream, next);
      }
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
}

/**
 * Ends a client that stopped reading: its pending write is abandoned and its
 * connection destroyed (a stuck socket would otherwise hold the response
 * open until the peer goes away).
 */
function drop(c: Context, stream: SSEStreamingApi): void {
  stream.abort();
  (c.env as { outgoing?: { destroy?: () => void } } | undefined)?.outgoing?.destroy?.();
}

async function writeItem(stream: SSEStreamingApi, item: LoggedEvent | { heartbeat: true } | { lost: number }): Promise<void> {
  if ('heartbeat' in item) {
    await stream.write(': heartbeat\n\n');
    return;
  }
  if ('lost' in item) {
    const message = `${item.lost} event(s) after Last-Event-ID are no longer kept by the server; the stream goes on with the oldest kept one (reload the session for its history)`;
    await stream.writeSSE({ data: JSON.stringify(stampEvent({ type: 'warning', message }, new Date())) });
    return;
  }
  await stream.writeSSE({ id: String(item.id), data: item.data });
}

/** The `Last-Event-ID` as a number; null when absent or not one of ours. */
function parseEventId(header: string | undefined): number | null {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}
