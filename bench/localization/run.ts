/**
 * Localization benchmark: does `discover --no-run --validation-output`
 * read the file that was changed?
 *
 * For each case in cases.ts: copy the fixture to a temp directory, apply the
 * breaking change, capture the real `tsc --noEmit` output (plain, as tsc
 * prints when piped; `--pretty` also, as a second variant), run discovery on
 * it exactly as `brass-agent discover --no-run --validation-output FILE`
 * does (in process: openWorkspace + discoverContext), and record the rank of
 * the changed file among the files read. Reports hit@1 and hit@4, split by
 * whether the changed file is named in the errors.
 *
 *     npm run bench:localization [-- --verbose] [-- --case ID]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openWorkspace } from '../../src/adapters/node-workspace/index.js';
import { discoverContext, type DiscoveryResult } from '../../src/context/discovery/index.js';
import { stripAnsi } from '../../src/context/discovery/normalize-output-text.js';
import { CASES, type LocalizationCase } from './cases.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const args = process.argv.slice(2);
const isVerbose = args.includes('--verbose');
const onlyCase = args.includes('--case') ? args[args.indexOf('--case') + 1] : undefined;

interface Outcome {
  testCase: LocalizationCase;
  variant: 'plain' | 'pretty';
  isNamed: boolean;
  rank: number | null;
  result: DiscoveryResult;
  errorLines: number;
}

function fixtureDirectory(testCase: LocalizationCase): string {
  return testCase.fixture === 'broken-app' ? path.join(ROOT, 'examples', 'broken-app') : path.join(ROOT, 'test', 'fixtures', testCase.fixture);
}

function prepare(testCase: LocalizationCase): string {
  const directory = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `brass-bench-${testCase.id}-`)));
  fs.cpSync(fixtureDirectory(testCase), directory, { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) });
  const target = path.join(directory, testCase.file);
  let text = fs.readFileSync(target, 'utf8');
  for (const edit of testCase.edits) {
    if (!text.includes(edit.find)) throw new Error(`${testCase.id}: ${JSON.stringify(edit.find)} is not in ${testCase.file}`);
    text = text.split(edit.find).join(edit.replace);
  }
  fs.writeFileSync(target, text);
  // Test files import vitest: resolve it (and TypeScript's lib types) as in the repository.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(directory, 'node_modules'), 'dir');
  return directory;
}

function typecheck(directory: string, isPretty: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSC, '--noEmit', '-p', '.', '--pretty', String(isPretty)], { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(output));
  });
}

async function discover(directory: string, validationOutput: string): Promise<DiscoveryResult> {
  const xdg = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-xdg-'));
  const workspace = await openWorkspace({ cwd: directory, env: { ...process.env, XDG_CONFIG_HOME: xdg } });
  const result = await discoverContext({ runtime: workspace.runtime, config: workspace.config.config, validationOutput, run: false });
  fs.rmSync(xdg, { recursive: true, force: true });
  return result;
}

/** Prepares a case and captures both tsc outputs (the slow part, run for several cases at once). */
async function capture(testCase: LocalizationCase): Promise<{ testCase: LocalizationCase; directory: string; outputs: Record<'plain' | 'pretty', string> }> {
  const directory = prepare(testCase);
  const [plain, pretty] = await Promise.all([typecheck(directory, false), typecheck(directory, true)]);
  return { testCase, directory, outputs: { plain: plain!, pretty: pretty! } };
}

async function score(captured: Awaited<ReturnType<typeof capture>>): Promise<Outcome[]> {
  const { testCase, directory } = captured;
  try {
    const outcomes: Outcome[] = [];
    for (const variant of ['plain', 'pretty'] as const) {
      const output = captured.outputs[variant];
      const errorLines = output.split('\n').filter((line) => /error TS\d+/.test(stripAnsi(line))).length;
      if (errorLines === 0) throw new Error(`${testCase.id}: the change produced no type error`);
      const result = await discover(directory, output);
      const index = result.files.findIndex((file) => file.path === testCase.file);
      outcomes.push({ testCase, variant, isNamed: output.includes(testCase.file), rank: index < 0 ? null : index + 1, result, errorLines });
    }
    return outcomes;
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

function rate(outcomes: readonly Outcome[], maxRank: number): string {
  if (outcomes.length === 0) return '  n/a';
  const hits = outcomes.filter((outcome) => outcome.rank !== null && outcome.rank <= maxRank).length;
  return `${((100 * hits) / outcomes.length).toFixed(0).padStart(3)}% (${hits}/${outcomes.length})`;
}

const PARALLEL_CAPTURES = Math.max(1, Math.min(8, Math.floor(os.availableParallelism() / 2)));
const selected = CASES.filter((candidate) => onlyCase === undefined || candidate.id === onlyCase);
const captures: Awaited<ReturnType<typeof capture>>[] = [];
for (let start = 0; start < selected.length; start += PARALLEL_CAPTURES) {
  captures.push(...(await Promise.all(selected.slice(start, start + PARALLEL_CAPTURES).map(capture))));
}
const outcomes: Outcome[] = [];
for (const captured of captures) {
  const testCase = captured.testCase;
  const caseOutcomes = await score(captured);
  outcomes.push(...caseOutcomes);
  for (const outcome of caseOutcomes) {
    const mark = outcome.rank === 1 ? 'hit@1' : outcome.rank !== null ? `hit@${outcome.rank}` : 'MISS ';
    console.log(`${mark}  ${outcome.variant.padEnd(6)} ${outcome.isNamed ? 'named  ' : 'unnamed'}  ${testCase.id.padEnd(34)} ${testCase.change} (${outcome.errorLines} errors)`);
    if (isVerbose && outcome.rank !== 1) {
      for (const file of outcome.result.files) console.log(`         ${file.score.toFixed(2)} ${file.path}  — ${file.why.slice(0, 2).join(' | ')}`);
    }
  }
}

console.log('');
for (const batch of [1, 2] as const) {
  const heldOut = outcomes.filter((outcome) => outcome.testCase.heldOutBatch === batch);
  if (heldOut.length > 0) console.log(`held-out batch ${batch}: hit@1 ${rate(heldOut, 1)}  hit@4 ${rate(heldOut, 4)}`);
}
for (const variant of ['plain', 'pretty'] as const) {
  const ofVariant = outcomes.filter((outcome) => outcome.variant === variant);
  const named = ofVariant.filter((outcome) => outcome.isNamed);
  const unnamed = ofVariant.filter((outcome) => !outcome.isNamed);
  console.log(`tsc ${variant.padEnd(6)}  all: hit@1 ${rate(ofVariant, 1)}  hit@4 ${rate(ofVariant, 4)}`);
  console.log(`            named:   hit@1 ${rate(named, 1)}  hit@4 ${rate(named, 4)}`);
  console.log(`            unnamed: hit@1 ${rate(unnamed, 1)}  hit@4 ${rate(unnamed, 4)}`);
}
