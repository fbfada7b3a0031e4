/**
 * brass-agent on Node: the service implementations (files, ripgrep search
 * with its pure-Node fallback, child processes) and `openWorkspace`, which
 * reads the config and wires scope, services and runtime for a directory.
 */
export { openWorkspace } from './adapters/node-workspace/index.js';
export type { OpenWorkspaceOptions, OpenedWorkspace } from './adapters/node-workspace/index.js';
export { findProjectRoot, openGuidanceRuntime, readUserGuidance } from './adapters/project-context/index.js';
export type { ProjectRoot, ReadUserGuidanceOptions, UserGuidanceText } from './adapters/project-context/index.js';
export { createCommandRuntime, openAgentServices, openPatchJournal, openRetrievalIndexCache, runtimeLimitsFor } from './adapters/node-workspace/index.js';
export type { AgentServices, OpenAgentServicesOptions } from './adapters/node-workspace/index.js';
export { createLlm, resolveLlmSettings } from './adapters/llm/index.js';
export type { CreateLlmOptions, LlmProvider, LlmSettings } from './adapters/llm/index.js';
export { createFileJournal, journalDirectory } from './adapters/patch-journal/index.js';
export { createFileSessionStore, sessionsDirectory } from './adapters/session-store/index.js';
export type { FileSessionStore, FileSessionStoreOptions } from './adapters/session-store/index.js';
export { openSessionStore } from './adapters/node-workspace/index.js';
