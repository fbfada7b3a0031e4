/**
 * Retrieval index speed on a large tree: this repository's node_modules
 * (every code file the indexer keeps, skip set lifted so `dist/` counts),
 * indexed by buildRetrievalIndex exactly as discovery does, through the
 * runtime. Printed as ratios against baselines measured in the same run:
 *
 * - `rg --files` + read: ripgrep lists the tree, then Node reads the same
 *   files (the least any index has to do);
 * - plain BM25 build: lower-cased words of the same contents, counted per
 *   file (what a generic engine indexes), and its query time.
 *
 * Phases: cold build without a cache, cold build into an empty cache, warm
 * build from the cache (nothing changed), warm build with 1% of the files
 * changed (their cache entries dropped: the tree itself is never touched),
 * then the query time of the goals of bench/retrieval against both indexes.
 * The warm build is also timed as a CLI run does it: in a fresh process
 * (this script as its child, timing the work only), whose heap holds
 * nothing else, against the baseline in a fresh process.
 * Every phase is interleaved with its baseline (baseline, phase, baseline,
 * phase…) and its ratio is the median of the rounds' ratios, so the load
 * of a shared machine weighs on both alike. Memory is the RSS growth of
 * each phase's first round (after a GC when --expose-gc).
 *
 *     npm run bench:retrieval-speed [-- --reps N]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJsonIndexCache } from '../src/adapters/index-cache/index.js';
import { openWorkspace } from '../src/adapters/node-workspace/index.js';
import type { ActionResultMap } from '../src/core/index.js';
import type { PathFilter } from '../src/context/discovery/create-path-filter.js';
import { buildRetrievalIndex, type RetrievalIndex } from '../src/context/discovery/retrieval/build-retrieval-index.js';
import { rankByGoal } from '../src/context/discovery/retrieval/rank-by-goal.js';
import { CASES } from './retrieval/cases.js';
import { buildPlainBm25, queryPlainBm25 } from './retrieval/rank-plain-bm25.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CORPUS = path.join(ROOT, 'node_modules');
const args = process.argv.slice(2);
const REPS = args.includes('--reps') ? Number(args[args.indexOf('--reps') + 1]) : 5;
/** Far above the tree's size: the whole corpus is indexed. */
const NO_CAP = 1_000_000;

const collectGarbage = (globalThis as { gc?: () => void }).gc;
function rss(): number {
  collectGarbage?.();
  return process.memoryUsage().rss;
}

/** One timed run of `work`, with its CPU time (this process's threads, workers included; not child processes) and RSS growth. */
async function timeOnce<T>(work: () => Promise<T> | T): Promise<{ ms: number; cpuMs: number; rssBytes: number; value: T }> {
  const startRss = rss();
  const startCpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const cpu = process.cpuUsage(startCpu);
  return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, rssBytes: process.memoryUsage().rss - startRss, value };
}

/** A phase against its baseline: each round runs the baseline, then the phase (interleaved, so load on a shared machine hits both alike). */
interface Paired<T> {
  /** Median over the rounds of phase ms / the same round's baseline ms. */
  ratio: number;
  /** Median ms of the phase and of its baselines. */
  ms: number;
  baseMs: number;
  /** Median CPU ms of the phase (steadier than wall time on a shared machine; see timeOnce). */
  cpuMs: number;
  /** RSS growth of the phase's first round. */
  rssBytes: number;
  value: T;
}

