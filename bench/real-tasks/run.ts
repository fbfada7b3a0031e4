/**
 * Real-task benchmark: issues from public JS/TS repositories, the issue's
 * own text as the goal, the source files its fix changed as the gold (see
 * README.md beside this file). Each case runs at the fix's parent commit,
 * with the history up to it, and compares in the same run:
 *
 * - discover: the whole pass as `brass-agent discover GOAL --no-run` runs it
 *   (at most 4 files read);
 * - no history: the same without the git history (co-change, past commits,
 *   recency), to show what the history adds;
 * - plain BM25: Okapi BM25 over the raw contents of the repository's
 *   non-test code files at that commit (no name splitting, stemming or fields).
 *
 * Both are cut at 4 files: hit@1, hit@4, recall@4 and MRR@4, for the tuning
 * half and the held-out half, overall and per repository.
 *
 *     npm run bench:real-tasks [-- --mirror DIR] [--split tuning|held-out|all] [--repo owner/name] [--verbose]
 *
 * `--verbose` prints each tuning case's ranks and discover's top files; it
 * never prints held-out cases one by one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJsonIndexCache } from '../../src/adapters/index-cache/index.js';
import { createCommandRuntime, openWorkspace } from '../../src/adapters/node-workspace/index.js';
import { discoverContext } from '../../src/context/discovery/index.js';
import { TEST_FILE } from '../../src/context/discovery/rank-candidates.js';
import { isCodePath } from '../../src/context/discovery/retrieval/is-indexable-source.js';
import { rankPlainBm25 } from '../retrieval/rank-plain-bm25.js';
import { checkoutCommit, gitDirectoryOf, goalOf, loadCaseFiles, mirrorFromArguments, splitCases } from './case-files.js';

const TOP = 4;
/** Larger files are left out of the BM25 baseline, as the goal index leaves them out. */
const MAX_BASELINE_FILE_BYTES = 1024 * 1024;

interface Scores {
  hit1: number;
  hit4: number;
  recall4: number;
  reciprocal: number;
}
const SYSTEMS = ['discover', 'no history', 'plain BM25'] as const;
type System = (typeof SYSTEMS)[number];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}
const mirror = mirrorFromArguments(process.argv);
const splitWanted = option('--split') ?? 'all';
const repoWanted = option('--repo');
const isVerbose = process.argv.includes('--verbose');
/** `--fast` leaves out the no-history run (half the time, for tuning). */
const isFast = process.argv.includes('--fast');
if (!['tuning', 'held-out', 'all'].includes(splitWanted)) {
  console.error(`--split must be tuning, held-out or all, got ${splitWanted}`);
  process.exit(2);
}

function git(cwd: string, args: readonly string[]): string {
  return execFileSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}
