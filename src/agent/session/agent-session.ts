import type { CheckingRuntime, PermissionRequest, SessionGrants } from '../../core/index.js';
import type { ToolResultTrace } from '../memory/index.js';
import type { ContextSelection } from '../../context/scoped/index.js';
import type { ContextSession } from '../context-session/index.js';
import type { AgentEvent, AgentMode } from '../events/agent-event.js';
import type { AgentTool } from '../tools/agent-tool.js';
import type { PendingEdits } from '../tools/pending-edits.js';
import type { AgentEnvironment } from './agent-environment.js';

/** Options of `createAgentSession`. */
export interface CreateAgentSessionOptions {
  /** Which tools the session has (see `toolsForMode`). */
  mode: AgentMode;
  /** The agent, flow and step whose scoped context applies. */
  selection?: ContextSelection;
  /** Names the session in events: `main`, `delegate-1`, ... */
  name: string;
  /** The run's pending edits: `edit_file` and `write_file` record into it, `read_file` shows it. */
  edits: PendingEdits;
  /**
   * Makes this a sub-agent: its grants are `parent.grants.createChild()`, and
   * it gets no `delegate`, no edit tools and no `shell`.
   */
  parent?: AgentSession;
}

/** One agent session: its runtime and permissions, its context, its tools and its fixed system prompt. */
export interface AgentSession {
  readonly name: string;
  readonly mode: AgentMode;
  readonly selection: ContextSelection;
  readonly environment: AgentEnvironment;
  /** Fixed for the whole session, byte for byte: later context goes into tool results. */
  readonly systemPrompt: string;
  /** Every action of the session goes through it (its own permission service and grants). */
  readonly runtime: CheckingRuntime;
  readonly grants: SessionGrants;
  readonly tools: readonly AgentTool[];
  readonly contextSession: ContextSession;
  readonly edits: PendingEdits;
  /** What this conversation's tool results said (shared with sub-agents): see ToolResultTrace. */
  readonly toolResults: ToolResultTrace;
  /**
   * Decides an operation that is not a runtime action (a memory write) with
   * the session's permission service: a deny rule refuses; an `ask` asks
   * the person (showing `preview` as the approval's diff) unless
   * `isPreApproved`; `--approval auto` and session grants apply as for any
   * write. Never throws for a refusal: `isAllowed` false and why.
   */
  approveOperation(request: PermissionRequest, options: { preview: string; isPreApproved: boolean }): Promise<{ isAllowed: boolean; reason: string }>;
  /** The session that delegated to this one, or null for the main session. */
  readonly parent: AgentSession | null;
  /** The diff shown with the next `patch.apply` approval (set it right before applying). */
  setApprovalDiff(diff: string | null): void;
  /** Milliseconds the session has waited for a person to answer approvals, in all (a call's duration leaves it out). */
  approvalWaitMs(): number;
  /** Redacts text for the model or an event. */
  redact(text: string): string;
  /** Sends an event to the environment's listener. */
  emit(event: AgentEvent): void;
  /** A sub-agent of this session (`delegate-N`, read-only tools), for one delegated task. */
  createChild(options: { selection?: ContextSelection }): Promise<AgentSession>;
}
