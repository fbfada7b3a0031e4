import type { SessionEngine } from '../../agent/engine/index.js';
import type { AgentEvent, AgentMode } from '../../agent/events/agent-event.js';
import { stampEvent } from '../../agent/events/stamp-event.js';
import { BrassError, InvalidInputError, type OpenedSession, type SessionStore } from '../../core/index.js';
import { ApiError } from './api-error.js';
import type { SessionListEntry } from './api-shapes.js';
import { SessionEventLog } from './session-event-log.js';

/** What a client may choose for a new session; a resumed one brings its own. */
export interface SessionChoice {
  mode?: AgentMode;
  approval?: 'ask' | 'auto' | 'never';
  resume?: OpenedSession;
}

/** A session engine this server holds open, with its event log. */
export interface OpenSession {
  engine: SessionEngine;
  events: SessionEventLog;
}

/** What ServeSessions needs: the composition root's factory and store (the server opens no workspace itself). */
export interface ServeSessionsOptions {
  createEngine(choice: SessionChoice): Promise<SessionEngine>;
  /** Where sessions are persisted; null: only the sessions open in this process exist. */
  store: SessionStore | null;
  /** Absolute real path of the workspace root (the store lists and opens its sessions only). */
  workspace: string;
  /** Events kept per session for `Last-Event-ID` (default DEFAULT_EVENT_LOG_CAPACITY). */
  eventCapacity?: number;
  now?: () => Date;
}

/** Session ids are the store's: letters, digits, `-` and `_`. Anything else names no session. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The sessions of one `serve` process: created through the factory, or
 * opened from the store on first use (a stored session is resumed when a
 * client asks for it), each with an event log its streams read. Closing a
 * session closes its engine (a running turn is cancelled and recorded) and
 * ends its streams; the stored session stays.
 */
export class ServeSessions {
  private readonly options: ServeSessionsOptions;
  private readonly open = new Map<string, OpenSession>();
  /** Stored sessions being opened, so two requests for one id open it once. */
  private readonly opening = new Map<string, Promise<OpenSession>>();
  private readonly createdAt = new Map<string, string>();
  private isClosing = false;

  constructor(options: ServeSessionsOptions) {
    this.options = options;
  }

  async create(choice: Omit<SessionChoice, 'resume'>): Promise<OpenSession> {
    this.assertOpen();
    const session = this.hold(await this.options.createEngine(choice));
    this.createdAt.set(session.engine.id, this.now().toISOString());
    return session;
  }

  /**
   * The session by id: open already, or resumed from the store.
   *
   * @throws ApiError 404 for an unknown id (or one of another workspace), 422 for a damaged session file.
   */
  async get(id: string): Promise<OpenSession> {
    const held = this.open.get(id);
    if (held !== undefined) return held;
    this.assertOpen();
    const store = this.options.store;
    if (!SESSION_ID_PATTERN.test(id) || store === null) throw notFound(id);
    let pending = this.opening.get(id);
    if (pending === undefined) {
      pending = this.resume(store, id).finally(() => this.opening.delete(id));
      this.opening.set(id, pending);
    }
    return pending;
  }

  /** Every session of the workspace, stored or open here, newest first. */
  async list(): Promise<SessionListEntry[]> {
    const stored = this.options.store === null ? [] : (await this.options.store.list(this.options.workspace)).sessions;
    const entries: SessionListEntry[] = stored.map((summary) => {
      const held = this.open.get(summary.id);
      return { id: summary.id, title: summary.title, updatedAt: summary.updatedAt, turns: summary.turns, isOpen: held !== undefined, isBusy: held?.engine.isBusy() ?? false };
    });
    const listed = new Set(entries.map((entry) => entry.id));
    // Open sessions without a message yet are not on disk: listed with the time they were created.
    for (const [id, held] of this.open) {
      if (listed.has(id)) continue;
      entries.push({ id, title: held.engine.history()[0]?.user.split('\n')[0] ?? '', updatedAt: this.createdAt.get(id) ?? this.now().toISOString(), turns: held.engine.history().length, isOpen: true, isBusy: held.engine.isBusy() });
    }
    return entries.sort((left, right) => right.updatedAt.localeCompare(left.updatedAt));
  }

  /** Closes an open session (its engine and streams); false when it was not open. */
  async close(id: string): Promise<boolean> {
    const held = this.open.get(id);
    if (held === undefined) return false;
    this.open.delete(id);
    this.createdAt.delete(id);
    try {
      await held.engine.close();
    } finally {
      held.events.close();
    }
    return true;
  }

  /** Whether the store holds a session of this workspace with this id. */
  async isStored(id: string): Promise<boolean> {
    if (this.options.store === null || !SESSION_ID_PATTERN.test(id)) return false;
    return (await this.options.store.list(this.options.workspace)).sessions.some((summary) => summary.id === id);
  }

  /** Cancels running turns and closes every session (sessions persist; a cancelled turn is recorded as such). */
  async closeAll(): Promise<void> {
    this.isClosing = true;
    await Promise.allSettled([...this.opening.values()]);
    await Promise.allSettled([...this.open.keys()].map((id) => this.close(id)));
  }

  private async resume(store: SessionStore, id: string): Promise<OpenSession> {
    let opened: OpenedSession;
    try {
      opened = await store.open(id, this.options.workspace);
    } catch (error) {
      // A session of another workspace is as unknown here as a missing one.
      if (BrassError.isInstance(error) && (error.code === 'not-found' || error.code === 'denied')) throw notFound(id);
      if (InvalidInputError.isInstance(error)) throw new ApiError(422, 'damaged-session', `session ${id} cannot be read: ${error.message}`, { cause: error });
      throw error;
    }
    return this.hold(await this.options.createEngine({ resume: opened }));
  }

  private hold(engine: SessionEngine): OpenSession {
    const events = new SessionEventLog(this.options.eventCapacity);
    engine.subscribe((event: AgentEvent) => events.append(stampEvent(event, this.now())));
    const session: OpenSession = { engine, events };
    this.open.set(engine.id, session);
    return session;
  }

  private assertOpen(): void {
    if (this.isClosing) throw new ApiError(503, 'closing', 'the server is shutting down');
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

function notFound(id: string): ApiError {
  return new ApiError(404, 'not-found', `no session ${JSON.stringify(id.slice(0, 128))} in this workspace`);
}
