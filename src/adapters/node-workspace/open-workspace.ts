import path from 'node:path';
import {
  InvalidInputError,
  WorkspaceScope,
  createPermissionService,
  createRuntime,
  type PathProbe,
  type PermissionServiceOptions,
  type CheckingRuntime,
  type Redactor,
  type RuntimeLimits,
  type ShellParser,
  createRedactor,
} from '../../core/index.js';
import type { ConfigInput, LoadedConfig } from '../../config/index.js';
// Not through the config barrel: esbuild's chunks follow the files an import reaches, and the barrel reaches the
// schema and zod, which a command with no config to validate must not load (issue 21; test/cli-startup.test.ts).
import { defaultLoadedConfig } from '../../config/default-loaded-config.js';
import { userConfigPath } from '../../config/user-config-path.js';
import { loadConfigInputOf } from './load-config-input-of.js';
import { createNodePathProbe, statPath } from '../file-system/index.js';
import { createNodeServices, type NodeServices } from './create-node-services.js';
import { bundledRipgrepPath, findRipgrep } from '../search/index.js';
import { loadShellParser } from '../shell-parser/index.js';
import { readOptionalTextFile } from './read-optional-file.js';

/** The workspace config file's name, at the workspace root. */
export const WORKSPACE_CONFIG_FILE = '.brass-agent.json';

export interface OpenWorkspaceOptions {
  /** The workspace directory (`--cwd`). */
  cwd: string;
  /** `--config FILE`, absolute or relative to the process's directory. */
  configPath?: string;
  /** The process environment (BRASS_* overrides, XDG dirs, what commands inherit). */
  env: NodeJS.ProcessEnv;
  /** Settings from command-line flags, already in config shape. */
  cliConfig?: ConfigInput;
  /** Commands allowed by default, as exact argv (the project's own validation scripts). */
  allowedCommands?: readonly (readonly string[])[];
  /** Asks a person on `ask` decisions; absent, asks are refused. */
  ask?: PermissionServiceOptions['ask'];
  /** Tools whose reads need no approval: the tool registry's read tools (the MCP server passes them; default DEFAULT_SAFE_TOOLS). */
  safeTools?: readonly string[];
  /**
   * Whether the runtime reads shell command lines (default true). A command
   * that runs none (`read`, `context`, `docs`) passes false: the Bash grammar
   * (a WebAssembly module, tens of ms) is not loaded, `shellParser` is null,
   * and a `sh -c` script would be "unknown" to the folder gate (it asks).
   */
  parsesShellCommands?: boolean;
  /**
   * A long-lived process (the MCP server, chat, serve, acp): listings keep their file stats
   * while the directories stay unchanged (see createWatchedStatMemo); its
   * watches never keep the process alive, and `services.statMemo.close()`
   * ends them sooner. Default false.
   */
  watchesListedFiles?: boolean;
}

export interface ConfigFiles {
  user: { path: string; text: string | null };
  workspace: { path: string; text: string | null };
  explicit: { path: string; text: string } | null;
}

export interface SearchEngineInfo {
  engine: 'ripgrep' | 'node';
  ripgrep: { path: string; source: 'configured' | 'bundled' | 'system' } | null;
}

export interface OpenedWorkspace {
  root: string;
  probe: PathProbe;
  scope: WorkspaceScope;
  files: ConfigFiles;
  config: LoadedConfig;
  /**
   * The search engine: found on the first search (or this call) when the
   * config leaves the choice to brass-agent, since finding ripgrep starts
   * `rg --version`; asked for once, the same answer after.
   */
  searchEngine(): Promise<SearchEngineInfo>;
  /** The Node services; `services.shell` is the sandbox service (`status()` says whether commands run sandboxed). */
  services: NodeServices;
  runtime: CheckingRuntime;
  /** The bash parser the runtime's folder gate uses; pass it to any other runtime built on these services. Null with `parsesShellCommands: false`. */
  shellParser: ShellParser | null;
  /** Redacts secrets from text that leaves the process (prompts, JSON outputs, logs), per the config. */
  redactor: Redactor;
}

/**
 * Opens the workspace scope and reads the config files (user, workspace,
 * `--config`), without validating them. Throws InvalidInputError when `cwd`
 * is not a directory or `--config` names a missing file.
 */
export async function readWorkspaceConfigFiles(options: OpenWorkspaceOptions): Promise<{ probe: PathProbe; scope: WorkspaceScope; files: ConfigFiles }> {
  const probe = createNodePathProbe();
  const scope = await WorkspaceScope.create({ root: options.cwd, probe }).catch((error: unknown) => {
    throw new InvalidInputError('--cwd', `${options.cwd} does not exist`, { cause: error });
  });
  const rootStat = await statPath(scope.root);
  if (rootStat.kind !== 'directory') throw new InvalidInputError('--cwd', `${options.cwd} is not a directory`);

  const userPath = userConfigPath(options.env, probe.homeDir);
  const userText = await readOptionalTextFile(userPath, () => true);

  const workspacePath = path.join(scope.root, WORKSPACE_CONFIG_FILE);
  const workspaceText = await readOptionalTextFile(workspacePath, (realPath) => scope.containsInWorkspace(realPath));

  let explicit: ConfigFiles['explicit'] = null;
  if (options.configPath !== undefined) {
    const explicitPath = path.resolve(options.configPath);
    const text = await readOptionalTextFile(explicitPath, () => true);
    if (text === null) throw new InvalidInputError('--config', `${options.configPath} does not exist`);
    explicit = { path: explicitPath, text };
  }
  return {
    probe,
    scope,
    files: { user: { path: userPath, text: userText }, workspace: { path: WORKSPACE_CONFIG_FILE, text: workspaceText }, explicit },
  };
}


