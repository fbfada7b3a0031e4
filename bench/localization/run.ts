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
 * Failing-test cases (`kind: 'test'`, held-out batch 3) keep the types valid
 * and break behaviour. Their copy is a git repository: the healthy fixture
 * (with its vitest tests, a vitest.config.ts and a `test` script) is
 * committed, the change is applied as an uncommitted edit, the fixture's
 * whole vitest run is captured (plain: CI=1, NO_COLOR=1) and discovery runs
 * on it three times: with git denied (`no-git`: the failure output alone),
 * as the CLI runs it (`uncommitted`: the working tree shows the change),
 * with two other modules edited too (`noisy`: a comment appended), and after the change is committed on top (`committed`: a clean tree, the
 * newest commit holds it). Discovery runs git as the CLI does, through a
 * command runtime allowing exactly its argv. The runner checks that the
 * healthy suite passes, that the change type-checks and that the case's
 * `test` fails; `--check` does only that, without discovery (and, for tsc
 * cases, checks that the change produces a type error and lists the files
 * that fail to compile).
 *
 * Held-out batch 4 mixes both kinds; it is reported like batches 1–3
 * (hit@1 and hit@4 for the batch, per variant, and for its test cases
 * direct/indirect). `--batch N` keeps only the cases of held-out batch N,
 * in the check mode and in the full run.
 *
 *     npm run bench:localization [-- --verbose] [-- --case ID] [-- --batch N] [-- --check]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCommandRuntime, openWorkspace } from '../../src/adapters/node-workspace/index.js';
import { discoverContext, type DiscoveryResult } from '../../src/context/discovery/index.js';
import { stripAnsi } from '../../src/context/discovery/normalize-output-text.js';
import { CASES, TEST_INCLUDE, type LocalizationCase } from './cases.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const args = process.argv.slice(2);
const isVerbose = args.includes('--verbose');
const isCheckOnly = args.includes('--check');
const onlyCase = args.includes('--case') ? args[args.indexOf('--case') + 1] : undefined;
const onlyBatch = args.includes('--batch') ? Number(args[args.indexOf('--batch') + 1]) : undefined;
if (onlyBatch !== undefined && !Number.isInteger(onlyBatch)) throw new Error('--batch needs a batch number');

type Variant = 'plain' | 'pretty' | 'uncommitted' | 'noisy' | 'committed' | 'no-git';

interface Outcome {
  testCase: LocalizationCase;
  variant: Variant;
  isNamed: boolean;
  rank: number | null;
  result: DiscoveryResult;
  errorLines: number;
}

function fixtureDirectory(testCase: LocalizationCase): string {
  return testCase.fixture === 'broken-app' ? path.join(ROOT, 'examples', 'broken-app') : path.join(ROOT, 'test', 'fixtures', testCase.fixture);
}

const isTestCase = (testCase: LocalizationCase): boolean => testCase.kind === 'test';

/**
 * Copies the fixture. The tsc cases predate the fixtures' vitest tests and
 * leave them out, so their inputs (and figures) are as before.
 */
function copyFixture(testCase: LocalizationCase, label: string): string {
  const directory = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `brass-bench-${label}-`)));
  const withTests = isTestCase(testCase);
  fs.cpSync(fixtureDirectory(testCase), directory, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}node_modules`) && (withTests || !source.endsWith('.test.ts')),
  });
  // Test files import vitest: resolve it (and TypeScript's lib types) as in the repository.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(directory, 'node_modules'), 'dir');
  return directory;
}

function applyEdits(testCase: LocalizationCase, directory: string): void {
  const target = path.join(directory, testCase.file);
  let text = fs.readFileSync(target, 'utf8');
  for (const edit of testCase.edits) {
    if (!text.includes(edit.find)) throw new Error(`${testCase.id}: ${JSON.stringify(edit.find)} is not in ${testCase.file}`);
    text = text.split(edit.find).join(edit.replace);
  }
  fs.writeFileSync(target, text);
}

function prepare(testCase: LocalizationCase): string {
  const directory = copyFixture(testCase, testCase.id);
  applyEdits(testCase, directory);
  return directory;
}

/** A fixed identity and clock, so the copies' histories are the same on every run. */
const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Dev',
  GIT_AUTHOR_EMAIL: 'dev@example.com',
  GIT_COMMITTER_NAME: 'Dev',
  GIT_COMMITTER_EMAIL: 'dev@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: os.devNull,
};

function git(directory: string, gitArgs: string[], date: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', gitArgs, { cwd: directory, stdio: ['ignore', 'ignore', 'pipe'], env: { ...GIT_ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${gitArgs.join(' ')}: ${errors}`))));
  });
}

