import type { ApprovalAnswer, ContextReport } from '../../agent/engine/session-engine.js';
import type { AgentMode } from '../../agent/events/agent-event.js';
import type { SessionDetail, SessionListEntry, UndoResult } from '../http/api-shapes.js';
import { ApiError, apiErrorOf } from './api-error.js';

export type { SessionDetail, UndoResult };
/** A session as `GET /api/sessions` lists it, newest first (stored, or open in this server). */
export type SessionSummary = SessionListEntry;

/** The approval modes a new session can take (as `--approval`). */
export type ApprovalPolicy = 'ask' | 'auto' | 'never';

/** The calls the studio makes, one per endpoint of `brass-agent serve`. */
export interface StudioApi {
  listSessions(): Promise<SessionSummary[]>;
  createSession(options: { mode?: AgentMode; approval?: ApprovalPolicy }): Promise<{ id: string }>;
  getSession(sessionId: string): Promise<SessionDetail>;
  sendMessage(sessionId: string, text: string): Promise<{ turnId: string }>;
  answerApproval(sessionId: string, approvalId: string, answer: ApprovalAnswer): Promise<void>;
  diff(sessionId: string): Promise<string>;
  /** With `force`, files changed since the last turn are restored too (the conflicts of a first attempt). */
  undo(sessionId: string, options?: { force?: boolean }): Promise<UndoResult>;
  cancel(sessionId: string): Promise<{ cancelled: boolean }>;
  deleteSession(sessionId: string): Promise<void>;
  context(sessionId: string): Promise<ContextReport>;
  /** The URL of the session's event stream (read with openEventStream and `headers`). */
  eventsUrl(sessionId: string): string;
  /** The headers every call sends: the bearer token. */
  readonly headers: Record<string, string>;
}

/**
 * The API client: JSON in and out, `Authorization: Bearer TOKEN` on every
 * call, and an ApiError naming the server's message for every non-2xx
 * answer (or for a network failure, status 0).
 */
export function createApiClient(token: string, baseUrl = ''): StudioApi {
  const headers = { Authorization: `Bearer ${token}` };
  const sessionPath = (sessionId: string, rest = '') => `${baseUrl}/api/sessions/${encodeURIComponent(sessionId)}${rest}`;

  async function call<Result>(method: string, url: string, body?: unknown): Promise<Result> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
        cache: 'no-store',
      });
    } catch (error) {
      throw new ApiError(0, 'network', `cannot reach brass-agent serve (${error instanceof Error ? error.message : String(error)}): is it still running?`);
    }
    if (!response.ok) throw await apiErrorOf(response);
    const text = await response.text();
    if (text === '') return undefined as Result;
    try {
      return JSON.parse(text) as Result;
    } catch {
      throw new ApiError(response.status, 'bad-response', `${method} ${url} answered something that is not JSON`);
    }
  }

  return {
    headers,
    listSessions: async () => (await call<{ sessions: SessionSummary[] }>('GET', `${baseUrl}/api/sessions`)).sessions,
    createSession: (options) => call('POST', `${baseUrl}/api/sessions`, options),
    getSession: (sessionId) => call('GET', sessionPath(sessionId)),
    sendMessage: (sessionId, text) => call('POST', sessionPath(sessionId, '/messages'), { text }),
    answerApproval: async (sessionId, approvalId, answer) => {
      await call('POST', sessionPath(sessionId, `/approvals/${encodeURIComponent(approvalId)}`), answer);
    },
    diff: async (sessionId) => (await call<{ diff: string }>('GET', sessionPath(sessionId, '/diff'))).diff,
    undo: (sessionId, options = {}) => call('POST', sessionPath(sessionId, '/undo'), options.force === true ? { force: true } : undefined),
    cancel: (sessionId) => call('POST', sessionPath(sessionId, '/cancel')),
    deleteSession: async (sessionId) => {
      await call('DELETE', sessionPath(sessionId));
    },
    context: (sessionId) => call('GET', sessionPath(sessionId, '/context')),
    eventsUrl: (sessionId) => sessionPath(sessionId, '/events'),
  };
}
