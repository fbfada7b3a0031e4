import { sep } from 'node:path';
import type {
  AgentAction,
  ActionResult,
  ListAction,
  PatchApplyAction,
  PatchRollbackAction,
  ReadFileAction,
  SearchTextAction,
  ShellRunAction,
  StatAction,
  LlmCompleteAction,
  ActionResultMap,
} from '../actions/agent-action.js';
import type { ActionError, Observation } from '../actions/observation.js';
import { BrassError } from '../errors/brass-error.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import type { WorkspaceScope } from '../path-scope/workspace-scope.js';
import { DEFAULT_MAX_READ_BYTES, DEFAULT_SKIP_DIRS } from '../services/file-system.js';
import type { PermissionAccess, PermissionRequest } from '../services/permission.js';
import type { Services } from '../services/services.js';
import { createPatchStore } from './patch-store.js';
import { runWithTimeout } from './run-with-timeout.js';
import { toActionError } from './to-action-error.js';

export const DEFAULT_ACTION_TIMEOUT_MS = 30_000;
export const DEFAULT_SHELL_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_SHELL_OUTPUT_BYTES = 256 * 1024;
export const DEFAULT_MAX_SEARCH_RESULTS = 200;
/** Extra time the runtime grants a shell command past its own timeout to kill and reap it. */
const SHELL_KILL_GRACE_MS = 5_000;

export interface RuntimeLimits {
  /** Timeout of every non-shell action. Default 30 s. */
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
};

export interface Runtime {
  readonly scope: WorkspaceScope;
  /**
   * Runs one action through the permission service and the workspace scope.
   * Never throws for an expected failure: a denied, outside or failed action
   * is an observation with `ok: false`.
   */
  execute<A extends AgentAction>(action: A, options?: { signal?: AbortSignal }): Promise<Observation<A>>;
}

/**
 * Creates the one runtime every layer uses to act on the machine.
 *
 * @example
 * const runtime = createRuntime({ services, scope });
 * const observation = await runtime.execute({ kind: 'fs.readFile', path: 'src/a.ts' });
 * if (observation.ok) console.log(observation.value.content);
 */