/** Picks the search engine the config asks for: a ripgrep binary, or the pure-Node fallback. */
export async function chooseSearchEngine(config: LoadedConfig['config'], env: NodeJS.ProcessEnv): Promise<SearchEngineInfo> {
  if (config.search.engine === 'node') return { engine: 'node', ripgrep: null };
  const ripgrep = await findRipgrep({ configuredPath: config.search.ripgrepPath ?? null, env });
  if (ripgrep === null && config.search.engine === 'ripgrep') {
    throw new InvalidInputError('search.engine', '"ripgrep" was asked for but no rg binary was found (bundled, configured or on PATH)');
  }
  return ripgrep === null ? { engine: 'node', ripgrep: null } : { engine: 'ripgrep', ripgrep };
}

/**
 * Builds everything a command needs on Node: the workspace scope, the merged
 * config, the services and the runtime that routes every action through the
 * permission service and the scope. The single composition root of the CLI
 * and the MCP server.
 */
export async function openWorkspace(options: OpenWorkspaceOptions): Promise<OpenedWorkspace> {
  const { probe, scope, files } = await readWorkspaceConfigFiles(options);
  // With no config file, variable or flag the defaults need no schema; the loader (and zod) loads only otherwise (issue 21).
  const config = defaultLoadedConfig(loadConfigInputOf(files, options, scope.root)) ?? (await import('./load-workspace-config.js')).loadWorkspaceConfig(files, options, scope.root);
  const { redaction, llm, search: searchConfig } = config.config;
  // With the default choice ("auto", no ripgrepPath) ripgrep is found and probed (`rg --version`, a process) on the
  // first search, and the bundled one's directory is looked up for the sandbox when it first runs a command: most
  // commands search and run nothing (issue 21). A configured path or engine is checked now, so a mistake in it
  // fails every command at once.
  const isChoiceDeferred = searchConfig.engine === 'auto' && searchConfig.ripgrepPath === undefined;
  let search: Promise<SearchEngineInfo> | undefined = isChoiceDeferred ? undefined : Promise.resolve(await chooseSearchEngine(config.config, options.env));
  const searchEngine = () => (search ??= chooseSearchEngine(config.config, options.env));
  let bundledDirectory: Promise<string | null> | undefined;
  const bundledRipgrepDirectory = () => (bundledDirectory ??= bundledRipgrepPath().then((bundled) => (bundled === null ? null : path.dirname(bundled))));
  const secretVariables = llm.apiKeyEnv === undefined ? [] : [llm.apiKeyEnv];
  const services = createNodeServices({
    ripgrep: isChoiceDeferred ? { find: async () => (await searchEngine()).ripgrep, directory: bundledRipgrepDirectory } : (await searchEngine()).ripgrep,
    env: options.env,
    ...(options.watchesListedFiles === true ? { watchesListedFiles: true } : {}),
    // The model's key, whatever its variable is called, never reaches a command (issue 15, item 17).
    secretVariables,
    permission: createPermissionService({
      homeDir: probe.homeDir,
      ...(options.allowedCommands ? { allowedCommands: options.allowedCommands } : {}),
      ...(options.safeTools ? { safeTools: options.safeTools } : {}),
      rules: config.config.permissions,
      approval: config.config.approval,
      ...(options.ask ? { ask: options.ask } : {}),
    }),
    sandbox: {
      settings: config.config.sandbox,
      isWorkspaceTrusted: config.isWorkspaceTrusted,
      homeDir: probe.homeDir,
      // The user's config decides trust and rules: a command must not rewrite it, even when it lies in a writable path.
      protectedFiles: [files.user.path],
    },
  });
  // Without the parser every `sh -c` command would be "unknown" to the folder gate.
  const shellParser = options.parsesShellCommands === false ? null : await loadShellParser();
  const runtime = createRuntime({ services, scope, shellParser, limits: runtimeLimitsFor(config.config), ...(options.env.PATH === undefined ? {} : { programSearchPath: options.env.PATH }) });
  const redactor = createRedactor({ ...redaction, env: options.env, secretVariables });
  return { root: scope.root, probe, scope, files, config, searchEngine, services, runtime, redactor, shellParser };
}

/** The runtime limits a config asks for (one mapping for every runtime built from it). */
export function runtimeLimitsFor(config: LoadedConfig['config']): Partial<RuntimeLimits> {
  return {
    actionTimeoutMs: config.limits.actionTimeoutMs,
    maxReadBytes: config.limits.maxReadBytes,
    shellTimeoutMs: config.limits.shellTimeoutMs,
    maxShellOutputBytes: config.limits.maxShellOutputBytes,
    maxSearchFileSizeBytes: config.search.maxFileSizeBytes,
    skipDirs: config.search.skipDirs,
    passEnv: config.shell.passEnv,
    // Every attempt may take the whole request timeout; a minute more covers the backoff between them.
    llmTimeoutMs: config.llm.timeoutMs * (config.llm.maxRetries + 1) + 60_000,
  };
}
