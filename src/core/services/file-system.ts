/**
 * The FileSystem service: every read, listing, search and write the runtime
 * performs. Paths given to it are absolute and already checked by the
 * workspace scope; implementations re-check what can change between the check
 * and the use (see `isContained`).
 */

/** The default cap on bytes returned by one read: 1 MiB. */
export const DEFAULT_MAX_READ_BYTES = 1024 * 1024;

export interface ReadFileRequest {
  /** Absolute path, already resolved and checked by the workspace scope. */
  path: string;
  /** Return at most this many bytes of content (cut on a UTF-8 character boundary). */
  maxBytes: number;
  /**
   * Re-checks containment of the real path of what was actually opened, so a
   * file replaced by a symlink between the check and the open is refused.
   */
  isContained: (realPath: string) => boolean;
  signal?: AbortSignal;
}

export interface FileContent {
  content: string;
  /** Bytes of the file represented in `content`. */
  bytes: number;
  /** Size of the whole file in bytes. */
  totalBytes: number;
  truncated: boolean;
  /** `utf8-lossy` when invalid UTF-8 sequences were replaced by U+FFFD. */
  encoding: 'utf8' | 'utf8-lossy';
}

export interface ReadFilesRequest {
  /** Absolute paths, each already resolved, checked by the workspace scope and allowed. */
  paths: readonly string[];
  /** Bytes of each file returned at most (cut on a UTF-8 character boundary). */
  maxBytes: number;
  /** Re-checks containment of the real path of each file actually opened (see ReadFileRequest). */
  isContained: (realPath: string) => boolean;
  signal?: AbortSignal;
}

/** What `readFiles` returns: per path its slice of `data`, or the error a `readFile` of it would have thrown. */
export interface FilesContent {
  files: ({ start: number; end: number; totalBytes: number; truncated: boolean } | { error: unknown })[];
  /** The bytes kept of every file read, end to end. */
  data: Uint8Array;
}

export type FileKind = 'file' | 'directory' | 'symlink' | 'fifo' | 'socket' | 'device' | 'other';

export interface FileStat {
  kind: FileKind;
  sizeBytes: number;
  modifiedMs: number;
}

export interface ListRequest {
  /** Absolute directory to list. */
  path: string;
  /** The workspace root: `.gitignore` files are read from here down. */
  root: string;
  /** Descend into subdirectories (default false). */
  recursive?: boolean;
  /** Stop after this many entries and mark the result truncated. */
  maxEntries?: number;
  /** Honour `.gitignore` files (default true). */
  respectGitignore?: boolean;
  /** Directory names never entered (default: DEFAULT_SKIP_DIRS). */
  skipDirs?: readonly string[];
  /** Fill `sizeBytes` and `modifiedMs` of regular files (default false), so callers need no stat per file. */
  withStats?: boolean;
  /** List entries whose name starts with `.` too (default false); `skipDirs` and ignore files still apply. */
  includeHidden?: boolean;
  /**
   * List only entries with one of these exact names (`['AGENTS.md']`), at
   * any depth, of any kind; every directory that is not skipped or ignored
   * is still walked. See validateListFilter for what a name may be.
   */
  names?: readonly string[];
  /** With `recursive`: list entries at most this many levels below `path` (1: its own entries, as `rg --max-depth 1`). */
  maxDepth?: number;
  /**
   * Stop entering directories once this many directory entries were read
   * (ignored, hidden and filtered-out ones too) and mark the result
   * truncated: bounds the work of a filtered walk, as `maxEntries` bounds
   * its result.
   */
  maxWalkedEntries?: number;
  isContained: (realPath: string) => boolean;
  signal?: AbortSignal;
}

export interface ListEntry {
  /** Root-relative, forward slashes; directories end without a slash. */
  path: string;
  kind: FileKind;
  /** With `withStats`, for a regular file: its size (lstat, never through a symlink). Absent when it could not be stated. */
  sizeBytes?: number;
  /** With `withStats`, for a regular file: its mtime in ms, as `fs.stat` reports it. Absent when it could not be stated. */
  modifiedMs?: number;
}

export interface ListResult {
  entries: ListEntry[];
  /** `maxEntries` or `maxWalkedEntries` was reached: entries further on were not listed. */
  truncated: boolean;
  /** Directory entries the walk read, listed or not (an implementation that does not count leaves it out). */
  walkedEntries?: number;
}

/** Directories that listing and search skip unless told otherwise. */
export const DEFAULT_SKIP_DIRS: readonly string[] = [
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  'dist',
  'build',
  'out',
  'coverage',
  '.next',
  '.nuxt',
  '.turbo',
  '.cache',
  '.venv',
  '__pycache__',
  'target',
  'vendor',
];

export interface SearchTextRequest {
  /** A fixed string, never a regular expression, never a flag. */
  query: string;
  /**
   * More fixed strings searched in the same pass (one walk, one read per
   * file): a line containing any of them is one match, its column that of
   * the first occurrence of any; the per-file and total limits count those
   * lines. Each is checked like `query`.
   */
  moreQueries?: readonly string[];
  /** Absolute directory searched. */
  root: string;
  /** Root-relative include globs (ripgrep `--glob` syntax). Empty: every file. */
  globs?: readonly string[];
  /** Root-relative exclude globs, passed to ripgrep as `--glob !...`. */
  excludeGlobs?: readonly string[];
  /** At most this many matching lines per file (`--max-count`). */
  maxMatchesPerFile?: number;
  /** At most this many matches in total; more marks the result truncated. */
  maxResults?: number;
  /** Files larger than this are skipped (`--max-filesize`). */
  maxFileSizeBytes?: number;
  /** Default true. */
  caseSensitive?: boolean;
  /** Directory names never entered (default: DEFAULT_SKIP_DIRS). */
  skipDirs?: readonly string[];
  signal?: AbortSignal;
}

export interface SearchMatch {
  /** Root-relative, forward slashes. */
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units of `text`. */
  column: number;
  /** The matching line without its line terminator, capped in length. */
  text: string;
}

export interface SearchTextResult {
  /** Sorted by path, then line, then column. */
  matches: SearchMatch[];
  truncated: boolean;
  /** Which engine answered: a configured/bundled ripgrep or the pure-Node fallback. */
  engine: 'ripgrep' | 'node';
}

export interface WriteFileRequest {
  path: string;
  content: string;
  isContained: (realPath: string) => boolean;
}

export interface FileSystem {
  readFile(request: ReadFileRequest): Promise<FileContent>;
  /**
   * Reads many small files with the checks of `readFile` on each (one that
   * fails is an error in its slot; the others are read), their bytes in
   * one buffer, not decoded. A NUL in a file's first 8 KiB is a `binary`
   * error as in `readFile`.
   */
  readFiles(request: ReadFilesRequest): Promise<FilesContent>;
  stat(path: string): Promise<FileStat>;
  list(request: ListRequest): Promise<ListResult>;
  searchText(request: SearchTextRequest): Promise<SearchTextResult>;
  /** Writes atomically (temp file + rename): never leaves a half-written file. */
  writeFile(request: WriteFileRequest): Promise<void>;
  /** Removes a regular file; used by rollback of created files. */
  removeFile(request: { path: string; isContained: (realPath: string) => boolean }): Promise<void>;
}
