import os from 'node:os';
import path from 'node:path';
import { systemClock, type ParallelService, type PermissionService, type SearchTextRequest, type Services } from '../../core/index.js';
import { createNodeFileSystem, createWatchedStatMemo, type WatchedStatMemo } from '../file-system/index.js';
import { createSandboxedShell, type SandboxSettings, type SandboxedShell } from '../sandbox/index.js';
import { createTextSearcher, listFiles, type TextSearcher } from '../search/index.js';
import { sharedWorkerPool } from '../worker-pool/index.js';

/** The sandbox's view of brass-agent's own programs: the directory of the ripgrep it runs. */
function programPathsOf(ripgrep: { path: string } | null | DeferredRipgrep): { programPaths?: readonly string[] | (() => Promise<readonly string[]>) } {
  if (ripgrep === null) return {};
  if ('find' in ripgrep) {
    return {
      programPaths: async () => {
        const directory = await ripgrep.directory();
        return directory === null ? [] : [directory];
      },
    };
  }
  return { programPaths: [path.dirname(ripgrep.path)] };
}

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

/**
 * A ripgrep looked for on the first search rather than at start-up (finding
 * one starts `rg --version`): `find` is called once, and `directory` says
 * where the bundled binary lies (null when it is not installed), shown to the
 * sandbox in case it is the one found; it is asked when the first command is
 * sandboxed (locating the package costs about 5 ms, issue 21).
 */
export interface DeferredRipgrep {
  find: () => Promise<{ path: string } | null>;
  directory: () => Promise<string | null>;
}

/**
 * The Node services, with the shell's sandbox reachable for status reports,
 * the process's worker threads, and the listings' stat memo of a long-lived
 * process (null otherwise; close it when the process is done).
 */
export type NodeServices = Services & { shell: SandboxedShell; parallel: ParallelService; statMemo: WatchedStatMemo | null };

/**
 * The Node services on one machine: safe file access, gitignore-aware
 * listing, search through `ripgrep` (or the pure-Node engine when null),
 * and the sandbox service every process goes through (ripgrep included),
 * its children inheriting a scrubbed `env` (never one of `secretVariables`,
 * such as the variable `llm.apiKeyEnv` names). Without `sandbox`, the safest
 * setting: sandbox on where it works, the workspace untrusted. The
 * permission service is the caller's: it carries the config's rules.
 * `ripgrep` may be a DeferredRipgrep: the engine is then chosen on the first
 * search. With `watchesListedFiles` (a long-lived process), listings with
 * stats keep them in a WatchedStatMemo: an unchanged file is not stated again.
 */
export function createNodeServices(options: {
  ripgrep: { path: string } | null | DeferredRipgrep;
  env: NodeJS.ProcessEnv;
  secretVariables?: readonly string[];
  permission: PermissionService;
  sandbox?: NodeSandboxOptions;
  watchesListedFiles?: boolean;
}): NodeServices {
  const sandbox = options.sandbox ?? { settings: DEFAULT_SANDBOX_SETTINGS, isWorkspaceTrusted: false, homeDir: os.homedir() };
  const shell = createSandboxedShell({
    baseEnv: options.env,
    secretVariables: options.secretVariables ?? [],
    homeDir: sandbox.homeDir,
    settings: sandbox.settings,
    isWorkspaceTrusted: sandbox.isWorkspaceTrusted,
    ...(sandbox.protectedFiles ? { protectedFiles: sandbox.protectedFiles } : {}),
    ...programPathsOf(options.ripgrep),
  });
  const launch = (argv: readonly string[], root: string) => shell.wrapReadOnly(argv, { cwd: root, readablePaths: [root] });
  const { ripgrep } = options;
  let searcher: Promise<TextSearcher> | undefined;
  const searchText = async (request: SearchTextRequest) => {
    searcher ??= ripgrep !== null && 'find' in ripgrep ? ripgrep.find().then((found) => createTextSearcher({ ripgrep: found, launch })) : Promise.resolve(createTextSearcher({ ripgrep, launch }));
    return (await searcher).searchText(request);
  };
  const statMemo = options.watchesListedFiles === true ? createWatchedStatMemo() : null;
  return {
    fileSystem: createNodeFileSystem({ list: statMemo === null ? listFiles : (request) => listFiles(request, { statMemo }), searchText }),
    shell,
    permission: options.permission,
    clock: systemClock,
    parallel: sharedWorkerPool(),
    statMemo,
  };
}
