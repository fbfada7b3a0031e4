import os from 'node:os';
import path from 'node:path';
import { systemClock, type ParallelService, type PermissionService, type Services } from '../../core/index.js';
import { createNodeFileSystem } from '../file-system/index.js';
import { createSandboxedShell, type SandboxSettings, type SandboxedShell } from '../sandbox/index.js';
import { createTextSearcher, listFiles } from '../search/index.js';
import { sharedWorkerPool } from '../worker-pool/index.js';

/** Default sandbox settings: on where it works, no network, nothing more shown or writable. */
export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = { mode: 'auto', network: false, readOnlyPaths: [], writablePaths: [] };

/** How commands are isolated: the `sandbox` config section, workspace trust and what stays read-only. */
export interface NodeSandboxOptions {
  settings: SandboxSettings;
  isWorkspaceTrusted: boolean;
  homeDir: string;
  /** Files kept read-only for commands when they lie in a writable path (the user's config file). */
  protectedFiles?: readonly string[];
}

/** The Node services, with the shell's sandbox reachable for status reports, and the process's worker threads. */
export type NodeServices = Services & { shell: SandboxedShell; parallel: ParallelService };

/**
 * The Node services on one machine: safe file access, gitignore-aware
 * listing, search through `ripgrep` (or the pure-Node engine when null),
 * and the sandbox service every process goes through (ripgrep included),
 * its children inheriting a scrubbed `env` (never one of `secretVariables`,
 * such as the variable `llm.apiKeyEnv` names). Without `sandbox`, the safest
 * setting: sandbox on where it works, the workspace untrusted. The
 * permission service is the caller's: it carries the config's rules.
 */
export function createNodeServices(options: { ripgrep: { path: string } | null; env: NodeJS.ProcessEnv; secretVariables?: readonly string[]; permission: PermissionService; sandbox?: NodeSandboxOptions }): NodeServices {
  const sandbox = options.sandbox ?? { settings: DEFAULT_SANDBOX_SETTINGS, isWorkspaceTrusted: false, homeDir: os.homedir() };
  const shell = createSandboxedShell({
    baseEnv: options.env,
    secretVariables: options.secretVariables ?? [],
    homeDir: sandbox.homeDir,
    settings: sandbox.settings,
    isWorkspaceTrusted: sandbox.isWorkspaceTrusted,
    ...(sandbox.protectedFiles ? { protectedFiles: sandbox.protectedFiles } : {}),
    ...(options.ripgrep ? { programPaths: [path.dirname(options.ripgrep.path)] } : {}),
  });
  const searcher = createTextSearcher({
    ripgrep: options.ripgrep,
    launch: (argv, root) => shell.wrapReadOnly(argv, { cwd: root, readablePaths: [root] }),
  });
  return {
    fileSystem: createNodeFileSystem({ list: listFiles, searchText: (request) => searcher.searchText(request) }),
    shell,
    permission: options.permission,
    clock: systemClock,
    parallel: sharedWorkerPool(),
  };
}
