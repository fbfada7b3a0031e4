// Measures the docs map's ranker against MiniSearch in the same run, on a real
// corpus (the Vite docs of ../shared/corpora/vite-docs plus the README of every
// package in node_modules, as npm/<name>), with the judged queries of
// docs-queries.ts: hit@1, hit@5 and MRR@5 for both rankers, and per-query
// latency after warm-up. Then the same for each real site of docs-sites.ts
// (other generators, extracted from local mirrors at a pinned commit; a site
// without its mirror is skipped with a line saying so): hit@5 per query kind
// and per half (tuning / held out). Then index speed on a 3,000-page corpus
// assembled from the same text: a cold build, a build that writes the cache, a
// load from the cache, and query latency, next to MiniSearch indexing the same
// pages. Last, a warm `docs --search` of the built CLI on 1,000 pages against
// bare `node -e 0`, interleaved, the median of WARM_ROUNDS each.
//
//   npm run bench:docs            (builds, then tsx bench/docs-search.ts)
//   tsx bench/docs-search.ts --verbose    also lists the TUNING half's queries the ranker misses
//                                         (held-out misses are never printed: see splitHalves)
//   tsx bench/docs-search.ts --sites-only only the real sites of docs-sites.ts
//   tsx bench/docs-search.ts --quality-only   only hit@5 / MRR (Vite set and real sites)
//   tsx bench/docs-search.ts --warm-only  only the warm CLI search
//   tsx bench/docs-search.ts --warm-only --cli ../old/dist/cli/main.js   the same for another build
//   tsx bench/docs-search.ts --warm-only --keep   keeps the temp folder (the warm site, to profile) and prints its path
//   tsx bench/docs-search.ts --warm-only --instructions   also counts the instructions of both under callgrind
//                                         (valgrind; steady whatever the machine's load, to compare two builds)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { createFileDocsCache } from '../src/adapters/docs-cache/index.js';
import { openWorkspace } from '../src/adapters/node-workspace/index.js';
import { type DocsMap, createDocsMap } from '../src/context/docs/index.js';
import { scanMarkdown } from '../src/context/docs/scan-markdown.js';
import { CLI_PATH } from '../scripts/build-if-stale.js';
import { DOCS_QUERIES, type JudgedQuery } from './docs-queries.js';
import { BENCH_SITES, extractSite, splitHalves } from './docs-sites.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const VITE_DOCS = path.resolve(ROOT, '..', 'shared', 'corpora', 'vite-docs');
const LATENCY_ROUNDS = 5;
const SYNTHETIC_PAGES = 3_000;
const SYNTHETIC_REGIONS = 30;
/** Pages of the site the warm CLI search runs on (the issue's 1,000). */
const WARM_PAGES = 1_000;
/** Interleaved rounds of `node -e 0` and the warm CLI search; the medians are compared. */
const WARM_ROUNDS = 15;
const QUERY_KINDS = ['task', 'api', 'typo'] as const;
const isVerbose = process.argv.includes('--verbose');
/** Only the real sites of docs-sites.ts (a quick look while working on the ranker). */
const isSitesOnly = process.argv.includes('--sites-only');
/** Only the ranking quality (the Vite set and the real sites): no latency, synthetic corpus or warm CLI. */
const isQualityOnly = process.argv.includes('--quality-only');
/** Only the warm CLI search (its corpus drawn from the Vite docs). */
const isWarmOnly = process.argv.includes('--warm-only');
/** `--cli FILE`: another built CLI for the warm search (an older checkout, to compare). */
const warmCli = process.argv.includes('--cli') ? path.resolve(process.argv[process.argv.indexOf('--cli') + 1]!) : CLI_PATH;
/** Keeps the temp folder (the warm site is its `warm/`, its cache `warm-cache/`) for profiling by hand. */
const isKeep = process.argv.includes('--keep');
/** Also counts instructions under valgrind's callgrind (threads included): wall time drifts with the machine's load, counts hardly do. */
const isCountingInstructions = process.argv.includes('--instructions');
/** Callgrind runs of each: a count still varies by a few percent (hash seeds, GC timing), so the median of three. */
const INSTRUCTION_ROUNDS = 3;

