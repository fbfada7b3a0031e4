import type { LoadConfigInput } from '../../config/index.js';
import type { ConfigFiles, OpenWorkspaceOptions } from './open-workspace.js';

/** What loadConfig is given for a workspace's config files and options (one mapping for every loader). */
export function loadConfigInputOf(files: ConfigFiles, options: OpenWorkspaceOptions, workspaceRealPath: string): LoadConfigInput {
  return {
    user: files.user.text === null ? null : { path: files.user.path, text: files.user.text },
    workspace: files.workspace.text === null ? null : { path: files.workspace.path, text: files.workspace.text },
    explicit: files.explicit,
    env: options.env,
    ...(options.cliConfig ? { cli: options.cliConfig } : {}),
    workspaceRealPath,
  };
}
