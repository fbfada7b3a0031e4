/**
 * The Node composition root: opens a workspace (scope, config, services,
 * runtime) for the CLI and the MCP server.
 */
export {
  WORKSPACE_CONFIG_FILE,
  chooseSearchEngine,
  loadWorkspaceConfig,
  openWorkspace,
  readWorkspaceConfigFiles,
  runtimeLimitsFor,
} from './open-workspace.js';
export type { ConfigFiles, OpenWorkspaceOptions, OpenedWorkspace, SearchEngineInfo } from './open-workspace.js';
export { MAX_CONFIG_FILE_BYTES, readOptionalTextFile } from './read-optional-file.js';
export { createCommandRuntime } from './create-command-runtime.js';
export type { PlannedCommandArgv } from './create-command-runtime.js';
export { createNodeServices } from './create-node-services.js';
