/**
 * The Node composition root: opens a workspace (scope, config, services,
 * runtime) for the CLI and the MCP server.
 */
export {
  WORKSPACE_CONFIG_FILE,
  chooseSearchEngine,
  openWorkspace,
  readWorkspaceConfigFiles,
  runtimeLimitsFor,
} from './open-workspace.js';
export type { ConfigFiles, OpenWorkspaceOptions, OpenedWorkspace, SearchEngineInfo } from './open-workspace.js';
export { loadWorkspaceConfig } from './load-workspace-config.js';
export { MAX_CONFIG_FILE_BYTES, readOptionalTextFile } from './read-optional-file.js';
export { createCommandRuntime, isConfiguredCommandTrusted } from './create-command-runtime.js';
export type { PlannedCommandArgv } from './create-command-runtime.js';
export { DEFAULT_SANDBOX_SETTINGS, createNodeServices } from './create-node-services.js';
export type { NodeSandboxOptions, NodeServices } from './create-node-services.js';
export { openRetrievalIndexCache } from './open-retrieval-index-cache.js';
export type { RetrievalIndexCacheChoice } from './open-retrieval-index-cache.js';
export { NO_PROVIDER_MESSAGE, openAgentServices } from './open-agent-services.js';
export { openModel } from './open-model.js';
export type { AgentServices, OpenAgentServicesOptions } from './open-agent-services.js';
export { openPatchJournal } from './open-patch-journal.js';
export { openCheckpointStore } from './open-checkpoint-store.js';
export { openSessionStore } from './open-session-store.js';
export type { SessionStoreChoice } from './open-session-store.js';
export type { CheckpointStoreChoice } from './open-checkpoint-store.js';
export { readUserFile } from './read-user-file.js';
export { writeUserFile } from './write-user-file.js';
export { writeRunRecord } from './write-run-record.js';
export { writeServeStateFile } from './serve-state-file.js';
export type { ServeState, ServeStateFile } from './serve-state-file.js';
export { openMemoryStore } from './open-memory-store.js';
export type { MemoryStoreChoice } from './open-memory-store.js';
export { createPrivateTempFile } from './private-temp-file.js';
export type { PrivateTempFile } from './private-temp-file.js';
