import { loadConfig, type LoadedConfig } from '../../config/index.js';
import { loadConfigInputOf } from './load-config-input-of.js';
import type { ConfigFiles, OpenWorkspaceOptions } from './open-workspace.js';

/**
 * Validates and merges the config files (throws ConfigError naming file, key
 * and problem). Its own module: it needs the zod schema, which openWorkspace
 * loads only when there is a config layer to validate (issue 21).
 */
export function loadWorkspaceConfig(files: ConfigFiles, options: OpenWorkspaceOptions, workspaceRealPath: string): LoadedConfig {
  return loadConfig(loadConfigInputOf(files, options, workspaceRealPath));
}
