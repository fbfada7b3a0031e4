import fs from 'node:fs/promises';
import path from 'node:path';
import {
  BrassError,
  decideCommandIsolation,
  isPathInside,
  type CommandIsolation,
  type CommandOrigin,
  type SandboxMode,
  type SandboxStatus,
  type Shell,
  type ShellRunRequest,
  type ShellRunResult,
} from '../../core/index.js';
import { createNodeShell } from '../shell/node-shell.js';
import { assertStartable } from '../shell/to-start-error.js';
import { buildBubblewrapArgv, type SandboxPolicy } from './bubblewrap-argv.js';
import { probeBubblewrap, type BubblewrapProbe } from './probe-bubblewrap.js';
import { HOME_SECRET_PATHS, PROTECTED_WORKSPACE_PATHS, exists, expandHome, realPathOrNull, toolchainPaths } from './sandbox-paths.js';

/** The `sandbox` config section and what it is applied to. */
export interface SandboxSettings {
  mode: SandboxMode;
  network: boolean;
  /** As in the config: absolute or `~/...`. */
  readOnlyPaths: readonly string[];
  writablePaths: readonly string[];
}

/** Options of {@link createSandboxedShell}. */
export interface SandboxedShellOptions {
  /** The environment commands inherit (scrubbed of secrets) and whose PATH finds `bwrap`. */
  baseEnv: NodeJS.ProcessEnv;
  /** Variables no command may inherit whatever their names or `passEnv` (the one `llm.apiKeyEnv` names). */
  secretVariables?: readonly string[];
  /** The user's home directory: hidden from sandboxed commands. */
  homeDir: string;
  settings: SandboxSettings;
  /** Whether the user trusts the workspace (see decideCommandIsolation). */
  isWorkspaceTrusted: boolean;
  /** Files kept read-only when they lie in a writable path (the user's config file). */
  protectedFiles?: readonly string[];
  /**
   * Directories of brass-agent's own programs (the bundled ripgrep) to show through hidden directories;
   * a function is asked once, when the first command is sandboxed (finding them may cost start-up time).
   */
  programPaths?: readonly string[] | (() => Promise<readonly string[]>);
  /** Internal, for tests only: another bubblewrap probe and process runner. */
  _internal?: { probe?: () => Promise<BubblewrapProbe>; runner?: Shell };
}

/** The sandbox service: a Shell that runs every command in bubblewrap when it works, and can say how it runs. */
export interface SandboxedShell extends Shell {
  isolationFor(origin: CommandOrigin): Promise<CommandIsolation>;
  /** Whether commands run sandboxed here, probed once. */
  status(): Promise<SandboxStatus>;
  /**
   * The argv that runs `argv` read-only in the sandbox (for brass-agent's own
   * programs, such as ripgrep over `readablePaths`), or `argv` unchanged when
   * the sandbox does not work here.
   */
  wrapReadOnly(argv: readonly string[], options: { cwd: string; readablePaths: readonly string[] }): Promise<readonly string[]>;
}

/**
 * Creates the sandbox service on Node: the one Shell every process
 * brass-agent starts goes through. Where bubblewrap works (and
 * `sandbox.mode` is not `off`) each command runs inside it: the root
 * filesystem read-only; the workspace and `sandbox.writablePaths` writable,
 * except `.git/config`, `.git/hooks/`, `.brass-agent.json`, `.brass-agent/`
 * and the user's config file; HOME, /tmp and /run replaced by empty private
 * directories; a fresh /proc and /dev; no network unless `sandbox.network`;
 * every namespace unshared, so the whole process tree dies with it. Where it
 * does not work, decideCommandIsolation says whether the command runs
 * unsandboxed (and why), waits for a person's yes, or is refused
 * (BrassError `sandbox-unavailable`).
 *
 * @example
 * const shell = createSandboxedShell({ baseEnv: process.env, homeDir, settings: config.sandbox, isWorkspaceTrusted: false });
 * const result = await shell.run({ argv: ['npm', 'test'], cwd: root, workspaceRoot: root, timeoutMs: 60_000, maxOutputBytes: 256 * 1024 });
 * console.log(result.sandboxed, result.exitCode);
 */
