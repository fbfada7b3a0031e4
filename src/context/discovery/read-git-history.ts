import { createHash } from 'node:crypto';
import { hardenedGitArgv, type Runtime } from '../../core/index.js';
import { type GitAnswerMemo, runGitRemembered } from './git-answer-memo.js';
import type { RetrievalIndexCache } from './retrieval/retrieval-index-cache.js';
import { type GitHistory, type HistoryCommit, MAX_HISTORY_COMMITS, MAX_SUBJECT_CHARS, decodeGitHistory, encodeGitHistory } from './git-history.js';

/** Where the head is, whether the clone is shallow, and the workspace's place in the repository. */
export const GIT_HEAD_ARGS: readonly string[] = ['rev-parse', '--is-shallow-repository', '--show-prefix', 'HEAD'];
/** Commits asked for per `git log`: a page stays well under the shell's output cap unless it holds a sweep. */
const PAGE_COMMITS = 250;
/** Each git command answers in well under this; a slower one ends the reading with what was read. */
export const GIT_HISTORY_TIMEOUT_MS = 10_000;
/** The whole history read stops after this, with what it has (a cold read of 3,000 commits takes well under a second). */
const TOTAL_BUDGET_MS = 15_000;

export interface ReadGitHistoryOptions {
  /** The runtime for each exact argv (its permission service decides), as for readChangedFiles. */
  runtimeFor: (argv: readonly string[]) => Runtime;
  /** Keeps the history per HEAD between runs (the retrieval index's cache, under a key of its own). */
  cache?: Pick<RetrievalIndexCache, 'load' | 'save'>;
  /** Keeps the `rev-parse` answer across calls while the refs are unchanged. */
  memo?: GitAnswerMemo;
  /** Commits read at most (default MAX_HISTORY_COMMITS). */
  maxCommits?: number;
  /** Warnings for the discovery report: a cut or shallow history, trouble with the cache. */
  warnings?: string[];
  signal?: AbortSignal;
}

/**
 * The history of the workspace's repository from HEAD back, at most
 * `maxCommits` commits, merges left out, paths made workspace-relative (a
 * workspace below the repository's top level keeps its own files only).
 * Git runs as brass-agent's own program, hardened (hardenedGitArgv), and
 * only reads: `rev-parse`, then `log --name-only` in pages. Cached per HEAD
 * when a cache is given, so a repeated run costs one `rev-parse`. Null when
 * there is no history: not a repository, no commit yet, git missing, denied,
 * failing or timing out. Never throws.
 */