interface Page {
  target: string;
  title: string;
  headings: string;
  body: string;
}

interface Ranker {
  name: string;
  search(query: string): Promise<string[]> | string[];
}

function copyTree(from: string, to: string, accept: (name: string) => boolean): number {
  let count = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) count += copyTree(source, target, accept);
    else if (entry.isFile() && accept(entry.name)) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, target);
      count += 1;
    }
  }
  return count;
}

/** The package READMEs of node_modules, as docs/npm/<name>.md (`@scope/name` → `scope-name`). */
function copyReadmes(docs: string): number {
  const modules = path.join(ROOT, 'node_modules');
  const packages = fs.readdirSync(modules).flatMap((name) =>
    name.startsWith('@') ? fs.readdirSync(path.join(modules, name)).map((inner) => `${name}/${inner}`) : name.startsWith('.') ? [] : [name],
  );
  let count = 0;
  for (const name of packages) {
    const directory = path.join(modules, name);
    if (!fs.statSync(directory).isDirectory()) continue;
    const readme = fs.readdirSync(directory).find((file) => file.toLowerCase() === 'readme.md');
    if (readme === undefined) continue;
    fs.mkdirSync(path.join(docs, 'npm'), { recursive: true });
    fs.copyFileSync(path.join(directory, readme), path.join(docs, 'npm', `${name.replace(/^@/, '').replace('/', '-')}.md`));
    count += 1;
  }
  return count;
}

async function openMap(workspaceRoot: string, cacheDirectory?: string): Promise<{ map: DocsMap; ms: number }> {
  const workspace = await openWorkspace({ cwd: workspaceRoot, env: { PATH: process.env.PATH, XDG_CONFIG_HOME: path.join(workspaceRoot, '..', 'xdg') } });
  const started = performance.now();
  const map = await createDocsMap({
    runtime: workspace.runtime,
    dirs: ['docs'],
    ...(cacheDirectory === undefined ? {} : { cache: createFileDocsCache({ directory: cacheDirectory }) }),
  });
  return { map, ms: performance.now() - started };
}

/** Every page of a map through its public API, for MiniSearch to index the same text. */
async function pagesOf(map: DocsMap): Promise<Page[]> {
  const overview = map.regions();
  const targets = [...overview.pages.map((page) => page.target)];
  for (const region of overview.regions) {
    const view = await map.region(region.target);
    if (view.indexPage !== undefined) targets.push(region.target);
    targets.push(...view.pages.map((page) => page.target));
  }
  const pages: Page[] = [];
  for (const target of targets) {
    const page = await map.page(target);
    const blocks = scanMarkdown(page.body).blocks;
    pages.push({
      target,
      title: page.title,
      headings: blocks.filter((block) => block.kind === 'heading').map((block) => block.text).join('\n'),
      body: blocks.filter((block) => block.kind !== 'heading').map((block) => block.text).join('\n'),
    });
  }
  return pages;
}

/** MiniSearch with the issue's settings: fields title / headings / body, boosts 3 / 2 / 1, fuzzy 0.2, prefix. */
function miniSearchOf(pages: readonly Page[]): { ranker: Ranker; ms: number } {
  const started = performance.now();
  const index = new MiniSearch<Page>({
    idField: 'target',
    fields: ['title', 'headings', 'body'],
    storeFields: ['title'],
    searchOptions: { boost: { title: 3, headings: 2, body: 1 }, fuzzy: 0.2, prefix: true },
  });
  index.addAll(pages);
  return { ranker: { name: 'minisearch', search: (query) => index.search(query).slice(0, 5).map((result) => String(result.id)) }, ms: performance.now() - started };
}

function brassRanker(map: DocsMap): Ranker {
  return { name: 'brass-agent', search: async (query) => (await map.search(query)).results.map((hit) => hit.target) };
}

interface Quality {
  hitAt1: number;
  hitAt5: number;
  mrrAt5: number;
  misses: string[];
}

