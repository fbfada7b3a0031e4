// Nested context benchmark (issues 5 and 21): the discovery walk on a
// generated tree of 100,000 files in 5,000 directories with 300 context
// files, against `find`, `rg --files -g AGENTS.md -g CLAUDE.md` and
// `git ls-files` on the same tree, as ratios; with `--cli`, also
// `brass-agent context --json` (the built CLI in dist/) against `find`; and
// the tokens a session carries with eager loading (every context file in the
// system prompt) versus progressive disclosure (the manifest, plus bodies on
// first touch).
//
//   npx tsx bench/nested.ts [--runs N] [--turns N] [--touches N] [--cli] [--keep] [--tree DIR]
//
// Every round runs each measure once, in turn (find, rg, git, the walk,
// discoverContext, the CLI), after one warm-up round, so a change in the
// machine's load weighs on baseline and ours alike; a ratio is the median
// of the per-round ratios, a time the median of the rounds. `--tree DIR`
// reuses a tree an earlier run left with `--keep` (it is not removed).
// Tokens are estimated as UTF-8 bytes / 4 (no tokenizer is a dependency).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigSchema } from '../src/config/index.js';
import { WorkspaceScope, createPermissionService, createRuntime, systemClock, type Runtime } from '../src/core/index.js';
import { createNodeFileSystem, createNodePathProbe } from '../src/adapters/file-system/index.js';
import { createTextSearcher, findRipgrep, listFiles } from '../src/adapters/search/index.js';
import { createNodeShell } from '../src/adapters/shell/index.js';
import { createDisclosureSession, discoverContext } from '../src/context/nested/index.js';

const TOTAL_FILES = 100_000;
const TOTAL_DIRECTORIES = 5_000;
const CONTEXT_FILES = 300;
const TOP_DIRECTORIES = 20;
const MIDDLE_PER_TOP = 15;
const BYTES_PER_TOKEN = 4;
const MIN_RUNS = 5;
const CONTEXT_NAMES = ['AGENTS.md', 'CLAUDE.md'];
const CLI_PATH = path.resolve(import.meta.dirname, '../dist/cli/main.js');

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const runs = option('--runs', MIN_RUNS);
const turns = option('--turns', 20);
const touches = option('--touches', 10);
const isKeeping = process.argv.includes('--keep');
const isTimingCli = process.argv.includes('--cli');
const reusedTree = process.argv.includes('--tree') ? process.argv[process.argv.indexOf('--tree') + 1] : undefined;
if (!Number.isSafeInteger(runs) || runs < MIN_RUNS) throw new Error(`--runs must be an integer of at least ${MIN_RUNS} (got ${runs})`);
if (isTimingCli && !fs.existsSync(CLI_PATH)) throw new Error(`--cli needs the built CLI at ${CLI_PATH}: run npm run build first`);

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same tree. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** 20 top directories, 15 below each, and leaves below those: 5,000 directories in all; with `isWriting` false only their names (a reused tree). */
function buildTree(root: string, isWriting: boolean): { directories: string[]; contextFiles: string[] } {
  const next = random(5);
  const directories: string[] = [];
  for (let top = 0; top < TOP_DIRECTORIES; top += 1) directories.push(`packages/p${top}`);
  for (let top = 0; top < TOP_DIRECTORIES; top += 1) for (let middle = 0; middle < MIDDLE_PER_TOP; middle += 1) directories.push(`packages/p${top}/m${middle}`);
  const middles = directories.slice(TOP_DIRECTORIES);
  for (let leaf = 0; directories.length < TOTAL_DIRECTORIES - 1; leaf += 1) directories.push(`${middles[leaf % middles.length]}/l${Math.floor(leaf / middles.length)}`);
  directories.unshift('packages');
  if (isWriting) for (const directory of directories) fs.mkdirSync(path.join(root, directory), { recursive: true });

  const filler = 'export const value = 1;\n'.repeat(8);
  for (let index = 0; isWriting && index < TOTAL_FILES - CONTEXT_FILES - 1; index += 1) {
    fs.writeFileSync(path.join(root, directories[index % directories.length]!, `f${index}.ts`), filler);
  }
  // Context files where a project would put them: top and middle directories, a few leaves.
  const contextDirectories = [...directories.slice(1, 1 + TOP_DIRECTORIES + MIDDLE_PER_TOP * TOP_DIRECTORIES)].slice(0, CONTEXT_FILES);
  const contextFiles = contextDirectories.map((directory, index) => {
    const paragraphs = 3 + Math.floor(next() * 12);
    const body = Array.from({ length: paragraphs }, (_unused, paragraph) => `- Rule ${paragraph} of ${directory}: keep ${'modules small and tested, '.repeat(1 + Math.floor(next() * 6))}\n`).join('');
    const file = `${directory}/AGENTS.md`;
    if (isWriting) fs.writeFileSync(path.join(root, file), `---\ndescription: Conventions of ${directory} (${index})\n---\n# ${directory}\n\n${body}`);
    return file;
  });
  if (!isWriting) return { directories, contextFiles };
  fs.writeFileSync(path.join(root, '.gitignore'), 'dist/\n');
  execFileSync('git', ['init', '-q', '.'], { cwd: root });
  return { directories, contextFiles };
}