export function createSandboxedShell(options: SandboxedShellOptions): SandboxedShell {
  const { settings, homeDir } = options;
  const secretVariables = options.secretVariables ?? [];
  // The probe's own runs (bwrap --version, a trial sandbox) never see the model's key either.
  const probeEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(options.baseEnv).filter(([name]) => !secretVariables.includes(name)));
  const runner = options._internal?.runner ?? createNodeShell({ baseEnv: options.baseEnv, secretVariables });
  let probed: Promise<BubblewrapProbe> | undefined;
  const probe = (): Promise<BubblewrapProbe> => {
    if (settings.mode === 'off') return Promise.resolve({ bwrapPath: null, status: { state: 'off', detail: 'sandbox.mode is "off": commands run without a sandbox' } });
    probed ??= options._internal?.probe?.() ?? probeBubblewrap(probeEnv);
    return probed;
  };
  const isolationFor = async (origin: CommandOrigin): Promise<CommandIsolation> =>
    decideCommandIsolation({ origin, isWorkspaceTrusted: options.isWorkspaceTrusted, mode: settings.mode, status: (await probe()).status });

  let hidden: Promise<string[]> | undefined;
  const hiddenPaths = () => (hidden ??= hiddenDirectories(homeDir));
  let programs: Promise<readonly string[]> | undefined;
  const programPaths = () => (programs ??= typeof options.programPaths === 'function' ? options.programPaths() : Promise.resolve(options.programPaths ?? []));

  async function policyFor(workspaceRoot: string | null): Promise<SandboxPolicy> {
    const hiddenList = await hiddenPaths();
    const configured = async (list: readonly string[]) => (await Promise.all(list.map((entry) => realPathOrNull(expandHome(entry, homeDir))))).filter((entry) => entry !== null);
    const writablePaths = [...(workspaceRoot === null ? [] : [workspaceRoot]), ...(await configured(settings.writablePaths))];
    const readOnlyPaths = [...toolchainPaths({ env: options.baseEnv, hiddenPaths: hiddenList, extra: await programPaths() }), ...(await configured(settings.readOnlyPaths))];
    const protectedPaths: string[] = [];
    const candidates = [...(workspaceRoot === null ? [] : PROTECTED_WORKSPACE_PATHS.map((relative) => path.join(workspaceRoot, relative))), ...(options.protectedFiles ?? [])];
    for (const candidate of candidates) {
      const real = await realPathOrNull(candidate);
      if (real !== null && writablePaths.some((writable) => isPathInside(real, writable, false))) protectedPaths.push(real);
    }
    // A workspace that holds the home directory would show it whole: its secrets stay covered at least.
    const secretPaths: SandboxPolicy['secretPaths'][number][] = [];
    if (workspaceRoot !== null && isPathInside(homeDir, workspaceRoot, false)) {
      for (const secret of HOME_SECRET_PATHS) {
        const stat = await fs.lstat(path.join(homeDir, secret)).catch(() => null);
        if (stat !== null) secretPaths.push({ path: path.join(homeDir, secret), isDirectory: stat.isDirectory() });
      }
    }
    return { writablePaths, protectedPaths, readOnlyPaths, secretPaths, hiddenPaths: hiddenList, homeDir, network: settings.network };
  }

  async function runSandboxed(request: ShellRunRequest, bwrapPath: string): Promise<ShellRunResult> {
    // Inside, a missing program is only bubblewrap's exit code: say it as an unsandboxed start would.
    const program = await assertStartable(request.argv[0] ?? '', request.cwd, options.baseEnv);
    const workspaceRoot = request.workspaceRoot ?? null;
    const base = await policyFor(workspaceRoot);
    // The working directory must exist inside (read-only when no writable path holds it), and so must one of
    // brass-agent's own programs that lies in a hidden directory (its bundled ripgrep under a checkout in /tmp).
    // Never for a workspace command: its program must not choose which hidden directory is shown.
    const cwd = (await realPathOrNull(request.cwd)) ?? request.cwd;
    const isCwdWritable = base.writablePaths.some((writable) => isPathInside(cwd, writable, false));
    const programDirectory = path.dirname((await realPathOrNull(program)) ?? program);
    const isProgramHidden = request.origin === 'brass' && base.hiddenPaths.some((hidden) => isPathInside(programDirectory, hidden, false) && programDirectory !== hidden);
    const shown = [...(isCwdWritable ? [] : [cwd]), ...(isProgramHidden ? [programDirectory] : [])];
    const policy = shown.length === 0 ? base : { ...base, readOnlyPaths: [...base.readOnlyPaths, ...shown] };
    const guard = await guardMissingProtectedPaths(workspaceRoot, policy.writablePaths, options.protectedFiles ?? []);
    const result = await runner.run({ ...request, argv: buildBubblewrapArgv(bwrapPath, request.argv, { cwd: request.cwd, policy }) });
    const removed = await guard();
    const note = removed.length > 0 ? `\n[brass-agent] removed ${removed.join(', ')}, which the command created: it stays read-only for commands\n` : '';
    return { ...result, stderr: result.stderr + note, sandboxed: true };
  }

  return {
    isolationFor,
    status: async () => (await probe()).status,
    async wrapReadOnly(argv, wrapOptions) {
      const { bwrapPath } = await probe();
      if (bwrapPath === null) return argv;
      const policy = await policyFor(null);
      const readable = (await Promise.all(wrapOptions.readablePaths.map(realPathOrNull))).filter((entry) => entry !== null);
      return buildBubblewrapArgv(bwrapPath, argv, { cwd: wrapOptions.cwd, policy: { ...policy, readOnlyPaths: [...policy.readOnlyPaths, ...readable], network: false } });
    },
    async run(request) {
      const isolation = await isolationFor(request.origin ?? 'workspace');
      switch (isolation.kind) {
        case 'sandbox':
          return runSandboxed(request, (await probe()).bwrapPath!);
        case 'host': {
          const result = await runner.run(request);
          return { ...result, sandboxed: false, ...(isolation.note === undefined ? {} : { unsandboxedNote: isolation.note }) };
        }
        case 'ask': {
          if (request.isUnsandboxedApproved !== true) throw new BrassError('sandbox-unavailable', `not run: ${isolation.reason}`);
          const result = await runner.run(request);
          return { ...result, sandboxed: false, unsandboxedNote: 'ran without a sandbox, as you approved' };
        }
        case 'refuse':
          throw new BrassError('sandbox-unavailable', `not run: ${isolation.reason}`);
      }
    },
  };
}

