/**
 * Search benchmark: bare ripgrep vs the ripgrep engine vs the Node engine.
 *
 *   npx tsx bench/search.ts [--root DIR] [--reps N] [--max-filesize BYTES]
 *
 * Over a large tree (default: this repository's node_modules), each query
 * runs (a) ripgrep spawned directly with exactly the engine's flags, output
 * read but not interpreted; (b) searchWithRipgrep; (c) searchWithNode. One
 * warm-up round, then the median of N rounds. Skip dirs are off (the default
 * root *is* node_modules) and no run is truncated, so all three do the same
 * work; the match counts are printed and must agree, or the comparison is
 * unfair. A second table shows the truncated path the agent usually takes
 * (200 results), which stops early.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { findRipgrep, searchWithNode, searchWithRipgrep } from '../src/adapters/search/index.js';
import { buildRipgrepArgs } from '../src/adapters/search/ripgrep-args.js';
import { resolveSearchRequest } from '../src/adapters/search/resolve-search-request.js';
import type { SearchTextRequest } from '../src/core/index.js';

const QUERIES: ReadonlyArray<{ query: string; caseSensitive?: boolean }> = [
  { query: 'function' },
  { query: 'exports' },
  { query: 'Symbol.iterator' },
  { query: 'prototype' },
  { query: 'use strict' },
  { query: 'readFileSync' },
  { query: 'TODO', caseSensitive: false },
  { query: 'picomatch' },
  { query: 'EADDRINUSE' },
  { query: 'brass-agent-query-that-matches-nothing' },
];
const MAX_MATCHES_PER_FILE = 20;
const AGENT_MAX_RESULTS = 200;
const UNBOUNDED_RESULTS = 10_000_000;

interface Options {
  root: string;
  reps: number;
  maxFileSizeBytes: number;
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { root: path.resolve(import.meta.dirname, '..', 'node_modules'), reps: 5, maxFileSizeBytes: 16 * 1024 * 1024 };
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--root') options.root = path.resolve(value);
    else if (flag === '--reps') options.reps = Number(value);
    else if (flag === '--max-filesize') options.maxFileSizeBytes = Number(value);
    else throw new Error(`unknown flag ${flag} (known: --root, --reps, --max-filesize)`);
  }
  return options;
}

/** Runs ripgrep directly and counts the matches it reports, minus those of files it found binary late (as the engines do). */
function bareRipgrep(rgPath: string, request: SearchTextRequest): Promise<number> {
  const args = buildRipgrepArgs(resolveSearchRequest(request), { sortByPath: false });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const child = spawn(rgPath, args, { cwd: request.root, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', () => resolve(countReportedMatches(Buffer.concat(chunks))));
  });
}

function countReportedMatches(output: Buffer): number {
  let total = 0;
  let inFile = 0;
  for (let start = 0; start < output.length; ) {
    const end = output.indexOf(0x0a, start);
    const stop = end < 0 ? output.length : end;
    if (startsWithAt(output, '{"type":"match"', start)) inFile += 1;
    else if (startsWithAt(output, '{"type":"end"', start)) {
      const message = JSON.parse(output.toString('utf8', start, stop)) as { data: { binary_offset: number | null } };
      if (message.data.binary_offset === null) total += inFile;
      inFile = 0;
    }
    start = stop + 1;
  }
  return total;
}

function startsWithAt(buffer: Buffer, prefix: string, position: number): boolean {
  return buffer.toString('latin1', position, position + prefix.length) === prefix;
}

async function timeMedian(reps: number, run: () => Promise<number>): Promise<{ ms: number; count: number }> {
  const count = await run();
  const times: number[] = [];
  for (let rep = 0; rep < reps; rep += 1) {
    const started = performance.now();
    const again = await run();
    times.push(performance.now() - started);
    if (again !== count) throw new Error(`match count changed between runs: ${count} then ${again}`);
  }
  times.sort((left, right) => left - right);
  return { ms: times[Math.floor(times.length / 2)] as number, count };
}

