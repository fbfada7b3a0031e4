import { sep } from 'node:path';
import type {
  AgentAction,
  ActionResult,
  ListAction,
  PatchApplyAction,
  PatchRollbackAction,
  ReadFileAction,
  ReadFilesAction,
  ReadFilesEntry,
  SearchTextAction,
  ShellRunAction,
  StatAction,
  LlmCompleteAction,
  ActionResultMap,
} from '../actions/agent-action.js';
import { MAX_READ_FILES_FILE_BYTES } from '../actions/agent-action.js';
import type { ActionError, Observation } from '../actions/observation.js';
import { BrassError } from '../errors/brass-error.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { OutsideWorkspaceError } from '../errors/outside-workspace-error.js';
import type { OutOfScopePath } from '../path-scope/find-out-of-scope-paths.js';
import type { ShellParser } from '../path-scope/shell-syntax.js';
import { type WorkspaceScope, isPathInside } from '../path-scope/workspace-scope.js';
import { operationHash } from '../permission/session-grants.js';
import { DEFAULT_MAX_READ_BYTES, DEFAULT_SKIP_DIRS, type FilesContent } from '../services/file-system.js';
import type { ApprovalOutcome, PermissionRequest, PermissionVerdict } from '../services/permission.js';
import type { CommandIsolation, CommandOrigin } from '../services/sandbox.js';
import type { Services } from '../services/services.js';
import { type ActionDeadline, createActionDeadline } from './action-deadline.js';
import { createPatchStore } from './patch-store.js';
import { type PreparedAction, createActionPreparer, validateReadFilesBytes } from './prepare-action.js';
import { toActionError } from './to-action-error.js';

export const DEFAULT_ACTION_TIMEOUT_MS = 30_000;
export const DEFAULT_SHELL_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_SHELL_OUTPUT_BYTES = 256 * 1024;
export const DEFAULT_MAX_SEARCH_RESULTS = 200;
export const DEFAULT_LLM_TIMEOUT_MS = 10 * 60_000;
/** Extra time the runtime grants a shell command past its own timeout to kill and reap it. */
const SHELL_KILL_GRACE_MS = 5_000;

export interface RuntimeLimits {
  /** Timeout of every non-shell action, preparing and running it together (approval time not counted), and of preparing a command. Default 30 s. */
  actionTimeoutMs: number;
  /** Default cap of `fs.readFile`. Default 1 MiB. */
  maxReadBytes: number;
  /** Default timeout of `shell.run`. Default 120 s. */
  shellTimeoutMs: number;
  /** Cap per output stream of `shell.run`. Default 256 KiB. */
  maxShellOutputBytes: number;
  /** Default cap of `fs.searchText` matches. Default 200. */
  maxSearchResults: number;
  /** Files larger than this are not searched. Default 1 MiB. */
  maxSearchFileSizeBytes: number;
  /** Names of secret-looking environment variables still passed to commands. */
  passEnv: readonly string[];
  /** Directory names listing and search never enter. */
  skipDirs: readonly string[];
  /** Timeout of one `llm.complete` (the provider's own retries included). Default 10 min. */
  llmTimeoutMs: number;
}

export const DEFAULT_RUNTIME_LIMITS: RuntimeLimits = {
  actionTimeoutMs: DEFAULT_ACTION_TIMEOUT_MS,
  maxReadBytes: DEFAULT_MAX_READ_BYTES,
  shellTimeoutMs: DEFAULT_SHELL_TIMEOUT_MS,
  maxShellOutputBytes: DEFAULT_MAX_SHELL_OUTPUT_BYTES,
  maxSearchResults: DEFAULT_MAX_SEARCH_RESULTS,
  maxSearchFileSizeBytes: DEFAULT_MAX_READ_BYTES,
  passEnv: [],
  skipDirs: DEFAULT_SKIP_DIRS,
  llmTimeoutMs: DEFAULT_LLM_TIMEOUT_MS,
};

/** What the permission layer decides about an action, without asking anyone or running it. */
export interface ActionCheck {
  request: PermissionRequest;
  verdict: PermissionVerdict;
  /** Paths outside the workspace and every allowed root, as shown to a person and as real paths. */
  outOfScope: OutOfScopePath[];
  /** Why the action's paths cannot all be known (empty when they can). */
  unknown: string[];
}

