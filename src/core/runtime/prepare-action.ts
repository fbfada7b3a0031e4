import { type AgentAction, MAX_READ_FILES_BYTES, MAX_READ_FILES_FILE_BYTES, MAX_READ_FILES_PATHS } from '../actions/agent-action.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { type OutOfScopePath, findOutOfScopePaths, resolveMentions } from '../path-scope/find-out-of-scope-paths.js';
import type { ShellParser } from '../path-scope/shell-syntax.js';
import { type WorkspaceScope, toAbsoluteUnresolved } from '../path-scope/workspace-scope.js';
import { isInertCommandName } from '../permission/evaluate-permission.js';
import type { PermissionAccess, PermissionRequest, RequestedCommand } from '../services/permission.js';
import { validateListFilter } from '../services/validate-list-filter.js';
import { validateSearchQueries } from '../services/validate-search-queries.js';

/** A path an action names, located by the workspace scope. */
export interface LocatedPath {
  /** Absolute real path. */
  absolute: string;
  /** Workspace-relative (or, in an allowed root, absolute) path; null when outside every root. */
  relative: string | null;
  /** Set when the path is outside the workspace and every allowed root. */
  outside: OutOfScopePath | null;
}

/** An action as the permission layer sees it, with the paths it resolved. */
export interface PreparedAction {
  request: PermissionRequest;
  /** Paths outside the workspace and every allowed root (what the folder-access gate asks about). */
  outOfScope: OutOfScopePath[];
  /** Why the action's paths cannot all be known (shell commands); empty when they can. */
  unknown: string[];
  /** The paths the action's handler works on, in order (the file, the directory, each edit, the cwd). */
  targets: LocatedPath[];
}

/** What `createActionPreparer` needs. */
export interface ActionPreparerOptions {
  scope: WorkspaceScope;
  /** Reads `sh -c` scripts; null: such commands are "unknown" and ask. */
  shellParser: ShellParser | null;
  /** The files a patch touched (for `patch.rollback`). */
  patchPathsOf: (patchId: string) => string[];
  /**
   * The `PATH` commands are started with (`:`-separated). An inert program
   * started by name (`true`, `echo` behind `timeout`) is allowed by default
   * only when its name resolves on it outside the workspace. Absent: never.
   */
  programSearchPath?: string;
}

/**
 * Builds the permission request of an action: resolves its paths through the
 * workspace scope (symlinks followed), and for `shell.run` extracts every path
 * the command line may touch. Validates the action's input (InvalidInputError).
 * Runs again right before an approved action runs, so nothing changes between
 * the check and the use unnoticed.
 */
export function createActionPreparer(options: ActionPreparerOptions): (action: AgentAction) => Promise<PreparedAction> {
  const { scope } = options;

  async function locate(requested: string): Promise<LocatedPath> {
    const resolved = await scope.resolve(requested);
    if (resolved.root !== null) return { absolute: resolved.absolutePath, relative: resolved.relativePath ?? resolved.absolutePath, outside: null };
    const unresolved = toAbsoluteUnresolved(requested, scope.root, scope.homeDir);
    const [outside] = await findOutOfScopePaths([{ path: unresolved, source: requested }], scope);
    return { absolute: resolved.absolutePath, relative: null, outside: outside ?? { path: resolved.absolutePath, realPath: resolved.absolutePath, source: requested } };
  }

  function prepared(action: AgentAction, access: PermissionAccess, targets: LocatedPath[], extra: Partial<PermissionRequest> = {}, mentioned: { inside: string[]; outside: OutOfScopePath[]; unknown: string[] } = { inside: [], outside: [], unknown: [] }): PreparedAction {
    // One path and nothing mentioned (every file read and stat): nothing to merge or dedupe.
    const [only] = targets;
    const isSingle = targets.length === 1 && only !== undefined && mentioned.inside.length === 0 && mentioned.outside.length === 0;
    const outOfScope = isSingle ? (only.outside ? [only.outside] : []) : dedupe([...targets.flatMap((target) => (target.outside ? [target.outside] : [])), ...mentioned.outside]);
    const paths = isSingle ? (only.relative === null ? [] : [only.relative]) : [...new Set([...targets.flatMap((target) => (target.relative === null ? [] : [target.relative])), ...mentioned.inside])];
    const request: PermissionRequest = { action: action.kind, access, paths, outOfScopePaths: outOfScope.map((item) => item.realPath), ...extra };
    if (action.tool !== undefined) request.tool = action.tool;
    if (mentioned.unknown.length > 0) request.unknownPathsReason = mentioned.unknown.join('; ');
    return { request, outOfScope, unknown: mentioned.unknown, targets };
  }

  /** Marks an inert program started by name that PATH finds outside the workspace (see `programSearchPath`). */
  async function locateProgram(command: RequestedCommand, cwd: string): Promise<RequestedCommand> {
    const name = command.argv[0] ?? '';
    if (command.lookup === 'builtin' || options.programSearchPath === undefined || name.includes('/') || !isInertCommandName(name)) return command;
    for (const directory of options.programSearchPath.split(':')) {
      // An empty or relative PATH entry is looked up from where the command runs.
      const base = directory.startsWith('/') ? directory : directory === '' ? cwd : `${cwd}/${directory}`;
      const resolved = await scope.resolve(`${base}/${name}`);
      if (!resolved.exists) continue;
      return resolved.root === null ? { ...command, isSystemProgram: true } : command;
    }
    return command;
  }

  return async function prepare(action) {
    switch (action.kind) {
      case 'fs.readFile':
        if (action.maxBytes !== undefined && (!Number.isSafeInteger(action.maxBytes) || action.maxBytes < 0)) throw new InvalidInputError('maxBytes', 'must be a non-negative integer');
        return prepared(action, 'read', [await locate(action.path)]);
      case 'fs.readFiles':
        validateReadFiles(action.paths, action.maxBytes);
        // Each path is located and decided as its own fs.readFile, by the runtime (see ReadFilesAction).
        return prepared(action, 'read', []);
      case 'fs.stat':
        return prepared(action, 'read', [await locate(action.path)]);
      case 'fs.list':
        validateListFilter(action);
        return prepared(action, 'read', [await locate(action.path ?? '.')]);
      case 'fs.searchText':
        validateSearchQueries(action.query, action.moreQueries);
        return prepared(action, 'read', [await locate(action.path ?? '.')]);
      case 'shell.run': {
        validateArgv(action.argv);
        const cwd = await locate(action.cwd ?? '.');
        // Loaded with the first command: the shell path extraction is a fifth of the runtime's code, which no read or list needs.
        const { extractArgvPaths } = await import('../path-scope/extract-command-paths.js');
        const extraction = extractArgvPaths(action.argv, { cwd: cwd.absolute, homeDir: scope.homeDir, parser: options.shellParser });
        const mentions = await resolveMentions(extraction.mentions, scope);
        const commands = await Promise.all(extraction.commands.map((command) => locateProgram(command, cwd.absolute)));
        return prepared(
          action,
          'execute',
          [cwd],
          { argv: action.argv, commands, writesThroughRedirection: extraction.writesThroughRedirection, ...(extraction.assignsVariables ? { assignsVariables: true } : {}) },
          { inside: mentions.insidePaths, outside: mentions.outOfScope, unknown: [...extraction.unknown, ...mentions.unknown] },
        );
      }
      case 'llm.complete':
        return prepared(action, 'network', []);
      case 'patch.apply':
        if (action.edits.length === 0) throw new InvalidInputError('edits', 'a patch needs at least one edit');
        validateEditContents(action.edits);
        return prepared(action, 'write', await Promise.all(action.edits.map((edit) => locate(edit.path))));
      case 'patch.rollback':
        return prepared(action, 'write', [], {}, { inside: options.patchPathsOf(action.patchId), outside: [], unknown: [] });
      default:
        throw new InvalidInputError('kind', `unknown action kind ${JSON.stringify((action as { kind: unknown }).kind)}`);
    }
  };
}