async function judge(ranker: Ranker, queries: readonly JudgedQuery[]): Promise<Quality> {
  let hitAt1 = 0;
  let hitAt5 = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const judged of queries) {
    const results = await ranker.search(judged.query);
    const rank = results.findIndex((target) => judged.relevant.includes(target)) + 1;
    if (rank === 1) hitAt1 += 1;
    if (rank >= 1 && rank <= 5) {
      hitAt5 += 1;
      reciprocal += 1 / rank;
    } else misses.push(`${judged.query}  →  ${results.join(', ') || '(nothing)'}  (want ${judged.relevant.join(' | ')})`);
  }
  const count = queries.length || 1;
  return { hitAt1: hitAt1 / count, hitAt5: hitAt5 / count, mrrAt5: reciprocal / count, misses };
}

interface Latency {
  mean: number;
  median: number;
  p95: number;
  max: number;
}

/** Per-query latency after one warm-up pass: the median of LATENCY_ROUNDS runs of each query, summarised over queries. */
async function latency(ranker: Ranker, queries: readonly string[]): Promise<Latency> {
  for (const query of queries) await ranker.search(query);
  const perQuery: number[] = [];
  for (const query of queries) {
    const runs: number[] = [];
    for (let round = 0; round < LATENCY_ROUNDS; round += 1) {
      const started = performance.now();
      await ranker.search(query);
      runs.push(performance.now() - started);
    }
    perQuery.push(percentile(runs, 0.5));
  }
  return {
    mean: perQuery.reduce((sum, value) => sum + value, 0) / perQuery.length,
    median: percentile(perQuery, 0.5),
    p95: percentile(perQuery, 0.95),
    max: Math.max(...perQuery),
  };
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** A seeded generator, so the synthetic corpus is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` pages in 30 regions, each a title, headings, paragraphs and code drawn from the real corpus. */
function writeSyntheticCorpus(docs: string, pages: readonly Page[], count = SYNTHETIC_PAGES): number {
  const random = seededRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const paragraphs = pages.flatMap((page) => page.body.split('\n')).filter((text) => text.length > 40);
  const headings = pages.flatMap((page) => page.headings.split('\n')).filter((text) => text.length > 2);
  let bytes = 0;
  for (let index = 0; index < count; index += 1) {
    const lines = [`# ${pick(headings)} ${index}`, ''];
    const sections = 2 + Math.floor(random() * 4);
    for (let section = 0; section < sections; section += 1) {
      lines.push(`## ${pick(headings)}`, '');
      const count = 1 + Math.floor(random() * 4);
      for (let paragraph = 0; paragraph < count; paragraph += 1) lines.push(pick(paragraphs), '');
      if (random() < 0.3) lines.push('```js', `export const option${index} = { value: ${section} }`, '```', '');
    }
    const text = lines.join('\n');
    const file = path.join(docs, `region${index % SYNTHETIC_REGIONS}`, `page-${index}.md`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

const format = (value: number) => value.toFixed(2);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** hit@5 of one ranker on a site: overall, per kind, per half. */
async function siteRow(ranker: Ranker, queries: readonly JudgedQuery[]): Promise<{ cells: string[]; misses: string[] }> {
  const { tuning, heldOut } = splitHalves(queries);
  const overall = await judge(ranker, queries);
  const cells = [format(overall.hitAt5), format(overall.mrrAt5)];
  for (const kind of QUERY_KINDS) cells.push(format((await judge(ranker, queries.filter((query) => query.kind === kind))).hitAt5));
  const tuned = await judge(ranker, tuning);
  const held = await judge(ranker, heldOut);
  cells.push(format(tuned.hitAt5), format(held.hitAt5), format(tuned.mrrAt5), format(held.mrrAt5));
  // Only the tuning half's misses are shown: the held-out half must stay unseen to mean anything.
  return { cells, misses: tuned.misses };
}

/** Each real site of docs-sites.ts: brass-agent next to MiniSearch on the same pages. */
async function benchSites(temp: string): Promise<void> {
  const header = ['hit@5', 'MRR@5', ...QUERY_KINDS.map((kind) => `${kind}@5`), 'tune@5', 'held@5', 'tuneMRR', 'heldMRR'];
  for (const site of BENCH_SITES) {
    const root = path.join(temp, 'sites', site.name);
    const extracted = extractSite(site, path.join(root, 'docs'));
    console.log('');
    if (!extracted.ok) {
      console.log(`site ${site.name} (${site.generator}): skipped, ${extracted.reason}`);
      continue;
    }
    const opened = await openMap(root);
    const pages = await pagesOf(opened.map);
    const known = new Set(pages.map((page) => page.target));
    const unknown = site.queries.flatMap((query) => query.relevant).filter((target) => !known.has(target));
    if (unknown.length > 0) throw new Error(`${site.name}: judged targets that are no page of the site: ${unknown.join(', ')}`);
    const counts = QUERY_KINDS.map((kind) => `${site.queries.filter((query) => query.kind === kind).length} ${kind}`).join(', ');
    console.log(`site ${site.name} (${site.generator}, ${site.repository}@${site.commit.slice(0, 12)}): ${pages.length} pages, ${site.queries.length} judged queries (${counts}); halves of ${splitHalves(site.queries).tuning.length} / ${splitHalves(site.queries).heldOut.length}`);
    console.log(`  ${'ranker'.padEnd(12)} ${header.map((cell) => cell.padStart(8)).join('')}`);
    for (const ranker of [brassRanker(opened.map), miniSearchOf(pages).ranker]) {
      const row = await siteRow(ranker, site.queries);
      console.log(`  ${ranker.name.padEnd(12)} ${row.cells.map((cell) => cell.padStart(8)).join('')}`);
      if (isVerbose) for (const miss of row.misses) console.log(`      miss: ${miss}`);
    }
  }
}

/** Wall time of one child process, in ms, and its stderr; a failing one stops the bench (its time would mean nothing). */
function timeProcess(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): { ms: number; stderr: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, argv, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${argv.join(' ')} exited ${result.status}: ${result.stderr.toString().trim()}`);
  return { ms: elapsed, stderr: result.stderr.toString().trim() };
}

/** A warm `docs --search` of the built CLI on WARM_PAGES pages against bare `node -e 0`, interleaved. */
function benchWarmCli(temp: string, pages: readonly Page[]): void {
  console.log('');
  if (!fs.existsSync(warmCli)) {
    console.log(`warm CLI search: skipped, ${warmCli} is missing (run \`npm run build\`)`);
    return;
  }
  const root = path.join(temp, 'warm');
  writeSyntheticCorpus(path.join(root, 'docs'), pages, WARM_PAGES);
  const env = { PATH: process.env.PATH ?? '', HOME: temp, XDG_CONFIG_HOME: path.join(temp, 'warm-config'), XDG_CACHE_HOME: path.join(temp, 'warm-cache'), XDG_STATE_HOME: path.join(temp, 'warm-state') };
  const search = [warmCli, 'docs', '--search', 'configure the dev server proxy'];
  timeProcess(search, root, env); // the cold build, which writes the cache
  // Let every page's mtime leave the racy window, so the warm runs are served from the cache.
  const past = new Date(Date.now() - 60_000);
  for (const file of fs.readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })) fs.utimesSync(path.join(root, 'docs', file), past, past);
  timeProcess(search, root, env);
  // The premise: a warm run builds nothing (a build reports its progress on stderr).
  const check = timeProcess(search, root, env);
  if (check.stderr.length > 0) throw new Error(`the warm docs --search did not come from the cache: ${check.stderr}`);
  const node: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < WARM_ROUNDS; round += 1) {
    node.push(timeProcess(['-e', '0'], root, env).ms);
    warm.push(timeProcess(search, root, env).ms);
  }
  const [nodeMedian, warmMedian] = [percentile(node, 0.5), percentile(warm, 0.5)];
  console.log(`warm \`docs --search\` on ${WARM_PAGES} pages (built CLI, interleaved with \`node -e 0\`, median of ${WARM_ROUNDS}):`);
  console.log(`  node -e 0 ${ms(nodeMedian)}, docs --search ${ms(warmMedian)}: ${ms(warmMedian - nodeMedian)} over node (goal ≤ 100 ms), ratio ${(warmMedian / nodeMedian).toFixed(2)}x`);
  if (isCountingInstructions) countWarmInstructions(search, root, env);
}