export interface Runtime {
  readonly scope: WorkspaceScope;
  /**
   * Runs one action through the permission service and the workspace scope.
   * Never throws for an expected failure: a denied, outside or failed action
   * is an observation with `ok: false`.
   */
  execute<A extends AgentAction>(action: A, options?: { signal?: AbortSignal }): Promise<Observation<A>>;
}

/** The runtime `createRuntime` builds: it can also say what it would decide. */
export interface CheckingRuntime extends Runtime {
  /**
   * The permission request an action makes and the decision on it (`brass-agent
   * policy check`). Nothing runs and nobody is asked. Throws InvalidInputError
   * for malformed input (an empty path, a NUL byte, no argv).
   */
  check(action: AgentAction): Promise<ActionCheck>;
}

/** Options of `createRuntime`. */
export interface RuntimeOptions {
  services: Services;
  scope: WorkspaceScope;
  limits?: Partial<RuntimeLimits>;
  /** Reads `sh -c` scripts in commands; without one, such commands ask (their paths are unknown). */
  shellParser?: ShellParser | null;
  /** The `PATH` commands run with: an inert program (`true`, `echo`) started by name is allowed by default only when found on it outside the workspace. */
  programSearchPath?: string;
}

/**
 * Creates the one runtime every layer uses to act on the machine.
 *
 * Each action is prepared (paths resolved through the workspace scope; for a
 * command, every path its command line may touch), decided by the permission
 * service (rules, the folder-access gate, the tool gate), approved when it
 * asks, prepared again right before it runs (an approval covers only the
 * exact operation that was approved), then run. Paths outside the workspace
 * that a person approved are usable for that one action.
 *
 * @example
 * const runtime = createRuntime({ services, scope });
 * const observation = await runtime.execute({ kind: 'fs.readFile', path: 'src/a.ts' });
 * if (observation.ok) console.log(observation.value.content);
 */