function row(cells: ReadonlyArray<string | number>, widths: readonly number[]): string {
  return cells.map((cell, index) => (index === 0 ? String(cell).padEnd(widths[index] ?? 0) : String(cell).padStart(widths[index] ?? 0))).join('  ');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const ripgrep = await findRipgrep({});
  if (ripgrep === null) throw new Error('no ripgrep found: the benchmark needs one for its baseline');
  const startedAt = performance.now();
  process.stdout.write(`root ${options.root}\nripgrep ${ripgrep.path} (${ripgrep.source})\n`);
  process.stdout.write(`${options.reps} timed rounds after 1 warm-up, median ms; max ${MAX_MATCHES_PER_FILE} matches per file, files up to ${options.maxFileSizeBytes} bytes, no skip dirs\n\n`);

  const widths = [40, 8, 9, 9, 9, 7, 7];
  process.stdout.write(`${row(['query', 'matches', '(a) rg', '(b) eng', '(c) node', 'b/a', 'c/a'], widths)}\n`);
  const ratios: Array<[number, number]> = [];
  let unfair = false;
  for (const { query, caseSensitive } of QUERIES) {
    const request: SearchTextRequest = {
      query,
      root: options.root,
      skipDirs: [],
      maxResults: UNBOUNDED_RESULTS,
      maxMatchesPerFile: MAX_MATCHES_PER_FILE,
      maxFileSizeBytes: options.maxFileSizeBytes,
      ...(caseSensitive === undefined ? {} : { caseSensitive }),
    };
    const bare = await timeMedian(options.reps, () => bareRipgrep(ripgrep.path, request));
    const engine = await timeMedian(options.reps, async () => (await searchWithRipgrep(ripgrep.path, request)).matches.length);
    const node = await timeMedian(options.reps, async () => (await searchWithNode(request)).matches.length);
    const counts = new Set([bare.count, engine.count, node.count]);
    if (counts.size > 1) unfair = true;
    const matchCell = counts.size === 1 ? bare.count : `${bare.count}/${engine.count}/${node.count}!`;
    const label = caseSensitive === false ? `${query} (-i)` : query;
    ratios.push([engine.ms / bare.ms, node.ms / bare.ms]);
    process.stdout.write(
      `${row([label, matchCell, bare.ms.toFixed(1), engine.ms.toFixed(1), node.ms.toFixed(1), (engine.ms / bare.ms).toFixed(2), (node.ms / bare.ms).toFixed(2)], widths)}\n`,
    );
  }
  const geometricMean = (values: readonly number[]) => Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
  process.stdout.write(
    `${row(['geometric mean of ratios', '', '', '', '', geometricMean(ratios.map(([b]) => b)).toFixed(2), geometricMean(ratios.map(([, c]) => c)).toFixed(2)], widths)}\n`,
  );

  process.stdout.write(`\ntruncated at ${AGENT_MAX_RESULTS} results (the agent's default), median ms\n`);
  process.stdout.write(`${row(['query', 'kept', '(b) eng', '(c) node'], widths)}\n`);
  for (const { query, caseSensitive } of QUERIES.slice(0, 4)) {
    const request: SearchTextRequest = {
      query,
      root: options.root,
      skipDirs: [],
      maxResults: AGENT_MAX_RESULTS,
      maxMatchesPerFile: MAX_MATCHES_PER_FILE,
      maxFileSizeBytes: options.maxFileSizeBytes,
      ...(caseSensitive === undefined ? {} : { caseSensitive }),
    };
    const engine = await timeMedian(options.reps, async () => (await searchWithRipgrep(ripgrep.path, request)).matches.length);
    const node = await timeMedian(options.reps, async () => (await searchWithNode(request)).matches.length);
    process.stdout.write(`${row([query, engine.count === node.count ? engine.count : `${engine.count}/${node.count}!`, engine.ms.toFixed(1), node.ms.toFixed(1)], widths)}\n`);
  }
  process.stdout.write(`\ntotal ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`);
  if (unfair) {
    process.stderr.write('match counts differ between the three runs: the comparison is unfair\n');
    process.exitCode = 1;
  }
}

await main();