async function openRuntime(root: string): Promise<Runtime> {
  const probe = createNodePathProbe();
  const scope = await WorkspaceScope.create({ root, probe });
  const searcher = createTextSearcher({ ripgrep: null });
  return createRuntime({
    scope,
    services: {
      fileSystem: createNodeFileSystem({ list: listFiles, searchText: (request) => searcher.searchText(request) }),
      shell: createNodeShell(),
      permission: createPermissionService({ approval: 'never' }),
      clock: systemClock,
    },
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Measure {
  label: string;
  work: () => Promise<unknown> | unknown;
}

/** Times every measure once per round, in turn, for `runs` rounds after a warm-up round: the samples of each, by label. */
async function timedRounds(measures: readonly Measure[]): Promise<Map<string, number[]>> {
  const samples = new Map(measures.map((measure) => [measure.label, [] as number[]]));
  for (let round = -1; round < runs; round += 1) {
    for (const measure of measures) {
      const started = performance.now();
      await measure.work();
      if (round >= 0) samples.get(measure.label)!.push(performance.now() - started);
    }
  }
  for (const measure of measures) console.log(`  ${measure.label.padEnd(48)} ${median(samples.get(measure.label)!).toFixed(0).padStart(6)} ms (median of ${runs})`);
  return samples;
}

/** The median of the per-round ratios ours / baseline (both measured in the same round). */
function ratio(samples: Map<string, number[]>, ours: string, baseline: string): string {
  const oursSamples = samples.get(ours)!;
  const baselineSamples = samples.get(baseline)!;
  return `${median(oursSamples.map((value, round) => value / baselineSamples[round]!)).toFixed(2)}x`;
}

function command(argv: string[], cwd: string): () => string {
  return () => {
    const result = spawnSync(argv[0]!, argv.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`${argv.join(' ')} failed: ${result.stderr.toString()}`);
    return result.stdout.toString();
  };
}

const tokens = (bytes: number) => Math.round(bytes / BYTES_PER_TOKEN);

const root = reusedTree === undefined ? fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-nested-'))) : fs.realpathSync(reusedTree);
try {
  const buildStarted = performance.now();
  const tree = buildTree(root, reusedTree === undefined);
  const built = reusedTree === undefined ? `built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s` : 'reused';
  console.log(`tree: ${TOTAL_FILES} files, ${tree.directories.length} directories, ${tree.contextFiles.length} context files (${built}) at ${root}`);

  const ripgrep = await findRipgrep({});
  if (ripgrep === null) throw new Error('no ripgrep found: the benchmark needs one for its baseline');
  const runtime = await openRuntime(root);
  const config = ConfigSchema.parse({ contextDiscovery: { maxFiles: 1_000 } });
  const find = command(['find', '.', '-name', '.git', '-prune', '-o', '-name', 'AGENTS.md', '-print'], root);
  const rg = command([ripgrep.path, '--no-config', '--files', ...CONTEXT_NAMES.flatMap((name) => ['-g', name])], root);
  // The same set three ways, once: a fast but wrong walk cannot pass unnoticed.
  const listed = await runtime.execute({ kind: 'fs.list', path: '.', recursive: true, names: CONTEXT_NAMES, maxEntries: 250_000 });
  if (!listed.ok) throw new Error(`fs.list failed: ${listed.error.message}`);
  const sorted = (paths: string[]) => paths.map((entry) => entry.replace(/^\.\//, '')).sort();
  const expected = sorted([...tree.contextFiles]).join('\n');
  for (const [label, paths] of [['find', find().split('\n').filter(Boolean)], ['rg', rg().split('\n').filter(Boolean)], ['fs.list', listed.value.entries.map((entry) => entry.path)]] as const) {
    if (sorted([...paths]).join('\n') !== expected) throw new Error(`${label} did not find the ${tree.contextFiles.length} context files of the tree`);
  }

  console.log(`\nwalk (ripgrep ${ripgrep.path}, ${ripgrep.source})`);
  const measures: Measure[] = [
    { label: 'find . -name AGENTS.md (prune .git)', work: find },
    { label: `rg --files ${CONTEXT_NAMES.map((name) => `-g ${name}`).join(' ')}`, work: rg },
    { label: 'git ls-files -co --exclude-standard', work: command(['git', 'ls-files', '-co', '--exclude-standard'], root) },
    { label: 'fs.list by name (the walk alone)', work: () => runtime.execute({ kind: 'fs.list', path: '.', recursive: true, names: CONTEXT_NAMES, maxEntries: 250_000 }) },
    { label: 'discoverContext (walk + checks + labels)', work: () => discoverContext({ runtime, config }) },
    ...(isTimingCli ? [{ label: 'brass-agent context --json (the built CLI)', work: command([process.execPath, CLI_PATH, 'context', '--json'], root) }] : []),
  ];
  const samples = await timedRounds(measures);
  const discovery = await discoverContext({ runtime, config });
  console.log(`  found ${discovery.files.length} context files in ${discovery.walkedEntries} walked entries; warnings: ${discovery.warnings.length}`);
  const [findLabel, rgLabel, gitLabel, listLabel, discoverLabel, cliLabel] = measures.map((measure) => measure.label) as [string, string, string, string, string, string | undefined];
  console.log(`  ratio discoverContext / git ls-files:  ${ratio(samples, discoverLabel, gitLabel)}`);
  console.log(`  ratio discoverContext / rg --files:    ${ratio(samples, discoverLabel, rgLabel)}`);
  console.log(`  ratio rg --files / find:               ${ratio(samples, rgLabel, findLabel)}`);
  if (cliLabel !== undefined) console.log(`  ratio context --json (CLI) / find:     ${ratio(samples, cliLabel, findLabel)}`);
  console.log(`  ratio fs.list walk / find:             ${ratio(samples, listLabel, findLabel)}`);
  console.log(`  ratio discoverContext / find:          ${ratio(samples, discoverLabel, findLabel)}`);

  // Tokens: every context file inlined (capped like nested files) versus the manifest plus first-touch bodies.
  const maxFileBytes = config.contextDiscovery.maxFileBytes;
  const eagerBytes = tree.contextFiles.reduce((sum, file) => sum + Math.min(maxFileBytes, fs.statSync(path.join(root, file)).size), 0);
  const session = createDisclosureSession({ runtime, discovery, nested: true, excludeRealPaths: new Set(), maxFileBytes, maxSessionBytes: config.contextDiscovery.maxSessionBytes });
  const manifestBytes = Buffer.byteLength(session.manifest.promptSection, 'utf8');
  const next = random(11);
  let injectedBytes = 0;
  let carriedInjectedBytes = 0;
  for (let touch = 0; touch < touches; touch += 1) {
    const directory = tree.directories[1 + Math.floor(next() * (tree.directories.length - 1))]!;
    const reminder = await session.onToolResult({ tool: 'read_file', ok: true, paths: [`${directory}/f.ts`] });
    const bytes = reminder?.bytes ?? 0;
    injectedBytes += bytes;
    // A reminder stays in the history from the turn it arrives; touches are spread evenly over the turns.
    const turn = Math.floor((touch * turns) / touches);
    carriedInjectedBytes += bytes * (turns - turn);
  }
  console.log('\ntokens (bytes / 4)');
  console.log(`  eager: system prompt with all ${tree.contextFiles.length} files     ${tokens(eagerBytes).toString().padStart(8)} per turn, ${tokens(eagerBytes * turns)} over ${turns} turns`);
  console.log(`  progressive: manifest (${session.manifest.entries.length - session.manifest.omitted} listed, ${session.manifest.omitted} omitted) ${tokens(manifestBytes).toString().padStart(8)} per turn`);
  console.log(`  progressive: bodies injected by ${touches} touches     ${tokens(injectedBytes).toString().padStart(8)} once`);
  console.log(`  progressive over ${turns} turns (manifest each turn, reminders kept in history): ${tokens(manifestBytes * turns + carriedInjectedBytes)}`);
  console.log(`  ratio eager / progressive over ${turns} turns: ${((eagerBytes * turns) / (manifestBytes * turns + carriedInjectedBytes)).toFixed(1)}x`);
} finally {
  if (isKeeping || reusedTree !== undefined) console.log(`kept ${root}`);
  else fs.rmSync(root, { recursive: true, force: true });
}
