import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { stampEvent } from '../../agent/events/stamp-event.js';
import type { LoggedEvent, SessionEventLog } from './session-event-log.js';

/** Events waiting for one client before it counts as too slow and is dropped (it may reconnect with Last-Event-ID). */
export const MAX_CLIENT_QUEUE_EVENTS = 5000;
/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/** What a client's queue holds: events, a heartbeat comment, the notice of events lost before a resume. */
type StreamItem = LoggedEvent | { heartbeat: true } | { lost: number };

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
    const queue: StreamItem[] = [];
    let isEnded = false;
    let isWriting = false;
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let stopListening: () => void = () => undefined;
    // Ending lets go of the log at once: a write that is stuck (a client that stopped reading) holds nothing more.
    const end = () => {
      isEnded = true;
      stopListening();
      if (!isWriting) finish();
    };
    // Writes the queue out, one write at a time; started by each new item, so an event that finds the
    // stream idle is written within the emit that produced it (no hop through a waiting loop).
    const pump = async () => {
      if (isWriting) return;
      isWriting = true;
      try {
        for (let next = queue.shift(); next !== undefined && !isEnded && !stream.aborted; next = queue.shift()) await writeItem(stream, next);
      } finally {
        isWriting = false;
        if (isEnded || stream.aborted) finish();
      }
    };
    const enqueue = (item: StreamItem) => {
      queue.push(item);
      void pump();
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
        enqueue(event);
      },
      onClose: end,
    });
    // Only while idle: a client that is behind gets events, which keep it open as well.
    const heartbeat = setInterval(() => {
      if (queue.length === 0 && !isWriting) enqueue({ heartbeat: true });
    }, heartbeatMs);
    stopListening = () => {
      clearInterval(heartbeat);
      unsubscribe();
      queue.length = 0;
    };
    stream.onAbort(end);
    void pump();
    try {
      await finished;
    } finally {
      stopListening();
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

async function writeItem(stream: SSEStreamingApi, item: StreamItem): Promise<void> {
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
