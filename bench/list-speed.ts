/**
 * Recursive listing speed against `rg --files`, measured in the same run:
 *
 * 1. this repository's node_modules: `fs.list` (recursive, withStats,
 *    includeHidden, ignore files honoured as the runtime does) through the
 *    runtime, against `rg --files --no-ignore --hidden` (node_modules holds
 *    no ignore file that matters; the listing skips only `.git`);
 * 2. a generated tree of 50,000 files in 5,000 directories with a few
 *    `.gitignore` files, ignore files honoured on both sides
 *    (`rg --files --hidden --no-require-git`: the tree is no git repository).
 *
 * Each side runs REPS times, the two alternating (median printed, after one
 * warm-up each); the file sets are compared once, so a fast but wrong
 * listing cannot pass unnoticed.
 * The ratio (listing / ripgrep) is the last line of each corpus.
 *
 *     npm run bench:list [-- --reps N]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openWorkspace } from '../src/adapters/node-workspace/index.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const REPS = args.includes('--reps') ? Number(args[args.indexOf('--reps') + 1]) : 5;
const MAX_ENTRIES = 100_000;
const GENERATED_DIRECTORIES = 5_000;
const GENERATED_FILES = 50_000;

function median(times: number[]): number {
  const sorted = [...times].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Medians of REPS rounds of `first` and `second`, after one warm-up of each.
 * The two alternate within each round, so a change in the machine's load
 * (other processes) weighs on both sides of the ratio alike.
 */
async function timedPair(first: () => Promise<unknown> | unknown, second: () => Promise<unknown> | unknown): Promise<[number, number]> {
  await first();
  await second();
  const firstTimes: number[] = [];
  const secondTimes: number[] = [];
  for (let round = 0; round < REPS; round += 1) {
    let started = performance.now();
    await first();
    firstTimes.push(performance.now() - started);
    started = performance.now();
    await second();
    secondTimes.push(performance.now() - started);
  }
  return [median(firstTimes), median(secondTimes)];
}

/** A tree of GENERATED_FILES files in GENERATED_DIRECTORIES directories (100 top-level, 50 below each), with a few `.gitignore` files. */
function generateTree(root: string): void {
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, '.gitignore'), '*.log\nbuild/\n');
  const perDirectory = GENERATED_FILES / GENERATED_DIRECTORIES;
  for (let top = 0; top < 100; top += 1) {
    const topDirectory = path.join(root, `pkg-${top}`);
    fs.mkdirSync(topDirectory);
    if (top % 10 === 0) fs.writeFileSync(path.join(topDirectory, '.gitignore'), '*.tmp\n!keep.tmp\n/dir-1*\n');
    for (let inner = 0; inner < GENERATED_DIRECTORIES / 100 - 1; inner += 1) {
      const directory = path.join(topDirectory, inner === 3 ? 'build' : inner % 5 === 0 ? `dir-${inner}` : `Dir_${inner}`);
      fs.mkdirSync(directory);
      for (let file = 0; file < perDirectory; file += 1) {
        const name = file === 0 ? 'debug.log' : file === 1 ? 'scratch.tmp' : file === 2 ? 'keep.tmp' : file === 3 ? '.hidden.ts' : `file-${file}.ts`;
        fs.writeFileSync(path.join(directory, name), '');
      }
    }
    for (let file = 0; file < perDirectory; file += 1) fs.writeFileSync(path.join(topDirectory, `index-${file}.js`), '');
  }
}

async function measureCorpus(label: string, corpus: string, ripgrepFlags: readonly string[], temp: string): Promise<{ listMs: number; ripgrepMs: number }> {
  const workspace = await openWorkspace({
    cwd: corpus,
    env: { ...process.env, XDG_CONFIG_HOME: path.join(temp, 'config') },
    cliConfig: { search: { skipDirs: ['.git'] } },
  });
  const ripgrep = (await workspace.searchEngine()).ripgrep?.path;
  if (ripgrep === undefined) throw new Error('bench/list-speed needs ripgrep: install @vscode/ripgrep or put rg on PATH');
  const list = () => workspace.runtime.execute({ kind: 'fs.list', recursive: true, maxEntries: MAX_ENTRIES, withStats: true, includeHidden: true });
  const runRipgrep = () => {
    const result = spawnSync(ripgrep, ['--files', ...ripgrepFlags, '.'], { cwd: corpus, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
    if (result.status !== 0 && result.status !== 1) throw new Error(`rg failed: ${result.stderr}`);
    return result.stdout;
  };

  const observation = await list();
  if (!observation.ok) throw new Error(`${label}: fs.list failed: ${observation.error.message}`);
  const listing = observation.value;
  if (listing.truncated) throw new Error(`${label}: the listing was truncated at ${MAX_ENTRIES}`);
  // rg --files lists regular files only (symlinks are not followed without -L).
  const listedFiles = listing.entries.filter((entry) => entry.kind === 'file').map((entry) => entry.path);
  const symlinks = listing.entries.filter((entry) => entry.kind === 'symlink').length;
  const ripgrepFiles = new Set(
    runRipgrep()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^\.\//, '')),
  );
  const missing = listedFiles.filter((file) => !ripgrepFiles.has(file)).length;
  const listedSet = new Set(listedFiles);
  const extra = [...ripgrepFiles].filter((file) => !listedSet.has(file)).length;
  const withStats = listing.entries.filter((entry) => entry.sizeBytes !== undefined).length;

  const [listMs, ripgrepMs] = await timedPair(list, runRipgrep);
  console.log(`\n${label}: ${corpus}`);
  console.log(`  entries listed ${listing.entries.length} (${listedFiles.length} files, ${withStats} with stats, ${symlinks} symlinks); rg --files ${ripgrepFiles.size}; only listed ${missing}, only rg ${extra}`);
  console.log(`  rg --files ${ripgrepFlags.join(' ')}: ${ripgrepMs.toFixed(1)} ms (median of ${REPS})`);
  console.log(`  fs.list recursive withStats includeHidden: ${listMs.toFixed(1)} ms (median of ${REPS})`);
  console.log(`  ratio fs.list / rg: ${(listMs / ripgrepMs).toFixed(2)}x`);
  return { listMs, ripgrepMs };
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-list-speed-'));
try {
  const generated = path.join(temp, 'tree');
  generateTree(generated);
  const second = await measureCorpus('generated tree (50,000 files, 5,000 directories, .gitignore files)', generated, ['--hidden', '--no-require-git'], temp);
  const first = await measureCorpus('node_modules', fs.realpathSync(path.join(ROOT, 'node_modules')), ['--no-ignore', '--hidden'], temp);
  console.log(`\ngenerated tree ratio: ${(second.listMs / second.ripgrepMs).toFixed(2)}x`);
  console.log(`node_modules ratio: ${(first.listMs / first.ripgrepMs).toFixed(2)}x`);
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}