function dedupe(paths: readonly OutOfScopePath[]): OutOfScopePath[] {
  const seen = new Map<string, OutOfScopePath>();
  for (const item of paths) if (!seen.has(item.realPath)) seen.set(item.realPath, item);
  return [...seen.values()];
}

/** A batch of reads: a list of at most MAX_READ_FILES_PATHS path strings, and a per-file cap within MAX_READ_FILES_FILE_BYTES. */
function validateReadFiles(paths: unknown, maxBytes: number | undefined): void {
  if (!Array.isArray(paths) || paths.length === 0) throw new InvalidInputError('paths', 'must be a non-empty list of paths');
  if (paths.length > MAX_READ_FILES_PATHS) throw new InvalidInputError('paths', `holds ${paths.length} paths; at most ${MAX_READ_FILES_PATHS} per fs.readFiles`);
  for (const [index, path] of paths.entries()) if (typeof path !== 'string') throw new InvalidInputError(`paths[${index}]`, 'must be a string');
  if (maxBytes !== undefined && (!Number.isSafeInteger(maxBytes) || maxBytes < 0 || maxBytes > MAX_READ_FILES_FILE_BYTES)) throw new InvalidInputError('maxBytes', `must be an integer from 0 to ${MAX_READ_FILES_FILE_BYTES}`);
}

/** The bytes a batch may hold (its paths times the cap in effect, the runtime's default included) stay within MAX_READ_FILES_BYTES. */
export function validateReadFilesBytes(pathCount: number, maxBytes: number): void {
  if (pathCount * maxBytes > MAX_READ_FILES_BYTES) throw new InvalidInputError('paths', `${pathCount} paths of up to ${maxBytes} bytes each exceed ${MAX_READ_FILES_BYTES} bytes per fs.readFiles; send fewer paths per action`);
}

/** Each edit is a whole new content or null (a deletion); anything else would be written as garbage. */
function validateEditContents(edits: readonly { content: unknown }[]): void {
  for (const [index, edit] of edits.entries()) {
    if (typeof edit.content !== 'string' && edit.content !== null) throw new InvalidInputError(`edits[${index}].content`, 'must be a string, or null to delete the file');
  }
}

function validateArgv(argv: readonly unknown[]): void {
  if (!Array.isArray(argv) || argv.length === 0) throw new InvalidInputError('argv', 'must name a command');
  for (const [index, value] of argv.entries()) {
    if (typeof value !== 'string') throw new InvalidInputError(`argv[${index}]`, 'must be a string');
    if (value.includes('\0')) throw new InvalidInputError(`argv[${index}]`, 'contains a NUL byte');
  }
  if ((argv[0] as string).length === 0) throw new InvalidInputError('argv[0]', 'is empty');
}
