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
  SearchTextAction,
  ShellRunAction,
  ShellRunActionResult,
  StatAction,
  StatResult,
} from './actions/agent-action.js';
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

export type { Clock } from './services/clock.js';
export { systemClock } from './services/clock.js';
export { DEFAULT_MAX_READ_BYTES, DEFAULT_SKIP_DIRS } from './services/file-system.js';
export type {
  FileContent,
  FileKind,
  FileStat,
  FileSystem,
  ListEntry,
  ListRequest,
  ListResult,
  ReadFileRequest,
  SearchMatch,
  SearchTextRequest,
  SearchTextResult,
  WriteFileRequest,
} from './services/file-system.js';
export type { Llm, LlmCompleteRequest, LlmCompleteResult, LlmMessage, LlmToolCall, LlmToolDefinition } from './services/llm.js';
export type {
  ApprovalOutcome,
  PermissionAccess,
  PermissionDecision,
  PermissionRequest,
  PermissionService,
  PermissionVerdict,
} from './services/permission.js';
export type { Services } from './services/services.js';
export type { Shell, ShellRunRequest, ShellRunResult } from './services/shell.js';

export { createPermissionService } from './permission/create-permission-service.js';
export type { ApprovalMode, PermissionServiceOptions } from './permission/create-permission-service.js';
export { evaluatePermission } from './permission/evaluate-permission.js';
export type { PermissionRules } from './permission/evaluate-permission.js';
export { parsePermissionRule } from './permission/permission-rule.js';
export type { PermissionRule, PermissionRuleKind } from './permission/permission-rule.js';
