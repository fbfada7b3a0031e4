import type { ActionError } from './observation.js';
import type { FileContent, FileStat, ListResult, SearchTextResult } from '../services/file-system.js';
import type { LlmCompleteRequest, LlmCompleteResult } from '../services/llm.js';
import type { CommandOrigin } from '../services/sandbox.js';
import type { ShellRunResult } from '../services/shell.js';

/**
 * Everything the agent and the context logic can ask the machine to do. Each
 * value goes through one runtime (`createRuntime`) that consults the
 * PermissionService and the workspace path scope before a service runs it.
 */
export type AgentAction =
  | ReadFileAction
  | ReadFilesAction
  | StatAction
  | ListAction
  | SearchTextAction
  | ShellRunAction
  | LlmCompleteAction
  | PatchApplyAction
  | PatchRollbackAction;

interface ActionBase {
  /** The agent tool on whose behalf the action runs, for permission rules. */
  tool?: string;
}

export interface ReadFileAction extends ActionBase {
  kind: 'fs.readFile';
  /** Workspace-relative, absolute or `~/...`. */
  path: string;
  /** Overrides the runtime's read cap for this call. */
  maxBytes?: number;
}

/** Paths one `fs.readFiles` reads at most. */
export const MAX_READ_FILES_PATHS = 256;
/** The per-file cap of `fs.readFiles` at most: each of its reads is small enough to run on synchronous calls. */
export const MAX_READ_FILES_FILE_BYTES = 1024 * 1024;
/** Bytes one `fs.readFiles` may hold at most: its paths times its per-file cap. */
export const MAX_READ_FILES_BYTES = 32 * 1024 * 1024;

/**
 * Many small reads as one action (the goal index reads thousands of files):
 * each path is decided and read exactly as its own `fs.readFile` would be
 * (its own permission request and decision, the same checks on the file),
 * under one deadline and with the bytes of every file in one buffer. A
 * denied or failed file fails alone; the others are read. At most
 * MAX_READ_FILES_PATHS paths, and paths × maxBytes at most MAX_READ_FILES_BYTES.
 */
export interface ReadFilesAction extends ActionBase {
  kind: 'fs.readFiles';
  /** Workspace-relative, absolute or `~/...`, as for fs.readFile. */
  paths: readonly string[];
  /** Bytes of each file returned at most (default: the runtime's read cap, at most MAX_READ_FILES_FILE_BYTES); at most MAX_READ_FILES_FILE_BYTES. */
  maxBytes?: number;
}

export interface StatAction extends ActionBase {
  kind: 'fs.stat';
  path: string;
}

export interface ListAction extends ActionBase {
  kind: 'fs.list';
  /** Directory to list; default the workspace root. */
  path?: string;
  recursive?: boolean;
  maxEntries?: number;
  /** Also return the size and mtime of each regular file (see ListEntry); default false. */
  withStats?: boolean;
  /** Also list entries whose name starts with `.` (skipDirs and ignore files still apply); default false. */
  includeHidden?: boolean;
  /** List only entries with one of these exact file names, at any depth (see ListRequest.names); a name is never a path or a pattern. */
  names?: readonly string[];
  /** With `recursive`: entries at most this many levels below `path` (1: its own entries). */
  maxDepth?: number;
  /** Stop entering directories after reading this many entries, listed or not, and mark the result truncated. */
  maxWalkedEntries?: number;
}

export interface SearchTextAction extends ActionBase {
  kind: 'fs.searchText';
  /** A fixed string; never interpreted as a pattern or a flag. */
  query: string;
  /**
   * More fixed strings searched in the same pass (one walk, one read per
   * file): a line containing any of them is one match, its column that of
   * the first occurrence of any; the per-file and total limits count those
   * lines. Each is checked like `query`.
   */
  moreQueries?: readonly string[];
  /** Directory searched; default the workspace root. */
  path?: string;
  globs?: readonly string[];
  excludeGlobs?: readonly string[];
  maxResults?: number;
  maxMatchesPerFile?: number;
  caseSensitive?: boolean;
}

export interface ShellRunAction extends ActionBase {
  kind: 'shell.run';
  /** The command as argv; run without a shell. */
  argv: readonly string[];
  /** Working directory; default the workspace root. */
  cwd?: string;
  timeoutMs?: number;
  /**
   * Where the command comes from (default `workspace`); see CommandOrigin.
   * Never `person`: a program of the person's own (their editor) is started
   * by the CLI through the Shell service, never by an action a tool can ask for.
   */
  origin?: Exclude<CommandOrigin, 'person'>;
}

export interface LlmCompleteAction extends ActionBase {
  kind: 'llm.complete';
  request: Omit<LlmCompleteRequest, 'signal'>;
}

/** One file of a patch: its whole new content, or its deletion. */
export interface PatchEdit {
  path: string;
  /** The whole new content; null deletes the file (its snapshot is kept, so a rollback recreates it). */
  content: string | null;
  /**
   * The content the file must have now (undefined: not checked; null: the
   * file must not exist). A mismatch fails the whole patch as a conflict.
   */
  expectedContent?: string | null;
}

export interface PatchApplyAction extends ActionBase {
  kind: 'patch.apply';
  edits: readonly PatchEdit[];
}

export interface PatchRollbackAction extends ActionBase {
  kind: 'patch.rollback';
  patchId: string;
}

export type ReadFileResult = FileContent & { path: string };
export type StatResult = FileStat & { path: string };

/** One file of an `fs.readFiles`: where its bytes lie in `data`, or why it was not read. */
export type ReadFilesEntry =
  | {
      path: string;
      ok: true;
      /** Its bytes are `data.subarray(start, end)`: the file's first bytes, cut on a UTF-8 character boundary, never containing a NUL in the first 8 KiB. */
      start: number;
      end: number;
      /** Size of the whole file in bytes. */
      totalBytes: number;
      truncated: boolean;
    }
  | { path: string; ok: false; error: ActionError };

export interface ReadFilesResult {
  /** One entry per requested path, in order; paths workspace-relative as in fs.readFile. */
  files: ReadFilesEntry[];
  /** The bytes of every file read, end to end (UTF-8 as read: decode each file's slice). */
  data: Uint8Array;
}
export type ShellRunActionResult = ShellRunResult & { argv: readonly string[]; cwd: string };
export interface PatchApplyResult {
  patchId: string;
  files: { path: string; created: boolean; deleted: boolean }[];
}
export interface PatchRollbackResult {
  patchId: string;
  restored: string[];
  removed: string[];
}

/** The value a successful action yields, by kind. Paths in results are workspace-relative. */
export interface ActionResultMap {
  'fs.readFile': ReadFileResult;
  'fs.readFiles': ReadFilesResult;
  'fs.stat': StatResult;
  'fs.list': ListResult;
  'fs.searchText': SearchTextResult;
  'shell.run': ShellRunActionResult;
  'llm.complete': LlmCompleteResult;
  'patch.apply': PatchApplyResult;
  'patch.rollback': PatchRollbackResult;
}

export type ActionKind = AgentAction['kind'];
export type ActionResult<A extends AgentAction> = ActionResultMap[A['kind']];
