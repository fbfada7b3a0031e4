/** The real-task dev set's case files, their split and where their repositories are (README.md beside this file). */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface RealCase {
  id: string;
  issue: { number: number; url: string; title: string; body: string };
  fix: string;
  parent: string;
  gold: string[];
  how: string;
}
export interface CaseFile {
  repo: string;
  snapshot: string;
  cases: RealCase[];
}
export type Split = 'tuning' | 'held-out';

const CASES_DIRECTORY = path.join(import.meta.dirname, 'cases');

/** The case files, by file name; only `repo`'s when given. */
export function loadCaseFiles(repo?: string): CaseFile[] {
  return fs
    .readdirSync(CASES_DIRECTORY)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(CASES_DIRECTORY, name), 'utf8')) as CaseFile)
    .filter((file) => repo === undefined || file.repo === repo);
}

/** Within a repository, cases ordered by the SHA-1 of their id alternate tuning, held-out. */
export function splitCases(cases: readonly RealCase[]): Map<string, Split> {
  const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
  const ordered = [...cases].sort((left, right) => (sha1(left.id) < sha1(right.id) ? -1 : 1));
  return new Map(ordered.map((testCase, position) => [testCase.id, position % 2 === 0 ? 'tuning' : 'held-out']));
}

/** The goal a case gives discovery: the issue's title and description, as the reporter wrote them. */
export function goalOf(testCase: RealCase): string {
  return `${testCase.issue.title}\n\n${testCase.issue.body}`;
}

/** `--mirror DIR`, else $BRASS_REAL_TASKS_MIRROR, else /work/.mirror. */
export function mirrorFromArguments(argv: readonly string[]): string {
  const index = argv.indexOf('--mirror');
  return path.resolve(index === -1 ? (process.env['BRASS_REAL_TASKS_MIRROR'] ?? '/work/.mirror') : argv[index + 1]!);
}

/** The git directory of `repo` in the mirror: `owner+name/` itself, its `repo/`, or its `.git/`; null when absent. */
export function gitDirectoryOf(mirror: string, repo: string): string | null {
  const base = path.join(mirror, repo.replace('/', '+'));
  for (const candidate of [base, path.join(base, 'repo'), path.join(base, '.git')]) {
    if (fs.existsSync(path.join(candidate, 'HEAD')) && fs.existsSync(path.join(candidate, 'objects'))) return candidate;
  }
  return null;
}

/**
 * Checks out `commit` in the clone at `root`, leaving out the files whose
 * contents the mirror lacks (a snapshot holds no file of 4 MiB or more:
 * images and archives, never the source a case is about), by a sparse
 * checkout that excludes exactly them. Returns how many were left out.
 */
export function checkoutCommit(root: string, commit: string): number {
  const run = (args: readonly string[], input?: string) => execFileSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'], ...(input === undefined ? {} : { input }) });
  const entries = run(['ls-tree', '-r', '-z', '--format=%(objecttype) %(objectname)\t%(path)', commit])
    .split('\0')
    .filter((entry) => entry.startsWith('blob '))
    .map((entry) => ({ object: entry.slice(5, entry.indexOf('\t')), path: entry.slice(entry.indexOf('\t') + 1) }));
  const answers = run(['cat-file', '--batch-check=%(objectname) %(objecttype)', '--buffer'], `${entries.map((entry) => entry.object).join('\n')}\n`).split('\n');
  const missing = entries.filter((_, index) => answers[index]?.endsWith(' missing') === true).map((entry) => entry.path);
  // The patterns are written, not set with `git sparse-checkout`, which would first refresh the current checkout (and trip on its own missing files).
  run(['config', 'core.sparseCheckout', 'true']);
  fs.mkdirSync(path.join(root, '.git', 'info'), { recursive: true });
  fs.writeFileSync(path.join(root, '.git', 'info', 'sparse-checkout'), ['/*', ...missing.map((file) => `!/${file.replace(/([*?[\\!#])/g, '\\$1')}`)].join('\n') + '\n');
  run(['checkout', '-q', '-f', '--detach', commit]);
  run(['clean', '-q', '-f', '-d', '-x']);
  return missing.length;
}
