// Nested context benchmark (issue 5): the discovery walk on a generated tree
// of 100,000 files in 5,000 directories with 300 context files, against
// `find` and `git ls-files` on the same tree, as ratios; and the tokens a
// session carries with eager loading (every context file in the system
// prompt) versus progressive disclosure (the manifest, plus bodies on first
// touch).
//
//   npx tsx bench/nested.ts [--runs N] [--turns N] [--touches N] [--keep]
//
// Tokens are estimated as UTF-8 bytes / 4 (no tokenizer is a dependency).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigSchema } from '../src/config/index.js';
import { WorkspaceScope, createPermissionService, createRuntime, systemClock, type Runtime } from '../src/core/index.js';
import { createNodeFileSystem, createNodePathProbe } from '../src/adapters/file-system/index.js';
import { createTextSearcher, listFiles } from '../src/adapters/search/index.js';
import { createNodeShell } from '../src/adapters/shell/index.js';
import { createDisclosureSession, discoverContext } from '../src/context/nested/index.js';

const TOTAL_FILES = 100_000;
const TOTAL_DIRECTORIES = 5_000;
const CONTEXT_FILES = 300;
const TOP_DIRECTORIES = 20;
const MIDDLE_PER_TOP = 15;
const BYTES_PER_TOKEN = 4;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const runs = option('--runs', 5);
const turns = option('--turns', 20);
const touches = option('--touches', 10);
const isKeeping = process.argv.includes('--keep');

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

/** 20 top directories, 15 below each, and leaves below those: 5,000 directories in all. */
function buildTree(root: string): { directories: string[]; contextFiles: string[] } {
  const next = random(5);
  const directories: string[] = [];
  for (let top = 0; top < TOP_DIRECTORIES; top += 1) directories.push(`packages/p${top}`);
  for (let top = 0; top < TOP_DIRECTORIES; top += 1) for (let middle = 0; middle < MIDDLE_PER_TOP; middle += 1) directories.push(`packages/p${top}/m${middle}`);
  const middles = directories.slice(TOP_DIRECTORIES);
  for (let leaf = 0; directories.length < TOTAL_DIRECTORIES - 1; leaf += 1) directories.push(`${middles[leaf % middles.length]}/l${Math.floor(leaf / middles.length)}`);
  directories.unshift('packages');
  for (const directory of directories) fs.mkdirSync(path.join(root, directory), { recursive: true });

  const filler = 'export const value = 1;\n'.repeat(8);
  for (let index = 0; index < TOTAL_FILES - CONTEXT_FILES - 1; index += 1) {
    fs.writeFileSync(path.join(root, directories[index % directories.length]!, `f${index}.ts`), filler);
  }
  // Context files where a project would put them: top and middle directories, a few leaves.
  const contextDirectories = [...directories.slice(1, 1 + TOP_DIRECTORIES + MIDDLE_PER_TOP * TOP_DIRECTORIES)].slice(0, CONTEXT_FILES);
  const contextFiles = contextDirectories.map((directory, index) => {
    const paragraphs = 3 + Math.floor(next() * 12);
    const body = Array.from({ length: paragraphs }, (_unused, paragraph) => `- Rule ${paragraph} of ${directory}: keep ${'modules small and tested, '.repeat(1 + Math.floor(next() * 6))}\n`).join('');
    const file = `${directory}/AGENTS.md`;
    fs.writeFileSync(path.join(root, file), `---\ndescription: Conventions of ${directory} (${index})\n---\n# ${directory}\n\n${body}`);
    return file;
  });
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

async function timed(label: string, work: () => Promise<unknown> | unknown): Promise<number> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  const result = median(samples);
  console.log(`  ${label.padEnd(44)} ${result.toFixed(0).padStart(6)} ms (median of ${runs})`);
  return result;
}

function command(argv: string[], cwd: string): () => void {
  return () => {
    const result = spawnSync(argv[0]!, argv.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`${argv.join(' ')} failed: ${result.stderr.toString()}`);
  };
}

const tokens = (bytes: number) => Math.round(bytes / BYTES_PER_TOKEN);

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-nested-')));
try {
  const buildStarted = performance.now();
  const tree = buildTree(root);
  console.log(`tree: ${TOTAL_FILES} files, ${tree.directories.length} directories, ${tree.contextFiles.length} context files (built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s) at ${root}`);

  const runtime = await openRuntime(root);
  const config = ConfigSchema.parse({ contextDiscovery: { maxFiles: 1_000 } });
  console.log('\nwalk');
  const findMs = await timed('find . -name AGENTS.md (prune .git)', command(['find', '.', '-name', '.git', '-prune', '-o', '-name', 'AGENTS.md', '-print'], root));
  const gitMs = await timed('git ls-files -co --exclude-standard', command(['git', 'ls-files', '-co', '--exclude-standard'], root));
  const listMs = await timed('fs.list (the walk alone)', () => runtime.execute({ kind: 'fs.list', path: '.', recursive: true, maxEntries: 250_000 }));
  const discoverMs = await timed('discoverContext (walk + checks + labels)', () => discoverContext({ runtime, config }));
  const discovery = await discoverContext({ runtime, config });
  console.log(`  found ${discovery.files.length} context files in ${discovery.walkedEntries} walked entries; warnings: ${discovery.warnings.length}`);
  console.log(`  ratio discoverContext / find:          ${(discoverMs / findMs).toFixed(2)}x`);
  console.log(`  ratio discoverContext / git ls-files:  ${(discoverMs / gitMs).toFixed(2)}x`);
  console.log(`  ratio fs.list walk / find:             ${(listMs / findMs).toFixed(2)}x`);

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
  if (isKeeping) console.log(`kept ${root}`);
  else fs.rmSync(root, { recursive: true, force: true });
}
