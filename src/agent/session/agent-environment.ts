import type { Config } from '../../config/index.js';
import type {
  ApprovalOutcome,
  PermissionRequest,
  PermissionVerdict,
  Redactor,
  Runtime,
  RuntimeLimits,
  Services,
  ShellParser,
  WorkspaceScope,
} from '../../core/index.js';
import type { DocsMap } from '../../context/docs/index.js';
import type { UserGuidanceFile } from '../../context/guidance/index.js';
import type { ContextCache } from '../context-session/index.js';
import type { AgentMemory } from '../memory/index.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { ValidationCommandSpec } from '../validation/index.js';

/** What a person is asked to approve: the request, why it asks, and the diff for a patch. */
export interface ApprovalPrompt {
  request: PermissionRequest;
  verdict: PermissionVerdict;
  /** The unified diff of the patch being applied (`patch.apply`), else null. */
  diff: string | null;
  /** The id of the `approval.requested` event this prompt belongs to (a surface answers by it). */
  approvalId?: string;
}

/**
 * Everything the sessions of one run share, built once by the entry point:
 * the services (with the LLM), the workspace scope, the config, the redactor,
 * the context cache and docs map, the validation commands, how approvals are
 * asked and where events go. Each session builds its own permission service
 * and runtime on top of it.
 */
export interface AgentEnvironment {
  /** The services; their `permission` is replaced per session, `llm` must be set for a model turn. */
  services: Services;
  scope: WorkspaceScope;
  /** Reads `sh -c` scripts for the folder gate; null: such commands ask. */
  shellParser: ShellParser | null;
  limits: Partial<RuntimeLimits>;
  config: Config;
  /** Redacts every text before it reaches the model or an event. */
  redactor: Redactor;
  /** Values for `${env.VAR}` templates in scoped context. */
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home directory (`~` in rules and commands). */
  homeDir?: string;
  /** Absolute real path of the project root (guidance above the workspace). */
  projectRoot?: string;
  /** A runtime whose scope holds the project root, for guidance above the workspace. */
  guidanceRuntime?: Runtime;
  /** The user-level guidance file, read by the entry point. */
  userGuidance?: UserGuidanceFile | null;
  /** Shared by the sessions of the run: one context walk, the same prompt parts. */
  contextCache: ContextCache;
  /** The project's docs map, or null when the project has none. */
  docsMap: DocsMap | null;
  /**
   * The agent's memory (the workspace's and the user's), opened by the
   * entry point; absent or null, or `memory.enabled` false: no remember or
   * recall tool and no memory index in the prompt.
   */
  memory?: AgentMemory | null;
  /**
   * The project's validation commands (`run_validation`); their argv is
   * allowed by default, unless they come from `project.validationCommands`
   * of a source that is not trusted (see `isConfiguredCommandTrusted`), and
   * until the run changes a file that defines them.
   */
  validationCommands: readonly ValidationCommandSpec[];
  /**
   * Whether `project.validationCommands`, when set, comes from a trusted
   * source (your user config, `--config`, a trusted workspace). Absent or
   * false: configured commands are not allowed by default; they ask like any
   * other command. Commands found in package.json scripts are not affected.
   */
  isConfiguredCommandTrusted?: boolean;
  /**
   * Commands run in a sandbox that keeps their writes in the workspace and
   * has no network: in `write` and `autonomous` modes they then run without
   * asking (paths outside the workspace, ask and deny rules still apply).
   */
  areCommandsConfined?: boolean;
  /** What happens when an action asks: ask a person, approve (never outside the workspace), or refuse. */
  approval: 'ask' | 'auto' | 'never';
  /** Asks a person (approval `ask`); resolves to a structured outcome. */
  ask: (prompt: ApprovalPrompt) => Promise<ApprovalOutcome>;
  /** Receives every event, already redacted, in order. */
  onEvent: (event: AgentEvent) => void;
  /**
   * The message a person gave with their last "deny" (the session engine's
   * deny-with-message), taken once: the denied call's result carries it to
   * the model. Absent: denials carry no message.
   */
  takeDenialMessage?: () => string | null;
  /** Told of every nested-context reminder appended to a tool result (what `/context` lists). */
  onContextReminder?: (reminder: { paths: string[]; trigger: string }) => void;
}
