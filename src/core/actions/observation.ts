import type { LlmFailureReason } from '../services/llm.js';
import type { ActionResult, AgentAction } from './agent-action.js';

/** Why an action did not produce a value. Stable strings: callers branch on them. */
export type ActionErrorCode =
  | 'outside-workspace'
  | 'denied'
  | 'invalid-input'
  | 'not-found'
  | 'not-a-regular-file'
  | 'not-a-directory'
  | 'is-a-directory'
  | 'binary'
  | 'symlink-loop'
  | 'permission-denied'
  | 'changed-during-access'
  | 'timeout'
  | 'aborted'
  | 'command-start-failed'
  | 'unavailable'
  | 'conflict'
  | 'unknown-patch'
  /** A command was not run because it could not be sandboxed (see decideCommandIsolation). */
  | 'sandbox-unavailable'
  /** A model request failed; the reason says how (see LlmFailureReason). */
  | `llm-${LlmFailureReason}`
  | 'failed';

export interface ActionError {
  code: ActionErrorCode;
  /** One line, written so a model or a person knows what to do next. */
  message: string;
  /** The workspace-relative (or, outside, absolute) path concerned, if any. */
  path?: string;
}

/**
 * The outcome of one action. A denied or failed action is a value the caller
 * can act on, never an exception.
 */
export type Observation<A extends AgentAction = AgentAction> =
  | { ok: true; kind: A['kind']; value: ActionResult<A>; durationMs: number }
  | { ok: false; kind: A['kind']; error: ActionError; durationMs: number };
