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
 * Memory is the RSS growth of each phase (after a GC when --expose-gc).
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
const REPS = args.includes('--reps') ? Number(args[args.indexOf('--reps') + 1]) : 3;
/** Far above the tree's size: the whole corpus is indexed. */
const NO_CAP = 1_000_000;

const collectGarbage = (globalThis as { gc?: () => void }).gc;
function rss(): number {
  collectGarbage?.();
  return process.memoryUsage().rss;
}

/** Wall time (median of REPS) and RSS growth (of the first round) of `work`. */
async function measure<T>(work: (round: number) => Promise<T> | T, before?: (round: number) => void): Promise<{ ms: number; rssBytes: number; value: T }> {
  const times: number[] = [];
  let value: T | undefined;
  let rssBytes = 0;
  for (let round = 0; round < REPS; round += 1) {
    before?.(round);
    const startRss = rss();
    const started = performance.now();
    value = await work(round);
    times.push(performance.now() - started);
    if (round === 0) rssBytes = process.memoryUsage().rss - startRss;
  }
  times.sort((left, right) => left - right);
  return { ms: times[Math.floor(times.length / 2)]!, rssBytes, value: value as T };
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-retrieval-speed-'));
const workspace = await openWorkspace({ cwd: CORPUS, env: { ...process.env, XDG_CONFIG_HOME: path.join(temp, 'config') }, cliConfig: { search: { skipDirs: ['.git'] } } });
const everything: PathFilter = { exclusionOf: () => null, isAllowed: () => true };
const globs = workspace.config.config.context.globs;
const parallel = workspace.services.parallel;
const build = (extra: { cache?: ReturnType<typeof createJsonIndexCache>; threads?: boolean } = {}) =>
  buildRetrievalIndex({ runtime: workspace.runtime, filter: everything, globs, maxFiles: NO_CAP, ...(extra.cache ? { cache: extra.cache } : {}), ...(extra.threads === false ? {} : { parallel }) });

// Cold, without a cache: the index every run would build without one (on the worker threads, as the CLI does, and on this thread alone).
const cold = await measure(() => build());
const coldOneThread = await measure(() => build({ threads: false }));
const index: RetrievalIndex = cold.value;
const paths = index.documents.map((document) => document.path);
console.log(`corpus: ${CORPUS}\n${paths.length} files indexed (${index.notes.join(', ') || 'nothing skipped'}), median of ${REPS} rounds${collectGarbage ? '' : ' (run with --expose-gc for steadier memory figures)'}\n`);

// Baseline 1: ripgrep lists the tree, Node reads the indexed files.
const ripgrep = (await workspace.searchEngine()).ripgrep?.path ?? 'rg';
const listing = await measure(() => {
  const result = spawnSync(ripgrep, ['--files', '--no-ignore', '--hidden', CORPUS], { maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${ripgrep} --files failed: ${result.stderr.toString()}`);
  return paths.map((file) => fs.readFileSync(path.join(CORPUS, file), 'utf8').slice(0, 128 * 1024));
});
const contents = new Map(paths.map((file, position) => [file, listing.value[position]!]));

// Baseline 2: a plain BM25 index of the same contents (words counted per file).
const plainBuild = await measure(() => buildPlainBm25(contents));

// With a cache: an empty one (build and save), then warm (nothing changed).
const cacheDirectory = path.join(temp, 'retrieval-index');
const cache = createJsonIndexCache({ directory: cacheDirectory });
const coldCached = await measure(() => build({ cache }), () => fs.rmSync(cacheDirectory, { recursive: true, force: true }));
const warm = await measure(() => build({ cache }));
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
const incremental = await measure(
  () => buildRetrievalIndex({ runtime: touchedRuntime, filter: everything, globs, maxFiles: NO_CAP, cache }),
  // Each round starts from the unchanged entry.
  () => fs.writeFileSync(entryFile, fullEntry),
);

// Queries: the retrieval bench's goals against this index and against plain BM25.
const goals = CASES.map((testCase) => testCase.goal);
const query = await measure(() => goals.map((goal) => rankByGoal(index, goal).length));
const plainQuery = await measure(() => goals.map((goal) => queryPlainBm25(plainBuild.value, goal).length));

const baseMs = listing.ms;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const rows: [string, number, string][] = [
  ['rg --files + read (baseline)', listing.ms, mib(listing.rssBytes)],
  ['rg --files + read + plain BM25 build', listing.ms + plainBuild.ms, mib(listing.rssBytes + plainBuild.rssBytes)],
  [`cold build, no cache, ${parallel.threads} threads`, cold.ms, mib(cold.rssBytes)],
  ['cold build, no cache, this thread only', coldOneThread.ms, mib(coldOneThread.rssBytes)],
  ['cold build into empty cache', coldCached.ms, mib(coldCached.rssBytes)],
  ['warm build, nothing changed', warm.ms, mib(warm.rssBytes)],
  ['warm build, 1% of files changed', incremental.ms, mib(incremental.rssBytes)],
];
console.log(`${'phase'.padEnd(40)} ${'ms'.padStart(8)}  ${'× baseline'.padStart(10)}  ${'files/s'.padStart(9)}  rss growth`);
for (const [name, ms, memory] of rows) {
  console.log(`${name.padEnd(40)} ${ms.toFixed(0).padStart(8)}  ${(ms / baseMs).toFixed(2).padStart(10)}  ${Math.round(paths.length / (ms / 1000)).toString().padStart(9)}  ${memory}`);
}
console.log(`\nfiles from the cache / read: warm ${warm.value.files.cached} / ${warm.value.files.read}, 1% changed ${incremental.value.files.cached} / ${incremental.value.files.read}; cache entry ${mib(entryBytes)}`);
console.log(`warm / cold (no cache): ${(warm.ms / cold.ms).toFixed(2)}×`);
const perQuery = query.ms / goals.length;
const plainPerQuery = plainQuery.ms / goals.length;
console.log(`query: ${perQuery.toFixed(1)} ms per goal (${goals.length} goals) vs plain BM25 ${plainPerQuery.toFixed(1)} ms per goal: ${(perQuery / plainPerQuery).toFixed(2)}×`);
fs.rmSync(temp, { recursive: true, force: true });
