import { GIT_FILTER_DRIVERS_ARGV, hardenedGitArgv, parseFilterDrivers, type Runtime } from '../../core/index.js';
import { type GitAnswerMemo, runGitRemembered } from './git-answer-memo.js';

/** The git status discovery runs besides validation (hardened, see hardenedGitArgv): read-only, NUL-separated, no colour, no submodules. */
export const GIT_STATUS_ARGS: readonly string[] = ['status', '--porcelain=v1', '-z', '--untracked-files=normal', '--ignore-submodules=all'];
/** Git answers in well under this on any sane repository. */
export const GIT_STATUS_TIMEOUT_MS = 10_000;

/**
 * Whether the workspace root is a git working tree (a `.git` directory, or
 * the `.git` file of a worktree or submodule), asked with an `fs.stat` action.
 */
export async function hasGitDirectory(runtime: Runtime): Promise<boolean> {
  const observation = await runtime.execute({ kind: 'fs.stat', path: '.git' });
  return observation.ok && (observation.value.kind === 'directory' || observation.value.kind === 'file');
}

/**
 * The files the git working tree changed (modified, added, renamed to,
 * untracked), workspace-relative, from `git status --porcelain=v1 -z`. Git
 * runs as brass-agent's own program (origin `brass`) and never starts a
 * program from the repository's configuration: the filter drivers are read
 * first (GIT_FILTER_DRIVERS_ARGV) and switched off with everything else
 * (hardenedGitArgv). `runtimeFor` gives the runtime for each exact argv (its
 * permission service decides); `memo` keeps the filter drivers' answer. Empty when git is missing, denied, fails or
 * times out: the signal is optional.
 */
export async function readChangedFiles(runtimeFor: (argv: readonly string[]) => Runtime, memo?: GitAnswerMemo): Promise<string[]> {
  // The drivers change only with the config files: a connection keeps the answer while they are unchanged (see GitAnswerMemo).
  const drivers = await runGitRemembered(runtimeFor(GIT_FILTER_DRIVERS_ARGV), { argv: GIT_FILTER_DRIVERS_ARGV, timeoutMs: GIT_STATUS_TIMEOUT_MS }, memo);
  // Exit 1 is "no filter configured"; anything else (git missing, broken config) means no status either.
  if (!drivers.ok || (drivers.value.exitCode !== 0 && drivers.value.exitCode !== 1)) return [];
  const argv = hardenedGitArgv(GIT_STATUS_ARGS, drivers.value.exitCode === 0 ? parseFilterDrivers(drivers.value.stdout) : []);
  const observation = await runtimeFor(argv).execute({ kind: 'shell.run', argv, timeoutMs: GIT_STATUS_TIMEOUT_MS, origin: 'brass' });
  if (!observation.ok || observation.value.exitCode !== 0) return [];
  return parseGitStatus(observation.value.stdout);
}

/** Parses `git status --porcelain=v1 -z`: `XY path\0`, renames `R  new\0old\0`; deleted files are skipped. */
export function parseGitStatus(output: string): string[] {
  const entries = output.split('\0');
  const files: string[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index]!;
    if (entry.length < 4 || entry[2] !== ' ' || !/^[ MADRCUT?!]{2}$/.test(entry.slice(0, 2))) continue;
    const status = entry.slice(0, 2);
    const path = entry.slice(3);
    // A rename or copy is followed by its source path, which is not a file any more.
    if (status.includes('R') || status.includes('C')) index += 1;
    if (status.includes('D') || path.endsWith('/')) continue;
    files.push(path);
  }
  return files;
}