/** Instructions (callgrind's `I refs`) of one run, or null without valgrind. */
function instructionsOf(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): number | null {
  const out = path.join(os.tmpdir(), `brass-callgrind-${process.pid}.out`);
  const run = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, ...argv], { cwd, env, encoding: 'utf8' });
  fs.rmSync(out, { force: true });
  if (run.error !== undefined || run.status !== 0) return null;
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr);
  return refs === null ? null : Number(refs[1]!.replaceAll(',', ''));
}

function countWarmInstructions(search: readonly string[], root: string, env: NodeJS.ProcessEnv): void {
  const node: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < INSTRUCTION_ROUNDS; round += 1) {
    const [bare, searched] = [instructionsOf(['-e', '0'], root, env), instructionsOf(search, root, env)];
    if (bare === null || searched === null) {
      console.log('  instructions: skipped, valgrind is missing or failed (apt-get install valgrind)');
      return;
    }
    node.push(bare);
    warm.push(searched);
  }
  const [nodeMedian, warmMedian] = [percentile(node, 0.5), percentile(warm, 0.5)];
  const millions = (count: number) => `${(count / 1e6).toFixed(0)} M`;
  console.log(`  instructions under callgrind (median of ${INSTRUCTION_ROUNDS}): node -e 0 ${millions(nodeMedian)}, docs --search ${millions(warmMedian)}: ${millions(warmMedian - nodeMedian)} over node, ratio ${(warmMedian / nodeMedian).toFixed(2)}x`);
}

