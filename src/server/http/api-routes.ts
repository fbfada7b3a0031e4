import type * as z from 'zod';
import {
  ApprovalAnsweredResponse,
  ApprovalBody,
  CancelResponse,
  ClosedResponse,
  ContextReportResponse,
  CreateSessionBody,
  CreatedSessionResponse,
  DiffResponse,
  HealthResponse,
  MessageBody,
  SessionListResponse,
  SessionResponse,
  TurnAcceptedResponse,
  UndoBody,
  UndoResponse,
} from './api-schemas.js';

/** One endpoint as the OpenAPI document describes it; the app registers a handler for each (a test holds them equal). */
export interface ApiRoute {
  method: 'get' | 'post' | 'delete';
  /** Hono's form: `/api/sessions/:id`. */
  path: string;
  summary: string;
  body?: z.ZodType;
  status: number;
  /** The JSON answer; absent for the event stream and the page. */
  response?: z.ZodType;
  /** A non-JSON answer's media type. */
  mediaType?: string;
}

/** Every endpoint of `serve` (the CLI contract's list, plus DELETE of a session and its context report). */
export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'get', path: '/', summary: 'The studio page (the token may come as ?token=TOKEN here only).', status: 200, mediaType: 'text/html' },
  { method: 'get', path: '/openapi.json', summary: 'This document.', status: 200, mediaType: 'application/json' },
  { method: 'get', path: '/api/health', summary: 'Whether the server answers.', status: 200, response: HealthResponse },
  { method: 'post', path: '/api/sessions', summary: 'Creates a session.', body: CreateSessionBody, status: 201, response: CreatedSessionResponse },
  { method: 'get', path: '/api/sessions', summary: 'The sessions of the workspace, newest first.', status: 200, response: SessionListResponse },
  { method: 'get', path: '/api/sessions/:id', summary: 'A session and its finished turns (a stored one is opened).', status: 200, response: SessionResponse },
  { method: 'delete', path: '/api/sessions/:id', summary: 'Closes the session here (a running turn is cancelled); the stored session stays.', status: 200, response: ClosedResponse },
  { method: 'post', path: '/api/sessions/:id/messages', summary: 'Starts a turn with a message; its events follow on the stream.', body: MessageBody, status: 202, response: TurnAcceptedResponse },
  {
    method: 'get',
    path: '/api/sessions/:id/events',
    summary: 'The session’s events as server-sent events (each `data:` as run --protocol-json prints it, `id:` its number); Last-Event-ID resumes after that event.',
    status: 200,
    mediaType: 'text/event-stream',
  },
  { method: 'post', path: '/api/sessions/:id/approvals/:approvalId', summary: 'Answers a pending approval.', body: ApprovalBody, status: 200, response: ApprovalAnsweredResponse },
  { method: 'get', path: '/api/sessions/:id/diff', summary: 'The pending change, or the last turn’s.', status: 200, response: DiffResponse },
  { method: 'post', path: '/api/sessions/:id/undo', summary: 'Restores the workspace to the checkpoint before the last turn’s first change.', body: UndoBody, status: 200, response: UndoResponse },
  { method: 'post', path: '/api/sessions/:id/cancel', summary: 'Cancels the running turn.', status: 200, response: CancelResponse },
  { method: 'get', path: '/api/sessions/:id/context', summary: 'What the agent saw and why: guidance, nested manifest, discovered files with reasons, reminders, tokens.', status: 200, response: ContextReportResponse },
];