export function createRuntime(options: { services: Services; scope: WorkspaceScope; limits?: Partial<RuntimeLimits> }): Runtime {
  const { services, scope } = options;
  const limits: RuntimeLimits = { ...DEFAULT_RUNTIME_LIMITS, ...options.limits };
  const isContained = (realPath: string): boolean => scope.contains(realPath);
  const patches = createPatchStore({ fileSystem: services.fileSystem, isContained });

  async function resolvePath(requested: string): Promise<{ absolute: string; relative: string }> {
    const resolved = await scope.resolveInside(requested);
    return { absolute: resolved.absolutePath, relative: resolved.relativePath ?? resolved.absolutePath };
  }

  async function authorize(
    action: AgentAction,
    access: PermissionAccess,
    paths: readonly string[],
    argv?: readonly string[],
  ): Promise<void> {
    const request: PermissionRequest = { action: action.kind, access, paths, outOfScopePaths: [] };
    if (action.tool !== undefined) request.tool = action.tool;
    if (argv !== undefined) request.argv = argv;
    const verdict = services.permission.decide(request);
    if (verdict.decision === 'allow') return;
    if (verdict.decision === 'ask') {
      const outcome = await services.permission.approve(request, verdict);
      if (outcome !== 'deny') return;
      throw new BrassError('denied', `${action.kind} needs approval and was not approved (${verdict.reason})`);
    }
    throw new BrassError('denied', `${action.kind} is denied (${verdict.reason})`);
  }

  const handlers: { [K in keyof ActionResultMap]: (action: Extract<AgentAction, { kind: K }>, signal: AbortSignal) => Promise<ActionResultMap[K]> } = {
    'fs.readFile': async (action: ReadFileAction, signal) => {
      const target = await resolvePath(action.path);
      await authorize(action, 'read', [target.relative]);
      const maxBytes = action.maxBytes ?? limits.maxReadBytes;
      if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new InvalidInputError('maxBytes', 'must be a non-negative integer');
      const content = await services.fileSystem.readFile({ path: target.absolute, maxBytes, isContained, signal });
      return { path: target.relative, ...content };
    },
    'fs.stat': async (action: StatAction) => {
      const target = await resolvePath(action.path);
      await authorize(action, 'read', [target.relative]);
      return { path: target.relative, ...(await services.fileSystem.stat(target.absolute)) };
    },
    'fs.list': async (action: ListAction, signal) => {
      const target = await resolvePath(action.path ?? '.');
      await authorize(action, 'read', [target.relative]);
      return services.fileSystem.list({
        path: target.absolute,
        root: scope.root,
        recursive: action.recursive ?? false,
        maxEntries: action.maxEntries ?? 5_000,
        skipDirs: limits.skipDirs,
        isContained,
        signal,
      });
    },
    'fs.searchText': async (action: SearchTextAction, signal) => {
      validateQuery(action.query);
      const target = await resolvePath(action.path ?? '.');
      await authorize(action, 'read', [target.relative]);
      return services.fileSystem.searchText({
        query: action.query,
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
    'shell.run': async (action: ShellRunAction, signal) => {
      validateArgv(action.argv);
      const cwd = await resolvePath(action.cwd ?? '.');
      await authorize(action, 'execute', [cwd.relative], action.argv);
      const result = await services.shell.run({
        argv: action.argv,
        cwd: cwd.absolute,
        timeoutMs: action.timeoutMs ?? limits.shellTimeoutMs,
        maxOutputBytes: limits.maxShellOutputBytes,
        passEnv: limits.passEnv,
        signal,
      });
      return { ...result, argv: action.argv, cwd: cwd.relative };
    },
    'llm.complete': async (action: LlmCompleteAction, signal) => {
      const llm = services.llm;
      if (llm === undefined) throw new BrassError('unavailable', 'no LLM provider is configured (set llm.provider or BRASS_LLM_PROVIDER)');
      await authorize(action, 'network', []);
      return llm.complete({ ...action.request, signal });
    },
    'patch.apply': async (action: PatchApplyAction) => {
      if (action.edits.length === 0) throw new InvalidInputError('edits', 'a patch needs at least one edit');
      const targets = await Promise.all(action.edits.map((edit) => resolvePath(edit.path)));
      await authorize(action, 'write', targets.map((target) => target.relative));
      return patches.apply(action.edits.map((edit, index) => ({ ...edit, target: targets[index]! })));
    },
    'patch.rollback': async (action: PatchRollbackAction) => {
      const paths = patches.pathsOf(action.patchId);
      await authorize(action, 'write', paths);
      return patches.rollback(action.patchId);
    },
  };

  return {
    scope,
    async execute<A extends AgentAction>(action: A, executeOptions: { signal?: AbortSignal } = {}): Promise<Observation<A>> {
      const started = services.clock.now();
      const handler = handlers[action.kind] as unknown as ((action: A, signal: AbortSignal) => Promise<ActionResult<A>>) | undefined;
      if (handler === undefined) {
        return fail(action, { code: 'invalid-input', message: `unknown action kind ${JSON.stringify(action.kind)}` }, 0);
      }
      const timeoutMs =
        action.kind === 'shell.run'
          ? ((action as ShellRunAction).timeoutMs ?? limits.shellTimeoutMs) + SHELL_KILL_GRACE_MS
          : limits.actionTimeoutMs;
      try {
        const value = await runWithTimeout((signal) => handler(action, signal), {
          timeoutMs,
          label: action.kind,
          ...(executeOptions.signal ? { signal: executeOptions.signal } : {}),
        });
        return { ok: true, kind: action.kind, value, durationMs: services.clock.now() - started };
      } catch (error) {
        const actionError = toActionError(error, pathOf(action));
        // Messages name files as the caller does: workspace-relative, not by the machine's absolute path.
        actionError.message = actionError.message.split(`${scope.root}${sep}`).join('');
        return fail(action, actionError, services.clock.now() - started);
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

/** Search queries are fixed strings of one line; an empty one would match everything. */
function validateQuery(query: unknown): void {
  if (typeof query !== 'string' || query.length === 0) throw new InvalidInputError('query', 'must be a non-empty string');
  if (query.includes('\0')) throw new InvalidInputError('query', 'contains a NUL byte');
  if (/[\r\n]/.test(query)) throw new InvalidInputError('query', 'must be a single line (it contains a line break)');
}

function validateArgv(argv: readonly unknown[]): void {
  if (!Array.isArray(argv) || argv.length === 0) throw new InvalidInputError('argv', 'must name a command');
  for (const [index, value] of argv.entries()) {
    if (typeof value !== 'string') throw new InvalidInputError(`argv[${index}]`, 'must be a string');
    if (value.includes('\0')) throw new InvalidInputError(`argv[${index}]`, 'contains a NUL byte');
  }
  if ((argv[0] as string).length === 0) throw new InvalidInputError('argv[0]', 'is empty');
}
