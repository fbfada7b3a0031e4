// The one pure file, not core's index: these types are also the studio's wire types, checked without Node's types.
import type { ApprovalOutcome } from '../../core/services/permission.js';

/** Version of the `--protocol-json` event stream; bumped only on an incompatible change. */
export const AGENT_EVENT_VERSION = 1;

/** The agent modes, from the most careful (see `agent.mode` in the config). */
export type AgentMode = 'read-only' | 'propose' | 'write' | 'autonomous';

/** How a run ended. */
export type RunFinalState =
  /** The model finished; no patch was needed (files its commands changed are listed in `files`). */
  | 'completed'
  /** Edits were collected as a patch and shown; nothing was written (propose mode, or the patch was not approved). */
  | 'proposed'
  /** The patch was applied and validation passed (or there was no validation to run). */
  | 'applied'
  /** Validation still failed after the repair turns; every file was restored byte for byte. */
  | 'rolled-back'
  /** The model or the endpoint failed, a budget ran out, or the run was interrupted. */
  | 'failed';

/** How a chat turn ended: a run's final states, or cancelled by the person (the session goes on). */
export type TurnFinalState = RunFinalState | 'cancelled';

/** One file of a patch as events and summaries show it. */
export interface PatchFileSummary {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  additions: number;
  deletions: number;
}

/**
 * Everything a run reports while it works, in order. Human output and
 * `--protocol-json` (one JSON object per line, each with `version` and
 * `type`) are both rendered from these. Texts in events are already redacted.
 */
export type AgentEvent =
  | { type: 'run.started'; runId: string; goal: string; mode: AgentMode; approval: 'ask' | 'auto' | 'never'; provider: string; model: string; workspace: string }
  /** `hint` (added in place) for a command that failed for a common cause: not installed, dependencies missing, timed out. */
  | { type: 'discovery.completed'; files: { path: string; reason: string }[]; commands: { name: string; ran: boolean; exitCode: number | null; hint?: string }[] }
  | { type: 'text.delta'; text: string; agent: string }
  /** A request to the model was sent (step counts from 1, as in model.completed); the answer may take long. */
  | { type: 'model.started'; step: number; agent: string }
  | { type: 'model.completed'; step: number; finishReason: string; inputTokens: number | null; outputTokens: number | null; agent: string }
  | { type: 'action.started'; callId: string; tool: string; input: unknown; agent: string }
  | { type: 'action.completed'; callId: string; tool: string; summary: string; durationMs: number; agent: string }
  | { type: 'action.failed'; callId: string; tool: string; error: { code: string; message: string }; durationMs: number; agent: string }
  | {
      type: 'approval.requested';
      approvalId: string;
      action: string;
      tool: string | null;
      reason: string;
      paths: string[];
      outOfScopePaths: string[];
      command: string | null;
      diff: string | null;
    }
  | { type: 'approval.resolved'; approvalId: string; outcome: ApprovalOutcome }
  | { type: 'patch.proposed'; files: PatchFileSummary[]; diff: string }
  | { type: 'patch.applied'; patchId: string; files: PatchFileSummary[] }
  | { type: 'patch.rolled_back'; patchId: string; restored: string[]; removed: string[] }
  /**
   * Validation after a patch. A command that failed (or timed out, or could not run) carries `outputTail`, the last
   * non-empty lines of its output (at most 12 of 200 characters, cleaned and redacted), and `hint` for a common cause.
   */
  | { type: 'validation.completed'; passed: boolean; commands: { name: string; exitCode: number | null; outputTail?: string[]; hint?: string }[] }
  /** The workspace was checkpointed before the run's first change (`brass-agent undo` returns to it). */
  | { type: 'checkpoint.created'; checkpointId: string; files: number; reusedFiles: number }
  /** A command the run executed created, changed or deleted these files. */
  | { type: 'command.changed_files'; command: string; files: { path: string; status: PatchFileSummary['status'] }[] }
  /** A rolled-back run: the files its commands changed, restored from the checkpoint (written back or removed). */
  | { type: 'checkpoint.restored'; restored: string[] }
  | { type: 'warning'; message: string }
  /** A chat turn began (session engine only): the person's message, redacted. */
  | { type: 'turn.started'; turnId: string; text: string }
  /** A chat turn ended (session engine only); `contextTokens` is the history's size against `contextLimit`. */
  | {
      type: 'turn.finished';
      turnId: string;
      state: TurnFinalState;
      summary: string;
      inputTokens: number;
      outputTokens: number;
      contextTokens: number;
      contextLimit: number;
    }
  /** Older turns were replaced by a model-written summary (the system prompt is unchanged). */
  | { type: 'session.compacted'; turns: number; tokensBefore: number; tokensAfter: number; isForced: boolean }
  | {
      type: 'run.finished';
      state: RunFinalState;
      /** One line: what happened, for people. */
      summary: string;
      steps: number;
      inputTokens: number;
      outputTokens: number;
      files: PatchFileSummary[];
    };

/** An event as written to the `--protocol-json` stream. */
export type ProtocolEvent = AgentEvent & { version: typeof AGENT_EVENT_VERSION; time: string };