async function main(): Promise<void> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-docs-bench-'));
  try {
    if (isSitesOnly) {
      await benchSites(temp);
      return;
    }
    const realRoot = path.join(temp, 'real');
    const docs = path.join(realRoot, 'docs');
    const viteCount = copyTree(VITE_DOCS, docs, (name) => name.endsWith('.md'));
    const npmCount = copyReadmes(docs);

    const cold = await openMap(realRoot);
    const pages = await pagesOf(cold.map);
    if (isWarmOnly) {
      benchWarmCli(temp, pages);
      return;
    }
    const mini = miniSearchOf(pages);
    const brass = brassRanker(cold.map);
    const rankers = [brass, mini.ranker];
    const kinds = QUERY_KINDS;

    console.log(`docs map bench: ${pages.length} pages (${viteCount} Vite docs, ${npmCount} package READMEs), ${DOCS_QUERIES.length} judged queries (${kinds.map((kind) => `${DOCS_QUERIES.filter((query) => query.kind === kind).length} ${kind}`).join(', ')})`);
    console.log(`index build on this corpus (the first in this process): brass-agent ${ms(cold.ms)} (list, stat, read, tokenise, index), minisearch ${ms(mini.ms)} (addAll of pre-parsed text)`);
    console.log('');
    console.log(`${'ranker'.padEnd(12)} ${'hit@1'.padStart(6)} ${'hit@5'.padStart(6)} ${'MRR@5'.padStart(6)}   ${kinds.map((kind) => `${kind} hit@1/hit@5/MRR`.padEnd(22)).join(' ')}`);
    const results = new Map<string, Quality>();
    const viteHalves = splitHalves(DOCS_QUERIES);
    for (const ranker of rankers) {
      const overall = await judge(ranker, DOCS_QUERIES);
      results.set(ranker.name, await judge(ranker, viteHalves.tuning));
      const byKind = await Promise.all(kinds.map((kind) => judge(ranker, DOCS_QUERIES.filter((query) => query.kind === kind))));
      console.log(
        `${ranker.name.padEnd(12)} ${format(overall.hitAt1).padStart(6)} ${format(overall.hitAt5).padStart(6)} ${format(overall.mrrAt5).padStart(6)}   ${byKind
          .map((quality) => `${format(quality.hitAt1)}/${format(quality.hitAt5)}/${format(quality.mrrAt5)}`.padEnd(22))
          .join(' ')}`,
      );
      const [tuned, held] = [await judge(ranker, viteHalves.tuning), await judge(ranker, viteHalves.heldOut)];
      console.log(`${''.padEnd(12)} tuning half hit@5/MRR ${format(tuned.hitAt5)}/${format(tuned.mrrAt5)}, held-out half ${format(held.hitAt5)}/${format(held.mrrAt5)}`);
    }
    if (isQualityOnly) {
      if (isVerbose) for (const [name, quality] of results) for (const miss of quality.misses) console.log(`  ${name} tuning miss: ${miss}`);
      await benchSites(temp);
      return;
    }
    console.log('');
    console.log(`latency per query after warm-up (median of ${LATENCY_ROUNDS} runs per query; mean / median / p95 / max over queries):`);
    for (const ranker of rankers) {
      const timing = await latency(ranker, DOCS_QUERIES.map((query) => query.query));
      console.log(`  ${ranker.name.padEnd(12)} ${ms(timing.mean)} / ${ms(timing.median)} / ${ms(timing.p95)} / ${ms(timing.max)}`);
    }
    if (isVerbose) {
      for (const [name, quality] of results) {
        console.log(`\n${name} tuning-half misses (not in the top 5):`);
        for (const miss of quality.misses) console.log(`  ${miss}`);
      }
    }

    await benchSites(temp);

    const syntheticRoot = path.join(temp, 'synthetic');
    const syntheticBytes = writeSyntheticCorpus(path.join(syntheticRoot, 'docs'), pages);
    const cacheDirectory = path.join(temp, 'cache');
    const syntheticFirst = await openMap(syntheticRoot);
    const syntheticCold = await openMap(syntheticRoot);
    const syntheticWrite = await openMap(syntheticRoot, cacheDirectory);
    const syntheticCached = await openMap(syntheticRoot, cacheDirectory);
    if (!syntheticCached.map.isFromCache) throw new Error('the second open did not come from the cache');
    const cacheBytes = fs.readdirSync(cacheDirectory).reduce((sum, name) => sum + fs.statSync(path.join(cacheDirectory, name)).size, 0);
    const syntheticPages = await pagesOf(syntheticCached.map);
    const syntheticMini = miniSearchOf(syntheticPages);
    console.log('');
    console.log(`${SYNTHETIC_PAGES}-page corpus (${(syntheticBytes / 1024 / 1024).toFixed(1)} MiB in ${SYNTHETIC_REGIONS} regions, text drawn from the corpus above):`);
    console.log(`  brass-agent index, no cache:        ${ms(syntheticCold.ms)} (the first build in this process: ${ms(syntheticFirst.ms)})`);
    console.log(`  brass-agent index + cache write:    ${ms(syntheticWrite.ms)} (cache entry ${(cacheBytes / 1024 / 1024).toFixed(1)} MiB)`);
    console.log(`  brass-agent load from the cache:    ${ms(syntheticCached.ms)} (${(syntheticCold.ms / syntheticCached.ms).toFixed(1)}x faster than a cold build; lists and stats every page, reads none)`);
    console.log(`  minisearch addAll (pre-parsed):     ${ms(syntheticMini.ms)}`);
    const queries = DOCS_QUERIES.map((query) => query.query);
    for (const ranker of [brassRanker(syntheticCached.map), syntheticMini.ranker]) {
      const timing = await latency(ranker, queries);
      console.log(`  ${ranker.name.padEnd(12)} query latency: ${ms(timing.mean)} / ${ms(timing.median)} / ${ms(timing.p95)} / ${ms(timing.max)} (mean / median / p95 / max)`);
    }
    benchWarmCli(temp, pages);
  } finally {
    if (isKeep) console.log(`kept ${temp}`);
    else fs.rmSync(temp, { recursive: true, force: true });
  }
}

await main();
