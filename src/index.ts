/**
 * brass-agent's library entry: the runtime (actions, observations, services,
 * the workspace path scope, permissions) and the configuration schema. Pure:
 * nothing here touches the filesystem. Node implementations of the services,
 * and `openWorkspace` that wires them, are in `brass-agent/node`.
 */
export {
  BrassError,
  CommandStartError,
  DEFAULT_MAX_READ_BYTES,
  DEFAULT_RUNTIME_LIMITS,
  DEFAULT_SKIP_DIRS,
  FileAccessError,
  InvalidInputError,
  OutsideWorkspaceError,
  WorkspaceScope,
  createPermissionService,
  createRuntime,
  evaluatePermission,
  isPathInside,
  parsePermissionRule,
  systemClock,
} from './core/index.js';
export type {
  ActionError,
  ActionErrorCode,
  ActionKind,
  ActionResult,
  AgentAction,
  ApprovalMode,
  ApprovalOutcome,
  Clock,
  FileContent,
  FileStat,
  FileSystem,
  Llm,
  Observation,
  PathProbe,
  PermissionDecision,
  PermissionRequest,
  PermissionService,
  PermissionVerdict,
  ResolvedPath,
  Runtime,
  RuntimeLimits,
  SearchMatch,
  SearchTextRequest,
  SearchTextResult,
  Services,
  Shell,
  ShellRunRequest,
  ShellRunResult,
} from './core/index.js';

export { REDACTION_MARKER_PATTERN, containsRedactionMarker, createRedactor, redactValue } from './core/index.js';
export type { RedactedValue, RedactionFinding, RedactionResult, Redactor, RedactorOptions } from './core/index.js';

export { ConfigError, ConfigSchema, formatConfigIssue, loadConfig } from './config/index.js';
export type { Config, ConfigInput, LoadConfigInput, LoadedConfig } from './config/index.js';

export { PLAIN_SYSTEM_PROMPT, assembleSystemPrompt, createContextCache, createContextSession } from './agent/context-session/index.js';
export type { ContextCache, ContextSession, CreateContextSessionOptions } from './agent/context-session/index.js';
export { toolResultEventOf } from './context/nested/index.js';
export type { ContextReminder, ToolResultEvent } from './context/nested/index.js';

export { discoverContext, formatDiscoveryReport, toDiscoverJson } from './context/discovery/index.js';
export type {
  CommandRecord,
  ContextFile,
  DiscoverContextOptions,
  DiscoverJson,
  DiscoveryResult,
  PlannedCommand,
  SearchRecord,
  ValidationCommand,
} from './context/discovery/index.js';
export { createDocsMap } from './context/docs/index.js';
export type { DocsMap } from './context/docs/index.js';

export { runAgent } from './agent/run/index.js';
export { createSessionEngine } from './agent/engine/index.js';
export type { ApprovalAnswer, ContextReport, CreateSessionEngineOptions, SessionEngine, TranscriptTurn, TurnOutcome, UndoOutcome } from './agent/engine/index.js';
export { runTurn } from './agent/turn/index.js';
export type { RunTurnOptions, TurnResult } from './agent/turn/index.js';
export type { RunAgentOptions, RunAgentResult } from './agent/run/index.js';
export { createAgentSession } from './agent/session/index.js';
export type { AgentEnvironment, AgentSession, ApprovalPrompt, CreateAgentSessionOptions } from './agent/session/index.js';
export { runToolLoop } from './agent/loop/index.js';
export type { RunToolLoopOptions, ToolLoopResult, ToolLoopStopReason } from './agent/loop/index.js';
export { Changeset, applyChangeset, changesetFromPatchFile, rollbackApplied, rollbackLast } from './agent/patch/index.js';
export { AGENT_EVENT_VERSION } from './agent/events/agent-event.js';
export type { AgentEvent, AgentMode, PatchFileSummary, ProtocolEvent, RunFinalState } from './agent/events/agent-event.js';
export type { JournalEntry, LlmCompleteRequest, LlmCompleteResult, LlmMessage, LlmToolCall, LlmToolDefinition, PatchJournal } from './core/index.js';
export type { OpenedSession, SessionHeader, SessionProblem, SessionRecord, SessionStore, SessionSummary, SessionWriter } from './core/index.js';