/** The home directory, /tmp and /run: replaced by empty private directories (each only when it exists and is not `/`). */
async function hiddenDirectories(homeDir: string): Promise<string[]> {
  const hidden: string[] = [];
  for (const candidate of [homeDir, '/tmp', '/run']) {
    const real = await realPathOrNull(candidate);
    if (real !== null && real !== '/' && !hidden.includes(real)) hidden.push(real);
  }
  return hidden;
}

/**
 * Protected paths that do not exist yet cannot be bound read-only (a mount
 * point would create them); a command could create them instead. Records
 * which are missing and returns a check that removes any the command created.
 */
async function guardMissingProtectedPaths(workspaceRoot: string | null, writablePaths: readonly string[], protectedFiles: readonly string[]): Promise<() => Promise<string[]>> {
  const watched: { absolute: string; shown: string }[] = [];
  if (workspaceRoot !== null) {
    const hasGitDirectory = (await fs.lstat(path.join(workspaceRoot, '.git')).catch(() => null))?.isDirectory() === true;
    // Without a .git directory a command may create a repository (git init): its config and hooks are its own.
    for (const relative of PROTECTED_WORKSPACE_PATHS) if (hasGitDirectory || !relative.startsWith('.git/')) watched.push({ absolute: path.join(workspaceRoot, relative), shown: relative });
  }
  // The user's config decides trust: one created in a writable path (XDG_CONFIG_HOME inside the workspace) would trust anything.
  for (const file of protectedFiles) {
    if (writablePaths.some((writable) => isPathInside(path.resolve(file), writable, false))) watched.push({ absolute: path.resolve(file), shown: workspaceRoot === null ? file : path.relative(workspaceRoot, file) || file });
  }
  const missing: typeof watched = [];
  for (const entry of watched) if (!(await exists(entry.absolute))) missing.push(entry);
  return async () => {
    const removed: string[] = [];
    for (const entry of missing) {
      if (!(await exists(entry.absolute))) continue;
      await fs.rm(entry.absolute, { recursive: true, force: true });
      removed.push(entry.shown);
    }
    return removed;
  };
}
