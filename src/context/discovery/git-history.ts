/**
 * What discovery knows of a repository's recent history: the commits
 * reachable from HEAD, newest first, each with its commit time, subject line
 * and the files it changed (paths as of that commit, workspace-relative when
 * the workspace is the repository's top level).
 */
export interface GitHistory {
  /** The commit the history was read from. */
  head: string;
  commits: HistoryCommit[];
  /** More commits exist than were read (the bound, MAX_HISTORY_COMMITS). */
  isCut: boolean;
  /** The clone is shallow: the history ends early, and says so. */
  isShallow: boolean;
}

export interface HistoryCommit {
  /** Seconds since the epoch (committer time). */
  time: number;
  subject: string;
  files: string[];
}

/** Commits read at most: enough for the co-change of the files a task is about, bounded on a 200,000-commit history. */
export const MAX_HISTORY_COMMITS = 3_000;
/**
 * A commit that changed more files than this is a sweep (a rename, a
 * formatter, a licence header, a dependency bump): it says nothing about
 * which files belong together, so co-change and the subjects leave it out.
 */
export const MAX_COMMIT_FILES = 40;
/** Subject characters kept per commit. */
export const MAX_SUBJECT_CHARS = 200;

/** The format version of a cached history; an entry of another version is read again from git. */
export const GIT_HISTORY_FORMAT = 1;

/** The cached form: a path table and commits as [time, subject, path indexes], about a third of the plain JSON. */
interface EncodedHistory {
  format: number;
  head: string;
  isCut: boolean;
  isShallow: boolean;
  paths: string[];
  commits: [number, string, number[]][];
}

export function encodeGitHistory(history: GitHistory): EncodedHistory {
  const paths: string[] = [];
  const indexOf = new Map<string, number>();
  const commits = history.commits.map((commit): [number, string, number[]] => [
    commit.time,
    commit.subject,
    commit.files.map((path) => {
      let index = indexOf.get(path);
      if (index === undefined) {
        index = paths.length;
        paths.push(path);
        indexOf.set(path, index);
      }
      return index;
    }),
  ]);
  return { format: GIT_HISTORY_FORMAT, head: history.head, isCut: history.isCut, isShallow: history.isShallow, paths, commits };
}

/** The history in a cache entry, or null when the entry is of another format or head, or malformed. */
export function decodeGitHistory(value: unknown, head: string): GitHistory | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Partial<EncodedHistory>;
  if (entry.format !== GIT_HISTORY_FORMAT || entry.head !== head || !Array.isArray(entry.paths) || !Array.isArray(entry.commits)) return null;
  const paths = entry.paths;
  if (!paths.every((path) => typeof path === 'string')) return null;
  const commits: HistoryCommit[] = [];
  for (const item of entry.commits) {
    if (!Array.isArray(item) || item.length !== 3) return null;
    const [time, subject, indexes] = item;
    if (typeof time !== 'number' || typeof subject !== 'string' || !Array.isArray(indexes)) return null;
    const files: string[] = [];
    for (const index of indexes) {
      const path = typeof index === 'number' ? paths[index] : undefined;
      if (path === undefined) return null;
      files.push(path);
    }
    commits.push({ time, subject, files });
  }
  return { head, commits, isCut: entry.isCut === true, isShallow: entry.isShallow === true };
}
