/**
 * brass-agent core: the runtime every layer acts through (actions,
 * observations, the services it needs, the executor), the workspace path
 * scope, and the error classes. Pure TypeScript: nothing here touches the
 * filesystem or spawns processes; adapters supply that.
 */
export type {
  ActionKind,
  ActionResult,
  ActionResultMap,
  AgentAction,
  ListAction,
  LlmCompleteAction,
  PatchApplyAction,
  PatchApplyResult,
  PatchEdit,
  PatchRollbackAction,
  PatchRollbackResult,
  ReadFileAction,
  ReadFileResult,
  ReadFilesAction,
  ReadFilesEntry,
  ReadFilesResult,
  SearchTextAction,
  ShellRunAction,
  ShellRunActionResult,
  StatAction,
  StatResult,
} from './actions/agent-action.js';
export { MAX_READ_FILES_BYTES, MAX_READ_FILES_PATHS } from './actions/agent-action.js';
export type { ActionError, ActionErrorCode, Observation } from './actions/observation.js';

export { BrassError } from './errors/brass-error.js';
export { CommandStartError } from './errors/command-start-error.js';
export { FileAccessError } from './errors/file-access-error.js';
export type { FileAccessReason } from './errors/file-access-error.js';
export { InvalidInputError } from './errors/invalid-input-error.js';
export { OutsideWorkspaceError } from './errors/outside-workspace-error.js';

export type { PathProbe } from './path-scope/path-probe.js';
export {
  WorkspaceScope,
  isPathInside,
  resolveReal,
  toAbsoluteUnresolved,
  toWorkspaceRelative,
} from './path-scope/workspace-scope.js';
export type { ResolvedPath, ScopeRoot } from './path-scope/workspace-scope.js';

export {
  DEFAULT_ACTION_TIMEOUT_MS,
  DEFAULT_MAX_SEARCH_RESULTS,
  DEFAULT_MAX_SHELL_OUTPUT_BYTES,
  DEFAULT_RUNTIME_LIMITS,
  DEFAULT_SHELL_TIMEOUT_MS,
  createRuntime,
} from './runtime/create-runtime.js';
export type { Runtime, RuntimeLimits } from './runtime/create-runtime.js';
export { MAX_PATCH_FILE_BYTES } from './runtime/patch-store.js';
export { MAX_TIMER_MS, clampTimerMs } from './runtime/clamp-timer-ms.js';
export { mapWithConcurrency } from './concurrency/map-with-concurrency.js';
export { nodeCrypto } from './node-crypto/node-crypto.js';

export type { Clock } from './services/clock.js';
export type { DirectoryWatch, WatchedPaths } from './services/directory-watch.js';
export { RACY_WINDOW_MS, systemClock } from './services/clock.js';
export type { ParallelService, ParallelTask } from './services/parallel.js';
export { DEFAULT_MAX_READ_BYTES, DEFAULT_SKIP_DIRS } from './services/file-system.js';
export { MAX_LIST_NAMES, validateListFilter } from './services/validate-list-filter.js';
export type { ListFilter } from './services/validate-list-filter.js';
export { MAX_MORE_QUERIES, validateSearchQueries } from './services/validate-search-queries.js';
export type {
  FileContent,
  FileKind,
  FileStat,
  FileSystem,
  FilesContent,
  ListEntry,
  ListRequest,
  ListResult,
  ReadFileRequest,
  ReadFilesRequest,
  SearchMatch,
  SearchTextRequest,
  SearchTextResult,
  WriteFileRequest,
} from './services/file-system.js';
export type { Llm, LlmCompleteRequest, LlmCompleteResult, LlmFailureReason, LlmMessage, LlmToolCall, LlmToolDefinition } from './services/llm.js';
export type {
  ApprovalOutcome,
  PermissionAccess,
  PermissionDecision,
  PermissionRequest,
  PermissionService,
  PermissionVerdict,
} from './services/permission.js';
export type { Services } from './services/services.js';
export { INVALID_TOOL_JSON_KEY, MAX_INVALID_TOOL_JSON_CHARS, invalidToolInput, isInvalidToolInput } from './services/invalid-tool-input.js';
export type { InvalidToolInput } from './services/invalid-tool-input.js';
export type { JournalEntry, JournalState, JournaledFile, PatchJournal } from './services/patch-journal.js';
export type {
  CaptureFileRequest,
  CheckpointFileState,
  CheckpointManifest,
  CheckpointManifestFile,
  CheckpointStore,
  LastRunRecord,
  RestoreFileRequest,
  RunFileChange,
  StoredFileRef,
} from './services/checkpoint-store.js';
export type { Shell, ShellRunRequest, ShellRunResult } from './services/shell.js';
export type { CommandIsolation, CommandOrigin, SandboxMode, SandboxStatus } from './services/sandbox.js';
export type { OpenedSession, SessionHeader, SessionProblem, SessionRecord, SessionStore, SessionSummary, SessionWriter } from './services/session-store.js';
export { MEMORY_ID_PATTERN, MEMORY_SCOPES } from './services/memory-store.js';
export type { MemoryFile, MemoryFileProblem, MemoryListing, MemoryScope, MemoryStore, MemoryWriteResult } from './services/memory-store.js';
export { decideCommandIsolation, type IsolationInput } from './sandbox/decide-command-isolation.js';
export { GIT_FILTER_DRIVERS_ARGV, HARDENED_GIT_SETTINGS, hardenedGitArgv, parseFilterDrivers } from './sandbox/hardened-git-argv.js';