export async function readGitHistory(options: ReadGitHistoryOptions): Promise<GitHistory | null> {
  const headArgv = hardenedGitArgv(GIT_HEAD_ARGS, []);
  const headRuntime = options.runtimeFor(headArgv);
  // HEAD moves only with the refs: a connection keeps the answer while they are unchanged (see GitAnswerMemo).
  const headObservation = await runGitRemembered(headRuntime, { argv: headArgv, timeoutMs: GIT_HISTORY_TIMEOUT_MS, ...(options.signal ? { signal: options.signal } : {}) }, options.memo);
  const head = !headObservation.ok || headObservation.value.exitCode !== 0 || headObservation.value.timedOut ? null : headObservation.value;
  if (head === null) return null;
  const [shallowLine, prefix, sha] = head.stdout.split('\n');
  if (sha === undefined || !/^[0-9a-f]{40,64}$/.test(sha.trim())) return null;
  const headSha = sha.trim();
  const isShallow = shallowLine?.trim() === 'true';
  const key = historyCacheKeyOf(headRuntime.scope.root);
  if (options.cache !== undefined) {
    try {
      const cached = decodeGitHistory(await options.cache.load(key), headSha);
      if (cached !== null) return withWarnings(cached, options.warnings);
    } catch (error) {
      options.warnings?.push(`the cached git history could not be read (${error instanceof Error ? error.message : String(error)}): read again from git`);
    }
  }
  const maxCommits = Math.max(0, options.maxCommits ?? MAX_HISTORY_COMMITS);
  const commits: HistoryCommit[] = [];
  const started = Date.now();
  let isCut = false;
  let pageSize = PAGE_COMMITS;
  while (commits.length < maxCommits) {
    if (Date.now() - started > TOTAL_BUDGET_MS || options.signal?.aborted === true) {
      isCut = true;
      break;
    }
    const remaining = maxCommits - commits.length;
    // One commit more than is left tells whether the history goes on past the bound.
    const wanted = Math.min(pageSize, remaining + 1);
    const argv = hardenedGitArgv(['log', '--no-merges', '--no-renames', '-z', '--name-only', '--format=%x1e%ct%x1f%s', `--skip=${commits.length}`, `-n${wanted}`, headSha, '--'], []);
    const page = await runGit(options.runtimeFor(argv), argv, options.signal);
    if (page === null) {
      isCut = commits.length > 0;
      break;
    }
    if (page.stdoutDroppedBytes > 0) {
      // A sweep of thousands of paths overflowed the page: ask for fewer commits; a single such commit is kept without its files.
      if (pageSize > 1) {
        pageSize = Math.max(1, Math.floor(pageSize / 10));
        continue;
      }
      commits.push({ time: 0, subject: '', files: [] });
      continue;
    }
    const parsed = parseGitLog(page.stdout, prefix?.trim() ?? '');
    if (parsed.length > remaining) {
      commits.push(...parsed.slice(0, remaining));
      isCut = true;
      break;
    }
    commits.push(...parsed);
    if (parsed.length < wanted) break;
    pageSize = PAGE_COMMITS;
  }
  const history: GitHistory = { head: headSha, commits: commits.filter((commit) => commit.files.length > 0 || commit.subject !== ''), isCut, isShallow };
  if (options.cache !== undefined) {
    try {
      await options.cache.save(key, encodeGitHistory(history));
    } catch (error) {
      options.warnings?.push(`the git history could not be cached (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return withWarnings(history, options.warnings);
}

/** The cache key of a workspace's history (one entry per workspace, replaced when HEAD moves). */
export function historyCacheKeyOf(root: string): string {
  return createHash('sha256').update(`brass-agent git history\u0000${root}`).digest('hex').slice(0, 32);
}

/**
 * Parses `git log -z --name-only --format=%x1e%ct%x1f%s`: per commit
 * `\x1e<time>\x1f<subject>\0\n<path>\0<path>\0…`. Paths outside `prefix`
 * (the workspace's directory in the repository, `sub/dir/` or empty) are
 * dropped, the rest made relative to it.
 */
export function parseGitLog(output: string, prefix: string): HistoryCommit[] {
  const commits: HistoryCommit[] = [];
  for (const record of output.split('\u001e')) {
    if (record.trim() === '') continue;
    const [header = '', ...rest] = record.split('\u0000');
    const separator = header.indexOf('\u001f');
    if (separator === -1) continue;
    const time = Number(header.slice(0, separator));
    if (!Number.isFinite(time)) continue;
    const files: string[] = [];
    for (const raw of rest) {
      const path = raw.replace(/^\n/, '');
      if (path === '' || !path.startsWith(prefix)) continue;
      files.push(path.slice(prefix.length));
    }
    commits.push({ time, subject: header.slice(separator + 1, separator + 1 + MAX_SUBJECT_CHARS), files });
  }
  return commits;
}

async function runGit(runtime: Runtime, argv: readonly string[], signal: AbortSignal | undefined) {
  const observation = await runtime.execute({ kind: 'shell.run', argv, timeoutMs: GIT_HISTORY_TIMEOUT_MS, origin: 'brass' }, signal ? { signal } : {});
  if (!observation.ok || observation.value.exitCode !== 0 || observation.value.timedOut) return null;
  return observation.value;
}

function withWarnings(history: GitHistory, warnings: string[] | undefined): GitHistory {
  if (history.isShallow) warnings?.push(`the repository is a shallow clone: co-change and recency come from its ${history.commits.length} commits only`);
  return history;
}
