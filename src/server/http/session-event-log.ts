import type { ProtocolEvent } from '../../agent/events/agent-event.js';

/** Events a session keeps for clients that reconnect (`Last-Event-ID`). */
export const DEFAULT_EVENT_LOG_CAPACITY = 2000;

/** One event as the stream sends it: its id in the session and its JSON, serialized once for every client. */
export interface LoggedEvent {
  id: number;
  data: string;
}

/** A stream client of the log. */
export interface EventLogListener {
  onEvent(event: LoggedEvent): void;
  /** The session was closed: no event follows. */
  onClose(): void;
}

/** What a reconnecting client missed: the events still kept, and how many after its id are gone. */
export interface MissedEvents {
  events: LoggedEvent[];
  /** Events after the client's id that the ring no longer holds (they were sent before the oldest kept one). */
  lost: number;
}

/**
 * The recent events of one session, with ids counting up from 1, in a ring
 * of `capacity` (older ones are dropped), and the stream clients listening.
 * `since` and `subscribe` called one after the other (no await between)
 * give a reconnecting client every event exactly once.
 */
export class SessionEventLog {
  private readonly capacity: number;
  private readonly ring: (LoggedEvent | undefined)[];
  private readonly listeners = new Set<EventLogListener>();
  /** Id of the next event; the ring holds ids [nextId - size, nextId). */
  private nextId = 1;
  private size = 0;
  private isClosed = false;

  constructor(capacity = DEFAULT_EVENT_LOG_CAPACITY) {
    this.capacity = capacity;
    this.ring = new Array<LoggedEvent | undefined>(capacity);
  }

  /** The id of the last event (0 before the first). */
  get lastId(): number {
    return this.nextId - 1;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  append(event: ProtocolEvent): LoggedEvent {
    const logged: LoggedEvent = { id: this.nextId, data: JSON.stringify(event) };
    this.ring[logged.id % this.capacity] = logged;
    this.nextId += 1;
    this.size = Math.min(this.size + 1, this.capacity);
    for (const listener of this.listeners) listener.onEvent(logged);
    return logged;
  }

  /** The kept events after `lastId`, oldest first. An id from the future (another server's) gets nothing. */
  since(lastId: number): MissedEvents {
    const oldestKept = this.nextId - this.size;
    const first = Math.max(lastId + 1, oldestKept);
    const events: LoggedEvent[] = [];
    for (let id = first; id < this.nextId; id++) events.push(this.ring[id % this.capacity]!);
    return { events, lost: Math.max(0, Math.min(oldestKept, this.nextId) - (lastId + 1)) };
  }

  /** Adds a listener of every later event; returns the unsubscribe. A closed log closes the listener at once. */
  subscribe(listener: EventLogListener): () => void {
    if (this.isClosed) {
      listener.onClose();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends every stream of the session. */
  close(): void {
    this.isClosed = true;
    for (const listener of [...this.listeners]) listener.onClose();
    this.listeners.clear();
  }
}