export function createRuntime(options: RuntimeOptions): CheckingRuntime {
  const { services, scope } = options;
  const limits: RuntimeLimits = { ...DEFAULT_RUNTIME_LIMITS, ...options.limits };
  // Real paths outside the workspace a person approved writing to: a patch's rollback must reach them too.
  const approvedWriteRoots = new Set<string>();
  const isContained = (realPath: string): boolean => scope.contains(realPath);
  const patches = createPatchStore({
    fileSystem: services.fileSystem,
    isContained: (realPath) => isContained(realPath) || [...approvedWriteRoots].some((root) => isPathInside(realPath, root, false)),
  });
  const prepare = createActionPreparer({
    scope,
    shellParser: options.shellParser ?? null,
    patchPathsOf: (patchId) => patches.pathsOf(patchId),
    ...(options.programSearchPath === undefined ? {} : { programSearchPath: options.programSearchPath }),
  });

  /** Containment for one approved action: the workspace, the allowed roots, and what was approved. */
  const containedFor = (prepared: PreparedAction) => (realPath: string) =>
    isContained(realPath) || prepared.outOfScope.some((outside) => isPathInside(realPath, outside.realPath, false));

  /**
   * How a command would run (sandboxed, unsandboxed, only with a person's
   * yes, refused), asked of the shell before anything starts. A refusal
   * throws; anything else comes back for authorize and the handler.
   */
  async function isolationOf(action: AgentAction): Promise<CommandIsolation | null> {
    if (action.kind !== 'shell.run' || services.shell.isolationFor === undefined) return null;
    const origin = ((action as ShellRunAction).origin as CommandOrigin | undefined) ?? 'workspace';
    // The type says so already; an action built from untyped input must not reach the host as the person's own program.
    if (origin === 'person') throw new InvalidInputError('origin', 'a shell.run action cannot claim the person\'s own origin');
    const isolation = await services.shell.isolationFor(origin);
    if (isolation.kind === 'refuse') throw new BrassError('sandbox-unavailable', `not run: ${isolation.reason}`);
    return isolation;
  }

  async function authorize(action: AgentAction, isolation: CommandIsolation | null, deadline: ActionDeadline): Promise<PreparedAction> {
    // An unsandboxed command in an untrusted workspace is one more gate: it asks, and only a person can say yes.
    const withIsolation = (prepared: PreparedAction): PreparedAction =>
      isolation?.kind === 'ask' ? { ...prepared, request: { ...prepared.request, unsandboxedReason: isolation.reason } } : prepared;
    const first = withIsolation(await deadline.race(prepare(action)));
    const verdict = services.permission.decide(first.request);
    if (verdict.decision === 'deny') throw new BrassError('denied', `${action.kind} is denied (${verdict.reason})`);
    if (verdict.decision === 'allow') return first;
    // The time a person takes to answer is not the action's: the clock stops while they decide.
    deadline.pause();
    let outcome: ApprovalOutcome;
    try {
      outcome = await services.permission.approve(first.request, verdict);
    } finally {
      deadline.resume();
    }
    if (outcome === 'deny') {
      const outside = first.outOfScope[0];
      if (outside !== undefined) throw new OutsideWorkspaceError({ requestedPath: outside.source, resolvedPath: outside.path });
      if (isolation?.kind === 'ask') throw new BrassError('sandbox-unavailable', `not run: ${isolation.reason}`);
      throw new BrassError('denied', `${action.kind} needs approval and was not approved (${verdict.reason})`);
    }
    // Re-check right before running: a symlink swapped while a person decided must not ride on the approval.
    const second = withIsolation(await deadline.race(prepare(action)));
    if (operationHash(second.request) !== operationHash(first.request)) {
      throw new BrassError('denied', `${action.kind}: what it touches changed while it waited for approval; nothing was done (run it again to be asked about it as it is now)`);
    }
    return second;
  }

  /** An error as the caller sees it: files named workspace-relative, not by the machine's absolute path. */
  const relativeError = (error: unknown, path: string | undefined): ActionError => {
    const actionError = toActionError(error, path);
    actionError.message = actionError.message.split(`${scope.root}${sep}`).join('');
    return actionError;
  };

  /**
   * fs.readFiles: each path authorized as its own fs.readFile (its own
   * request, decision and, on ask, approval), all under the action's one
   * deadline; the allowed files inside the scope read in one call, an
   * approved file outside on its own (its containment is its approval's).
   * A file denied or failing is its entry's error; the deadline expiring
   * fails the whole action.
   */
  async function readFiles(action: ReadFilesAction, deadline: ActionDeadline): Promise<ActionResultMap['fs.readFiles']> {
    const maxBytes = action.maxBytes ?? Math.min(limits.maxReadBytes, MAX_READ_FILES_FILE_BYTES);
    validateReadFilesBytes(action.paths.length, maxBytes);
    const entries: ReadFilesEntry[] = new Array<ReadFilesEntry>(action.paths.length);
    const inside: { slot: number; path: string; absolute: string }[] = [];
    const outside: { slot: number; path: string; prepared: PreparedAction }[] = [];
    for (const [slot, requested] of action.paths.entries()) {
      const single: ReadFileAction = { kind: 'fs.readFile', path: requested, maxBytes, ...(action.tool === undefined ? {} : { tool: action.tool }) };
      try {
        const prepared = await authorize(single, null, deadline);
        const target = prepared.targets[0]!;
        const path = target.relative ?? target.absolute;
        if (prepared.outOfScope.length === 0) inside.push({ slot, path, absolute: target.absolute });
        else outside.push({ slot, path, prepared });
      } catch (error) {
        if (BrassError.isInstance(error) && (error.code === 'timeout' || error.code === 'aborted')) throw error;
        entries[slot] = { path: requested, ok: false, error: relativeError(error, requested) };
      }
    }
    const { signal } = deadline;
    const parts: { read: FilesContent; files: { slot: number; path: string }[] }[] = [];
    if (inside.length > 0) parts.push({ read: await deadline.race(services.fileSystem.readFiles({ paths: inside.map((file) => file.absolute), maxBytes, isContained, signal })), files: inside });
    for (const file of outside) {
      parts.push({ read: await deadline.race(services.fileSystem.readFiles({ paths: [file.prepared.targets[0]!.absolute], maxBytes, isContained: containedFor(file.prepared), signal })), files: [file] });
    }
    // One buffer for the caller: the outside files' bytes (rare) follow the rest.
    const data = parts.length === 1 ? parts[0]!.read.data : new Uint8Array(parts.reduce((total, part) => total + part.read.data.length, 0));
    let base = 0;
    for (const { read, files } of parts) {
      if (data !== read.data) data.set(read.data, base);
      for (const [position, { slot, path }] of files.entries()) {
        const file = read.files[position]!;
        entries[slot] = 'error' in file ? { path, ok: false, error: relativeError(file.error, path) } : { path, ok: true, start: base + file.start, end: base + file.end, totalBytes: file.totalBytes, truncated: file.truncated };
      }
      base += read.data.length;
    }
    return { files: entries, data };
  }

  const handlers: {
    [K in keyof ActionResultMap]: (
      action: Extract<AgentAction, { kind: K }>,
      prepared: PreparedAction,
      signal: AbortSignal,
      isolation: CommandIsolation | null,
      deadline: ActionDeadline,
    ) => Promise<ActionResultMap[K]>;
  } = {
    'fs.readFile': async (action: ReadFileAction, prepared, signal) => {
      const target = prepared.targets[0]!;
      const maxBytes = action.maxBytes ?? limits.maxReadBytes;
      const content = await services.fileSystem.readFile({ path: target.absolute, maxBytes, isContained: containedFor(prepared), signal });
      return { path: target.relative ?? target.absolute, ...content };
    },
    'fs.readFiles': (action: ReadFilesAction, _prepared, _signal, _isolation, deadline) => readFiles(action, deadline),
    'fs.stat': async (_action: StatAction, prepared) => {
      const target = prepared.targets[0]!;
      return { path: target.relative ?? target.absolute, ...(await services.fileSystem.stat(target.absolute)) };
    },
    'fs.list': async (action: ListAction, prepared, signal) => {
      const target = prepared.targets[0]!;
      const listing = await services.fileSystem.list({
        path: target.absolute,
        // Outside the workspace (approved), entries are relative to the listed directory itself.
        root: target.relative === null ? target.absolute : scope.root,
        recursive: action.recursive ?? false,
        maxEntries: action.maxEntries ?? 5_000,
        skipDirs: limits.skipDirs,
        withStats: action.withStats ?? false,
        includeHidden: action.includeHidden ?? false,
        ...(action.names === undefined ? {} : { names: action.names }),
        ...(action.maxDepth === undefined ? {} : { maxDepth: action.maxDepth }),
        ...(action.maxWalkedEntries === undefined ? {} : { maxWalkedEntries: action.maxWalkedEntries }),
        isContained: containedFor(prepared),
        signal,
      });
      if (action.withStats !== true) return listing;
      // Listed stats stand in for one fs.stat per file: keep them only where that fs.stat would run without asking,
      // so a deny or ask rule on a file still reaches the caller through its own fs.stat action.
      const isStatAllowed = (path: string) =>
        target.relative !== null && services.permission.decide({ action: 'fs.stat', access: 'read', paths: [path], outOfScopePaths: [], ...(action.tool === undefined ? {} : { tool: action.tool }) }).decision === 'allow';
      return { ...listing, entries: listing.entries.map((entry) => (entry.sizeBytes === undefined || isStatAllowed(entry.path) ? entry : { path: entry.path, kind: entry.kind })) };
    },
    'fs.searchText': async (action: SearchTextAction, prepared, signal) => {
      const target = prepared.targets[0]!;
      return services.fileSystem.searchText({
        query: action.query,
        ...(action.moreQueries === undefined || action.moreQueries.length === 0 ? {} : { moreQueries: action.moreQueries }),
        root: target.absolute,
        globs: action.globs ?? [],
        excludeGlobs: action.excludeGlobs ?? [],
        maxResults: action.maxResults ?? limits.maxSearchResults,
        maxMatchesPerFile: action.maxMatchesPerFile ?? 20,
        caseSensitive: action.caseSensitive ?? true,
        maxFileSizeBytes: limits.maxSearchFileSizeBytes,
        skipDirs: limits.skipDirs,
        signal,
      });
    },
    'shell.run': async (action: ShellRunAction, prepared, signal, isolation) => {
      const cwd = prepared.targets[0]!;
      const result = await services.shell.run({
        argv: action.argv,
        cwd: cwd.absolute,
        timeoutMs: action.timeoutMs ?? limits.shellTimeoutMs,
        maxOutputBytes: limits.maxShellOutputBytes,
        passEnv: limits.passEnv,
        signal,
        origin: action.origin ?? 'workspace',
        workspaceRoot: scope.root,
        ...(isolation?.kind === 'ask' ? { isUnsandboxedApproved: true } : {}),
      });
      return { ...result, argv: action.argv, cwd: cwd.relative ?? cwd.absolute };
    },
    'llm.complete': async (action: LlmCompleteAction, _prepared, signal) => {
      const llm = services.llm;
      if (llm === undefined) throw new BrassError('unavailable', 'no LLM provider is configured (set llm.provider or BRASS_LLM_PROVIDER)');
      return llm.complete({ ...action.request, signal });
    },
    'patch.apply': async (action: PatchApplyAction, prepared) => {
      for (const outside of prepared.outOfScope) approvedWriteRoots.add(outside.realPath);
      return patches.apply(
        action.edits.map((edit, index) => {
          const target = prepared.targets[index]!;
          return { ...edit, target: { absolute: target.absolute, relative: target.relative ?? target.absolute } };
        }),
      );
    },
    'patch.rollback': async (action: PatchRollbackAction) => {
      return patches.rollback(action.patchId);
    },
  };

  return {
    scope,
    async check(action) {
      if (action.kind === 'fs.readFiles') throw new InvalidInputError('kind', 'fs.readFiles is decided path by path: check each path as an fs.readFile');
      const prepared = await prepare(action);
      return { request: prepared.request, verdict: services.permission.decide(prepared.request), outOfScope: prepared.outOfScope, unknown: prepared.unknown };
    },
    async execute<A extends AgentAction>(action: A, executeOptions: { signal?: AbortSignal } = {}): Promise<Observation<A>> {
      const started = services.clock.now();
      const handler = handlers[action.kind] as unknown as
        | ((action: A, prepared: PreparedAction, signal: AbortSignal, isolation: CommandIsolation | null, deadline: ActionDeadline) => Promise<ActionResult<A>>)
        | undefined;
      if (handler === undefined) {
        return fail(action, { code: 'invalid-input', message: `unknown action kind ${JSON.stringify(action.kind)}` }, 0);
      }
      // One deadline per action (one controller, one timer): preparing and running share `actionTimeoutMs`;
      // a command (its own timeout plus the kill grace) and an LLM call get their own budget when they start.
      const ownBudgetMs =
        action.kind === 'shell.run'
          ? ((action as ShellRunAction).timeoutMs ?? limits.shellTimeoutMs) + SHELL_KILL_GRACE_MS
          : action.kind === 'llm.complete'
            ? limits.llmTimeoutMs
            : null;
      const deadline = createActionDeadline({ timeoutMs: limits.actionTimeoutMs, label: action.kind, ...(executeOptions.signal ? { signal: executeOptions.signal } : {}) });
      try {
        // Only a command has an isolation to ask about: no other action waits for the shell.
        const isolation = action.kind === 'shell.run' ? await deadline.race(isolationOf(action)) : null;
        // A batch of reads is authorized file by file in its handler: a denied file must not refuse the others.
        const prepared = action.kind === 'fs.readFiles' ? await deadline.race(prepare(action)) : await authorize(action, isolation, deadline);
        if (ownBudgetMs !== null) deadline.restart(ownBudgetMs);
        const value = await deadline.race(handler(action, prepared, deadline.signal, isolation, deadline));
        return { ok: true, kind: action.kind, value, durationMs: services.clock.now() - started };
      } catch (error) {
        return fail(action, relativeError(error, pathOf(action)), services.clock.now() - started);
      } finally {
        deadline.dispose();
      }
    },
  };
}

function fail<A extends AgentAction>(action: A, error: ActionError, durationMs: number): Observation<A> {
  return { ok: false, kind: action.kind, error, durationMs };
}

function pathOf(action: AgentAction): string | undefined {
  if ('path' in action && typeof action.path === 'string') return action.path;
  return undefined;
}