const median = (values: readonly number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!;

async function paired<T>(baseline: () => Promise<unknown> | unknown, work: (round: number) => Promise<T> | T, before?: (round: number) => void): Promise<Paired<T>> {
  const ratios: number[] = [];
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const baseTimes: number[] = [];
  let rssBytes = 0;
  let value: T | undefined;
  for (let round = 0; round < REPS; round += 1) {
    baseTimes.push((await timeOnce(baseline)).ms);
    before?.(round);
    const run = await timeOnce(() => work(round));
    if (round === 0) rssBytes = run.rssBytes;
    value = run.value;
    times.push(run.ms);
    cpuTimes.push(run.cpuMs);
    ratios.push(run.ms / baseTimes[round]!);
  }
  return { ratio: median(ratios), ms: median(times), baseMs: median(baseTimes), cpuMs: median(cpuTimes), rssBytes, value: value as T };
}

/** `--fresh-child DIR warm|baseline`: this script as the child of a fresh-process round (see freshRound). */
const FRESH_CHILD = args.includes('--fresh-child') ? { directory: args[args.indexOf('--fresh-child') + 1]!, mode: args[args.indexOf('--fresh-child') + 2] } : null;
const temp = FRESH_CHILD?.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-retrieval-speed-'));
const workspace = await openWorkspace({ cwd: CORPUS, env: { ...process.env, XDG_CONFIG_HOME: path.join(temp, 'config') }, cliConfig: { search: { skipDirs: ['.git'] } } });
const everything: PathFilter = { exclusionOf: () => null, isAllowed: () => true };
const globs = workspace.config.config.context.globs;
const parallel = workspace.services.parallel;
const build = (extra: { cache?: ReturnType<typeof createJsonIndexCache>; threads?: boolean } = {}) =>
  buildRetrievalIndex({ runtime: workspace.runtime, filter: everything, globs, maxFiles: NO_CAP, ...(extra.cache ? { cache: extra.cache } : {}), ...(extra.threads === false ? {} : { parallel }) });

const cacheDirectory = path.join(temp, 'retrieval-index');
const ripgrep = (await workspace.searchEngine()).ripgrep?.path ?? 'rg';
/** Baseline 1: ripgrep lists the tree, Node reads the indexed files. */
const listAndReadOf = (files: readonly string[]) => {
  const result = spawnSync(ripgrep, ['--files', '--no-ignore', '--hidden', CORPUS], { maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${ripgrep} --files failed: ${result.stderr.toString()}`);
  return files.map((file) => fs.readFileSync(path.join(CORPUS, file), 'utf8').slice(0, 128 * 1024));
};
const PATHS_FILE = path.join(temp, 'paths.json');
if (FRESH_CHILD !== null) {
  if (FRESH_CHILD.mode !== 'warm' && FRESH_CHILD.mode !== 'baseline') throw new Error(`--fresh-child DIR takes warm or baseline, not ${String(FRESH_CHILD.mode)}`);
  // One run, its ms on stdout: the warm build from the parent's cache entry, or the baseline over the parent's file list.
  const started = performance.now();
  if (FRESH_CHILD.mode === 'warm') await build({ cache: createJsonIndexCache({ directory: cacheDirectory }) });
  else listAndReadOf(JSON.parse(fs.readFileSync(PATHS_FILE, 'utf8')) as string[]);
  process.stdout.write(JSON.stringify({ ms: performance.now() - started }));
  process.exit(0);
}

// The files to read: those one cold build indexes (also warms the disk cache and the threads).
const index: RetrievalIndex = await build();
const paths = index.documents.map((document) => document.path);
console.log(`corpus: ${CORPUS}\n${paths.length} files indexed (${index.notes.join(', ') || 'nothing skipped'}), median of ${REPS} rounds, each phase interleaved with its baseline${collectGarbage ? '' : ' (run with --expose-gc for steadier memory figures)'}\n`);

const listAndRead = () => listAndReadOf(paths);
const baselineRun = await timeOnce(listAndRead);
const contents = new Map(paths.map((file, position) => [file, baselineRun.value[position]!]));

// Cold, without a cache: the index every run would build without one (on the worker threads, as the CLI does, and on this thread alone).
const cold = await paired(listAndRead, () => build());
const coldOneThread = await paired(listAndRead, () => build({ threads: false }));
// Baseline 2: a plain BM25 index of the same contents (words counted per file), on top of the listing and reading.
const plainBuild = await paired(listAndRead, () => buildPlainBm25(contents));

// With a cache: an empty one (build and save), then warm (nothing changed).
const cache = createJsonIndexCache({ directory: cacheDirectory });
const coldCached = await paired(listAndRead, () => build({ cache }), () => fs.rmSync(cacheDirectory, { recursive: true, force: true }));
const warm = await paired(listAndRead, () => build({ cache }));
// Warm again, as a CLI run builds it: in a fresh process whose heap holds nothing else (the phases above run in a heap
// holding the other indexes and contents, which slows its collections), against the baseline in a fresh process too.
// Only the work is timed in each child, not its start-up.
fs.writeFileSync(PATHS_FILE, JSON.stringify(paths));
const freshRound = (mode: 'warm' | 'baseline') => {
  const child = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, '--fresh-child', temp, mode], { encoding: 'utf8', env: process.env });
  if (child.status !== 0) throw new Error(`the ${mode} child failed: ${child.stderr}`);
  return (JSON.parse(child.stdout) as { ms: number }).ms;
};
const freshRatios: number[] = [];
const freshTimes: { warm: number[]; baseline: number[] } = { warm: [], baseline: [] };
for (let round = 0; round < REPS; round += 1) {
  freshTimes.baseline.push(freshRound('baseline'));
  freshTimes.warm.push(freshRound('warm'));
  freshRatios.push(freshTimes.warm[round]! / freshTimes.baseline[round]!);
}
const entryBytes = fs.readdirSync(cacheDirectory).reduce((sum, name) => sum + fs.statSync(path.join(cacheDirectory, name)).size, 0);
const entryFile = path.join(cacheDirectory, fs.readdirSync(cacheDirectory)[0]!);
const fullEntry = fs.readFileSync(entryFile);
// 1% of the files "changed": the listing reports a newer mtime for every hundredth file, so those are read again and the rest are not.
const touchedRuntime: typeof workspace.runtime = {
  ...workspace.runtime,
  execute: async (action, executeOptions) => {
    const result = await workspace.runtime.execute(action, executeOptions);
    if (action.kind !== 'fs.list' || !result.ok) return result;
    const listing = result.value as ActionResultMap['fs.list'];
    let file = 0;
    const entries = listing.entries.map((entry) => (entry.kind === 'file' && entry.modifiedMs !== undefined && file++ % 100 === 0 ? { ...entry, modifiedMs: entry.modifiedMs + 1 } : entry));
    return { ...result, value: { ...listing, entries } } as typeof result;
  },
};
const incremental = await paired(
  listAndRead,
  () => buildRetrievalIndex({ runtime: touchedRuntime, filter: everything, globs, maxFiles: NO_CAP, cache }),
  // Each round starts from the unchanged entry.
  () => fs.writeFileSync(entryFile, fullEntry),
);

// Queries: the retrieval bench's goals against this index, interleaved with plain BM25 over the same contents.
const goals = CASES.map((testCase) => testCase.goal);
const plainIndex = buildPlainBm25(contents);
const query = await paired(
  () => goals.map((goal) => queryPlainBm25(plainIndex, goal).length),
  () => goals.map((goal) => rankByGoal(index, goal).length),
);

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const rows: [string, Paired<unknown>][] = [
  [`cold build, no cache, ${parallel.threads} threads`, cold],
  ['cold build, no cache, this thread only', coldOneThread],
  ['plain BM25 build (on top of the baseline)', plainBuild],
  ['cold build into empty cache', coldCached],
  ['warm build, nothing changed', warm],
  ['warm build, 1% of files changed', incremental],
];
console.log(`${'phase'.padEnd(42)} ${'ms'.padStart(7)} ${'base ms'.padStart(8)}  ${'× baseline'.padStart(10)}  ${'files/s'.padStart(9)}  ${'cpu ms'.padStart(7)}  rss growth`);
console.log(
  `${'rg --files + read (baseline, first run)'.padEnd(42)} ${baselineRun.ms.toFixed(0).padStart(7)} ${''.padStart(8)}  ${'1.00'.padStart(10)}  ${Math.round(paths.length / (baselineRun.ms / 1000)).toString().padStart(9)}  ${baselineRun.cpuMs.toFixed(0).padStart(7)}  ${mib(baselineRun.rssBytes)}`,
);
for (const [name, phase] of rows) {
  console.log(
    `${name.padEnd(42)} ${phase.ms.toFixed(0).padStart(7)} ${phase.baseMs.toFixed(0).padStart(8)}  ${phase.ratio.toFixed(2).padStart(10)}  ${Math.round(paths.length / (phase.ms / 1000)).toString().padStart(9)}  ${phase.cpuMs.toFixed(0).padStart(7)}  ${mib(phase.rssBytes)}`,
  );
}
console.log('(cpu ms: this process and its worker threads; the baseline ripgrep runs in a child process and is not counted)');
console.log(`\nfiles from the cache / read: warm ${warm.value.files.cached} / ${warm.value.files.read}, 1% changed ${incremental.value.files.cached} / ${incremental.value.files.read}; cache entry ${mib(entryBytes)}`);
console.log(`warm build in a fresh process (a CLI run): ${median(freshTimes.warm).toFixed(0)} ms vs the baseline in a fresh process ${median(freshTimes.baseline).toFixed(0)} ms: ${median(freshRatios).toFixed(2)}× (median of ${REPS} rounds' ratios)`);
console.log(`warm / cold (no cache): ${(warm.ms / cold.ms).toFixed(2)}×`);
console.log(`query: ${(query.ms / goals.length).toFixed(1)} ms per goal (${goals.length} goals) vs plain BM25 ${(query.baseMs / goals.length).toFixed(1)} ms per goal: ${query.ratio.toFixed(2)}×`);
fs.rmSync(temp, { recursive: true, force: true });