function hasCommit(gitDir: string, sha: string): boolean {
  try {
    git(gitDir, ['cat-file', '-e', `${sha}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

function scoreOf(ranked: readonly string[], gold: readonly string[]): Scores {
  const top = ranked.slice(0, TOP);
  const first = top.findIndex((file) => gold.includes(file));
  return { hit1: first === 0 ? 1 : 0, hit4: first === -1 ? 0 : 1, recall4: gold.filter((file) => top.includes(file)).length / gold.length, reciprocal: first === -1 ? 0 : 1 / (first + 1) };
}

/** Plain BM25 over the non-test code files of the checkout, as a generic engine would index them. */
function rankBaseline(root: string, goal: string): string[] {
  const listed = git(root, ['ls-files', '-z']).split('\0').filter((file) => file !== '' && isCodePath(file) && !TEST_FILE.test(file));
  const contents = new Map<string, string>();
  for (const file of listed) {
    const absolute = path.join(root, file);
    try {
      const stat = fs.lstatSync(absolute);
      if (!stat.isFile() || stat.size > MAX_BASELINE_FILE_BYTES) continue;
      contents.set(file, fs.readFileSync(absolute, 'utf8'));
    } catch {
      // A file git lists but the checkout lacks (a submodule path): not indexed.
    }
  }
  return rankPlainBm25(contents, goal);
}

const caseFiles = loadCaseFiles(repoWanted);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-real-tasks-'));
const totals = new Map<string, Scores & { cases: number }>();
const add = (key: string, scores: Scores) => {
  const total = totals.get(key) ?? { hit1: 0, hit4: 0, recall4: 0, reciprocal: 0, cases: 0 };
  for (const name of ['hit1', 'hit4', 'recall4', 'reciprocal'] as const) total[name] += scores[name];
  total.cases += 1;
  totals.set(key, total);
};
const skippedRepos: string[] = [];
const started = performance.now();
let ran = 0;
/** Files the mirror lacks the contents of, left out of the checkouts (large binaries). */
let leftOutFiles = 0;

try {
  for (const file of caseFiles) {
    const gitDir = gitDirectoryOf(mirror, file.repo);
    if (gitDir === null) {
      skippedRepos.push(`${file.repo} (not in ${mirror})`);
      continue;
    }
    const splits = splitCases(file.cases);
    const wanted = file.cases.filter((testCase) => splitWanted === 'all' || splits.get(testCase.id) === splitWanted);
    const present = wanted.filter((testCase) => hasCommit(gitDir, testCase.parent));
    if (present.length < wanted.length) skippedRepos.push(`${file.repo}: ${wanted.length - present.length} cases whose parent commit the mirror lacks`);
    if (present.length === 0) continue;
    const root = path.join(temp, file.repo.replace('/', '+'));
    git(temp, ['clone', '-q', '--shared', '--no-checkout', gitDir, root]);
    // One cache per repository: files unchanged between two cases' commits are not indexed again.
    const retrievalCache = createJsonIndexCache({ directory: path.join(temp, 'cache', file.repo.replace('/', '+')) });
    for (const testCase of present) {
      leftOutFiles += checkoutCommit(root, testCase.parent);
      const goal = goalOf(testCase);
      const workspace = await openWorkspace({ cwd: root, env: { ...process.env, XDG_CONFIG_HOME: path.join(temp, 'config'), XDG_CACHE_HOME: path.join(temp, 'xdg-cache') } });
      const loaded = workspace.config.config;
      const config = { ...loaded, context: { ...loaded.context, maxFiles: TOP } };
      const discover = async (useHistory: boolean) =>
        (await discoverContext({ runtime: workspace.runtime, config, goal, run: false, retrievalCache, useHistory, createCommandRuntime: (planned) => createCommandRuntime(workspace, planned) })).files.map((item) => item.path);
      const rankings: Record<System, string[]> = { discover: await discover(true), 'no history': isFast ? [] : await discover(false), 'plain BM25': rankBaseline(root, goal) };
      const split = splits.get(testCase.id)!;
      const line: string[] = [];
      for (const system of SYSTEMS) {
        const scores = scoreOf(rankings[system], testCase.gold);
        add(`${split}\t${system}`, scores);
        add(`${split}\t${system}\t${file.repo}`, scores);
        line.push(`${system}: ${scores.reciprocal === 0 ? '-' : Math.round(1 / scores.reciprocal)}`);
      }
      ran += 1;
      if (isVerbose && split === 'tuning') console.log(`${testCase.id.padEnd(24)} ${line.join('  ')}  gold: ${testCase.gold.join(', ')}  top: ${rankings.discover.join(', ')}`);
      else process.stderr.write(`\r${ran} cases run`);
    }
  }
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}
process.stderr.write('\n');

const percent = (value: number, cases: number) => `${((100 * value) / cases).toFixed(1)}%`.padEnd(8);
for (const split of ['tuning', 'held-out'] as const) {
  const overall = totals.get(`${split}\tdiscover`);
  if (overall === undefined) continue;
  console.log(`\n${split} half: ${overall.cases} cases\n`);
  console.log(`${'system'.padEnd(14)} hit@1   hit@4   recall@4  MRR@4`);
  for (const system of SYSTEMS) {
    const total = totals.get(`${split}\t${system}`)!;
    console.log(`${system.padEnd(14)} ${percent(total.hit1, total.cases)}${percent(total.hit4, total.cases)}${percent(total.recall4, total.cases)}  ${(total.reciprocal / total.cases).toFixed(3)}`);
  }
  console.log(`\n${'repository'.padEnd(24)} cases  hit@4 discover  hit@4 BM25  difference`);
  for (const file of caseFiles) {
    const ours = totals.get(`${split}\tdiscover\t${file.repo}`);
    const theirs = totals.get(`${split}\tplain BM25\t${file.repo}`);
    if (ours === undefined || theirs === undefined) continue;
    const difference = (100 * (ours.hit4 - theirs.hit4)) / ours.cases;
    console.log(`${file.repo.padEnd(24)} ${String(ours.cases).padEnd(6)} ${percent(ours.hit4, ours.cases).padEnd(15)} ${percent(theirs.hit4, theirs.cases).padEnd(11)} ${difference >= 0 ? '+' : ''}${difference.toFixed(1)}`);
  }
}
for (const line of skippedRepos) console.log(`skipped: ${line}`);
if (leftOutFiles > 0) console.log(`${leftOutFiles} files the mirror lacks (4 MiB or more) were left out of the checkouts`);
console.log(`\n${ran} cases in ${Math.round((performance.now() - started) / 1000)} s`);