/**
 * Two source modules other than `changed` (no tests), the same for every
 * run of a case: the first and the middle one in path order.
 */
function bystandersOf(directory: string, changed: string): string[] {
  const modules = (fs.readdirSync(directory, { recursive: true, encoding: 'utf8' }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$|\.d\.ts$|vitest\.config/.test(file) && !file.startsWith('node_modules/') && file !== changed)
    .sort();
  return [modules[0]!, modules[Math.floor(modules.length / 2)]!];
}

/** A healthy copy of a fixture as a git repository with one commit, ready to run `vitest run`. */
async function prepareRepository(testCase: LocalizationCase, label: string): Promise<string> {
  if (testCase.fixture === 'broken-app') throw new Error(`${testCase.id}: test cases need a test/fixtures project`);
  const directory = copyFixture(testCase, label);
  fs.writeFileSync(
    path.join(directory, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({\n  cacheDir: '.cache/vite',\n  test: { include: [${JSON.stringify(TEST_INCLUDE[testCase.fixture])}] },\n});\n`,
  );
  fs.writeFileSync(path.join(directory, '.gitignore'), 'node_modules\n.cache\n');
  const packagePath = path.join(directory, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(packagePath, 'utf8')) as { scripts?: Record<string, string> };
  manifest.scripts = { ...manifest.scripts, test: 'vitest run' };
  fs.writeFileSync(packagePath, `${JSON.stringify(manifest, null, 2)}\n`);
  await git(directory, ['init', '-q', '-b', 'main'], '2024-05-01T09:00:00Z');
  await git(directory, ['add', '-A'], '2024-05-01T09:00:00Z');
  await git(directory, ['commit', '-q', '-m', 'Initial commit'], '2024-05-01T09:00:00Z');
  return directory;
}

/** The fixture's whole test run, as a developer's terminal (or CI log) shows it, without colours. */
function runTests(directory: string): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: '1', NO_COLOR: '1' };
    delete env.FORCE_COLOR;
    const child = spawn(process.execPath, [VITEST, 'run'], { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ output, code }));
  });
}

/** Test files vitest reports as failing (`FAIL  src/a.test.ts > suite > test`). */
function failingTestFiles(output: string): string[] {
  const files = new Set<string>();
  for (const line of stripAnsi(output).split('\n')) {
    const match = /^\s*FAIL\s+(\S+\.test\.ts)/.exec(line);
    if (match) files.add(match[1]!);
  }
  return [...files].sort();
}

function failedTestCount(output: string): number {
  return stripAnsi(output).split('\n').filter((line) => /^\s*FAIL\s+\S+\.test\.ts\s+>/.test(line)).length;
}

/** Files with a type error in plain tsc output (`src/a.ts(3,7): error TS2304: ...`). */
function filesWithTypeErrors(output: string): string[] {
  const files = new Set<string>();
  for (const line of output.split('\n')) {
    const match = /^(\S+?)\(\d+,\d+\): error TS\d+/.exec(line);
    if (match) files.add(match[1]!);
  }
  return [...files].sort();
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

/** `git: false` leaves git to the plain runtime, which denies it: the failure output alone, nothing from the working tree or the history. */
async function discover(directory: string, validationOutput: string, options: { git?: boolean } = {}): Promise<DiscoveryResult> {
  const xdg = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-xdg-'));
  const workspace = await openWorkspace({ cwd: directory, env: { ...process.env, XDG_CONFIG_HOME: xdg } });
  // As the CLI does: git (status, the newest commit) runs through a command runtime that allows exactly its argv.
  const result = await discoverContext({
    runtime: workspace.runtime,
    config: workspace.config.config,
    validationOutput,
    run: false,
    ...(options.git === false ? {} : { createCommandRuntime: (planned: Parameters<typeof createCommandRuntime>[1]) => createCommandRuntime(workspace, planned) }),
  });
  fs.rmSync(xdg, { recursive: true, force: true });
  return result;
}

/** Prepares a case and captures both tsc outputs (the slow part, run for several cases at once). */
async function capture(testCase: LocalizationCase): Promise<{ testCase: LocalizationCase; directory: string; outputs: Partial<Record<Variant, string>> }> {
  if (isTestCase(testCase)) return captureTest(testCase);
  const directory = prepare(testCase);
  const [plain, pretty] = await Promise.all([typecheck(directory, false), typecheck(directory, true)]);
  return { testCase, directory, outputs: { plain: plain!, pretty: pretty! } };
}

/** A test case: the healthy state committed, the change an uncommitted edit; checks the case is sound. */
async function captureTest(testCase: LocalizationCase): Promise<{ testCase: LocalizationCase; directory: string; outputs: Partial<Record<Variant, string>> }> {
  const directory = await prepareRepository(testCase, testCase.id);
  try {
    applyEdits(testCase, directory);
    const [run, types] = await Promise.all([runTests(directory), typecheck(directory, false)]);
    const typeErrors = types.split('\n').filter((line) => /error TS\d+/.test(line));
    if (typeErrors.length > 0) throw new Error(`${testCase.id}: the change must keep the types valid:\n${typeErrors.join('\n')}`);
    if (run.code === 0) throw new Error(`${testCase.id}: the change made no test fail`);
    const failing = failingTestFiles(run.output);
    if (testCase.test === undefined || !failing.includes(testCase.test)) throw new Error(`${testCase.id}: ${testCase.test} does not fail (failing: ${failing.join(', ') || 'none'})\n${run.output}`);
    return { testCase, directory, outputs: { uncommitted: run.output } };
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

/** The healthy fixture's suite must pass, or its cases say nothing. */
async function checkHealthy(testCase: LocalizationCase): Promise<void> {
  const directory = await prepareRepository(testCase, `healthy-${testCase.fixture}`);
  try {
    const run = await runTests(directory);
    if (run.code !== 0) throw new Error(`the healthy ${testCase.fixture} fixture's tests fail:\n${run.output}`);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

async function scoreTest(captured: Awaited<ReturnType<typeof capture>>): Promise<Outcome[]> {
  const { testCase, directory } = captured;
  try {
    const output = captured.outputs.uncommitted!;
    const outcomes: Outcome[] = [];
    const isNamed = output.includes(testCase.file);
    const errorLines = failedTestCount(output);
    const rankIn = (result: DiscoveryResult) => {
      const index = result.files.findIndex((file) => file.path === testCase.file);
      return index < 0 ? null : index + 1;
    };
    const alone = await discover(directory, output, { git: false });
    outcomes.push({ testCase, variant: 'no-git', isNamed, rank: rankIn(alone), result: alone, errorLines });
    const uncommitted = await discover(directory, output);
    outcomes.push({ testCase, variant: 'uncommitted', isNamed, rank: rankIn(uncommitted), result: uncommitted, errorLines });
    // The same, with two more modules edited harmlessly (a comment): the change is one of three, as in a working tree in use.
    const bystanders = bystandersOf(directory, testCase.file);
    for (const file of bystanders) fs.appendFileSync(path.join(directory, file), '// reviewed\n');
    const noisy = await discover(directory, output);
    outcomes.push({ testCase, variant: 'noisy', isNamed, rank: rankIn(noisy), result: noisy, errorLines });
    await git(directory, ['checkout', '-q', '--', ...bystanders], '2024-05-02T15:30:00Z');
    await git(directory, ['commit', '-q', '-a', '-m', 'Small fixes'], '2024-05-02T15:30:00Z');
    const committed = await discover(directory, output);
    outcomes.push({ testCase, variant: 'committed', isNamed, rank: rankIn(committed), result: committed, errorLines });
    return outcomes;
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

async function score(captured: Awaited<ReturnType<typeof capture>>): Promise<Outcome[]> {
  if (isTestCase(captured.testCase)) return scoreTest(captured);
  const { testCase, directory } = captured;
  try {
    const outcomes: Outcome[] = [];
    for (const variant of ['plain', 'pretty'] as const) {
      const output = captured.outputs[variant]!;
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
const selected = CASES.filter((candidate) => (onlyCase === undefined || candidate.id === onlyCase) && (onlyBatch === undefined || candidate.heldOutBatch === onlyBatch));
if (selected.length === 0) throw new Error('no case matches the filters');
const fixturesWithTests = [...new Map(selected.filter(isTestCase).map((testCase) => [testCase.fixture, testCase])).values()];
for (const testCase of fixturesWithTests) await checkHealthy(testCase);
if (isCheckOnly) {
  for (const testCase of selected) {
    const captured = await capture(testCase);
    fs.rmSync(captured.directory, { recursive: true, force: true });
    if (isTestCase(testCase)) {
      const output = captured.outputs.uncommitted!;
      console.log(`ok  ${testCase.id.padEnd(36)} ${failedTestCount(output)} failed in ${failingTestFiles(output).join(', ')}`);
      if (isVerbose) console.log(output);
    } else {
      const output = captured.outputs.plain!;
      const errorLines = output.split('\n').filter((line) => /error TS\d+/.test(line)).length;
      if (errorLines === 0) throw new Error(`${testCase.id}: the change produced no type error`);
      const files = filesWithTypeErrors(output);
      const site = files.includes(testCase.file) ? 'changed file fails' : 'changed file compiles';
      console.log(`ok  ${testCase.id.padEnd(36)} ${errorLines} type errors (${site}) in ${files.join(', ')}`);
      if (isVerbose) console.log(output);
    }
  }
  process.exit(0);
}
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
    const failures = isTestCase(testCase) ? `${outcome.errorLines} failed tests, ${testCase.via} from ${testCase.test}` : `${outcome.errorLines} errors`;
    console.log(`${mark}  ${outcome.variant.padEnd(6)} ${outcome.isNamed ? 'named  ' : 'unnamed'}  ${testCase.id.padEnd(34)} ${testCase.change} (${failures})`);
    if (isTestCase(testCase) && outcome.rank !== 1 && !isVerbose) {
      for (const file of outcome.result.files.slice(0, 3)) console.log(`         ${file.score.toFixed(2)} ${file.path}  — ${file.why.slice(0, 2).join(' | ')}`);
    }
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
/** A batch's failing-test outcomes, per variant and direct/indirect. */
function reportTestVariants(ofBatch: readonly Outcome[]): void {
  for (const variant of ['no-git', 'uncommitted', 'noisy', 'committed'] as const) {
    const ofVariant = ofBatch.filter((outcome) => outcome.variant === variant);
    const direct = ofVariant.filter((outcome) => outcome.testCase.via === 'direct');
    const indirect = ofVariant.filter((outcome) => outcome.testCase.via === 'indirect');
    console.log(`  ${variant.padEnd(11)}  all:      hit@1 ${rate(ofVariant, 1)}  hit@4 ${rate(ofVariant, 4)}`);
    console.log(`               direct:   hit@1 ${rate(direct, 1)}  hit@4 ${rate(direct, 4)}`);
    console.log(`               indirect: hit@1 ${rate(indirect, 1)}  hit@4 ${rate(indirect, 4)}`);
  }
}
const batch3 = outcomes.filter((outcome) => outcome.testCase.heldOutBatch === 3);
if (batch3.length > 0) {
  console.log('held-out batch 3 (failing tests):');
  reportTestVariants(batch3);
}
const batch4 = outcomes.filter((outcome) => outcome.testCase.heldOutBatch === 4);
if (batch4.length > 0) {
  console.log(`held-out batch 4: hit@1 ${rate(batch4, 1)}  hit@4 ${rate(batch4, 4)}`);
  const batch4Tsc = batch4.filter((outcome) => !isTestCase(outcome.testCase));
  if (batch4Tsc.length > 0) {
    console.log(`  type errors:  hit@1 ${rate(batch4Tsc, 1)}  hit@4 ${rate(batch4Tsc, 4)}`);
    for (const variant of ['plain', 'pretty'] as const) {
      const ofVariant = batch4Tsc.filter((outcome) => outcome.variant === variant);
      const named = ofVariant.filter((outcome) => outcome.isNamed);
      const unnamed = ofVariant.filter((outcome) => !outcome.isNamed);
      console.log(`  ${variant.padEnd(11)}  all:      hit@1 ${rate(ofVariant, 1)}  hit@4 ${rate(ofVariant, 4)}`);
      console.log(`               named:    hit@1 ${rate(named, 1)}  hit@4 ${rate(named, 4)}`);
      console.log(`               unnamed:  hit@1 ${rate(unnamed, 1)}  hit@4 ${rate(unnamed, 4)}`);
    }
  }
  const batch4Tests = batch4.filter((outcome) => isTestCase(outcome.testCase));
  if (batch4Tests.length > 0) {
    console.log(`  failing tests: hit@1 ${rate(batch4Tests, 1)}  hit@4 ${rate(batch4Tests, 4)}`);
    reportTestVariants(batch4Tests);
  }
}
for (const variant of ['plain', 'pretty'] as const) {
  const ofVariant = outcomes.filter((outcome) => outcome.variant === variant);
  const named = ofVariant.filter((outcome) => outcome.isNamed);
  const unnamed = ofVariant.filter((outcome) => !outcome.isNamed);
  console.log(`tsc ${variant.padEnd(6)}  all: hit@1 ${rate(ofVariant, 1)}  hit@4 ${rate(ofVariant, 4)}`);
  console.log(`            named:   hit@1 ${rate(named, 1)}  hit@4 ${rate(named, 4)}`);
  console.log(`            unnamed: hit@1 ${rate(unnamed, 1)}  hit@4 ${rate(unnamed, 4)}`);
}
