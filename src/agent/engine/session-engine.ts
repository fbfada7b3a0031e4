import type { AgentEvent, AgentMode, TurnFinalState } from '../events/agent-event.js';

/**
 * How a person answers an approval: allow this once, allow it for the rest
 * of the session, deny, or deny with a message that goes back to the model
 * (in the denied call's result, or as the next instruction for a patch).
 */
export interface ApprovalAnswer {
  choice: 'once' | 'session' | 'deny';
  /** Only with `deny`: what the model should do instead. */
  message?: string;
}

/** One finished turn as a surface shows it in the history (texts redacted). */
export interface TranscriptTurn {
  turnId: string;
  /** What the person wrote. */
  user: string;
  /** The model's final text of the turn. */
  assistant: string;
  state: TurnFinalState;
  summary: string;
}

/** How `send` ended. */
export interface TurnOutcome {
  turnId: string;
  state: TurnFinalState;
  summary: string;
  finalText: string;
  usage: { inputTokens: number; outputTokens: number };
}

/** What `/context` shows. */
export interface ContextReport {
  /** Guidance files loaded into the system prompt. */
  guidance: { path: string; bytes: number }[];
  /** The nested context files of the manifest and whether each was disclosed yet. */
  manifest: { path: string; dir: string; isDisclosed: boolean }[];
  /** What discovery found for the first message, and why. */
  discovered: { path: string; reason: string }[];
  /** `<system-reminder>`s appended to tool results so far: which files, in which turn. */
  reminders: { paths: string[]; turnId: string }[];
  /** Tokens the history holds now (estimated from the last turn), and the model's limit. */
  tokens: { used: number; limit: number; sessionInput: number; sessionOutput: number };
}

/** The result of `/undo`: the files restored, or the files changed since that block it. */
export interface UndoOutcome {
  restored: string[];
  conflicts: string[];
  /** One line for people (e.g. "nothing to undo"). */
  message: string;
}

/**
 * A multi-turn conversation with the agent on one workspace. Surfaces
 * (chat, serve, acp) call these and render the events; none holds agent
 * logic. Events are AgentEvents (already redacted), plus `turn.started`,
 * `turn.finished` and `session.compacted`.
 */
export interface SessionEngine {
  readonly id: string;
  /** Absolute real path of the workspace root. */
  readonly workspace: string;
  readonly mode: AgentMode;
  /** `provider/model`, or `none`. */
  readonly model: string;
  /** Opened while another process holds the session: it can be shown, not continued (`send` throws). */
  readonly readOnlyReason: string | null;
  /** The finished turns, oldest first (resumed ones included). */
  history(): readonly TranscriptTurn[];
  /** Every event from now on, in order; returns the unsubscribe. */
  subscribe(listener: (event: AgentEvent) => void): () => void;
  /** Whether a turn is running. */
  isBusy(): boolean;
  /**
   * Starts a turn with the person's message; `@path` mentions are attached
   * through the safe read path. The first turn runs discovery with the
   * message as its goal. Resolves when the turn ends; never rejects for a
   * model or tool failure (the outcome says so, the session stays usable).
   * Throws BrassError `busy` while a turn runs, `denied` when read-only.
   */
  send(text: string): Promise<TurnOutcome>;
  /** Cancels the running turn (pending approvals become deny); false when none runs. */
  cancel(): boolean;
  /** Answers a pending approval; false when it is not pending (answered, or its turn was cancelled). */
  answerApproval(approvalId: string, answer: ApprovalAnswer): boolean;
  /** Replaces older turns with a model-written summary now (`/compact`). */
  compact(): Promise<{ turns: number; tokensBefore: number; tokensAfter: number }>;
  /** The diff of the pending change (propose) or of the last turn's change; empty when none. */
  diff(): string;
  /** Restores the workspace to the checkpoint before the last turn's first change. */
  undo(options?: { force?: boolean }): Promise<UndoOutcome>;
  /** Switches the mode for the next turns (the tools and so the system prompt change). */
  setMode(mode: AgentMode): Promise<void>;
  /** Switches the model for the next turns; throws BrassError `usage` when no provider can serve it. */
  setModel(model: string): Promise<void>;
  /** Forgets the conversation: the next message starts a new session (new id), discovery included. */
  clear(): Promise<void>;
  contextReport(): Promise<ContextReport>;
  /** Workspace paths starting with `prefix`, for `@path` completion (at most `limit`, default 20). */
  completePath(prefix: string, limit?: number): Promise<string[]>;
  /** Cancels a running turn, waits for it, releases the session's lock. */
  close(): Promise<void>;
}