export { COMMAND_DEFINITION_GLOBS, commandDefinitionPaths } from './permission/command-definition-paths.js';
export { createPermissionService } from './permission/create-permission-service.js';
export type { ApprovalMode, PermissionServiceOptions } from './permission/create-permission-service.js';
export { evaluatePermission } from './permission/evaluate-permission.js';
export type { PermissionRules } from './permission/evaluate-permission.js';
export { parsePermissionRule } from './permission/permission-rule.js';
export type { PermissionRule, PermissionRuleKind } from './permission/permission-rule.js';

export { createRedactor } from './redaction/create-redactor.js';
export type { RedactionFinding, RedactionResult, Redactor, RedactorOptions } from './redaction/create-redactor.js';
export { redactValue } from './redaction/redact-value.js';
export type { RedactedValue, RedactionValueFinding } from './redaction/redact-value.js';
export { REDACTION_MARKER_PATTERN, containsRedactionMarker, formatRedactionMarker } from './redaction/redaction-marker.js';
export { UNCHECKED_KEY_LINE, couldBeInsideKeyBlock, redactLinesInContext } from './redaction/redact-lines-in-context.js';
export type { RedactTextFunction } from './redaction/redact-lines-in-context.js';
export { MAX_CUSTOM_PATTERN_CHARS, MAX_PATTERN_REPEAT, MAX_PATTERN_WAYS, MAX_PATTERN_WIDTH, checkPatternSafety } from './redaction/check-pattern-safety.js';
export { classifySecretName, isSecretEnvironmentName } from './redaction/secret-name.js';
export type { SecretNameClass } from './redaction/secret-name.js';
export { isPlaceholderValue } from './redaction/is-placeholder-value.js';
export { MAX_ENVIRONMENT_SECRETS, MIN_ENVIRONMENT_SECRET_CHARS } from './redaction/detect-environment-values.js';
export type { EnvironmentVariables } from './redaction/detect-environment-values.js';
export { TOKEN_FORMATS } from './redaction/token-formats.js';
export type { TokenFormat } from './redaction/token-formats.js';

// The shell path extraction itself is imported by file (prepare-action loads it with the first command): re-exported here,
// it would ride along with every import of this barrel in the bundled CLI (issue 20).
export type { ExtractionContext } from './path-scope/extract-command-paths.js';
export type { CommandPathExtraction, PathMention } from './path-scope/extraction-collector.js';
export { findOutOfScopePaths } from './path-scope/find-out-of-scope-paths.js';
export type { OutOfScopePath } from './path-scope/find-out-of-scope-paths.js';
export { MAX_SHELL_SCRIPT_CHARS, MAX_SHELL_SYNTAX_DEPTH } from './path-scope/shell-syntax.js';
export type { ShellParseResult, ShellParser, ShellSyntaxNode } from './path-scope/shell-syntax.js';
export { resolveMentions } from './path-scope/find-out-of-scope-paths.js';
export type { ResolvedMentions } from './path-scope/find-out-of-scope-paths.js';
export type { ExtractedCommand } from './path-scope/extraction-collector.js';
export { DEFAULT_SAFE_TOOLS } from './permission/evaluate-permission.js';
export type { PermissionDefaults } from './permission/evaluate-permission.js';
export { DEFAULT_APPROVAL_TTL_MS, SessionGrants, operationHash } from './permission/session-grants.js';
export type { GrantCoverage, OnceGrant } from './permission/session-grants.js';
export type { SessionPermissionService } from './permission/create-permission-service.js';
export type { ApprovalNeeds, RequestedCommand } from './services/permission.js';
export type { ActionCheck, CheckingRuntime, RuntimeOptions } from './runtime/create-runtime.js';
