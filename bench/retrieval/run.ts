/**
 * Retrieval benchmark: given only a bug-report-style goal (no failure
 * output), does a file the fix would change come first / in the top four?
 *
 * Compares, in one run over this repository (cases.ts):
 * - goal ranking: rankByGoal (BM25F over path, declared names, identifiers,
 *   comments; exact-name, named-path and test-file adjustments);
 * - plain BM25 over the raw contents of the same files;
 * - signal search: discoverContext with the goal ranking off (the Discovery
 *   issue's goal signals and fixed-string searches), top `maxFiles` only;
 * - discover: the whole pass as `brass-agent discover GOAL --no-run` runs it.
 * Reports hit@1, hit@4, recall@4 and MRR.
 *
 * A second table measures the import-graph expansion with failure output:
 * for each case whose answer is imported (relatively) by another source
 * file, validation output names that importer as where an assertion failed
 * (synthetic, the shape of a failing call into the faulty module), and the
 * whole pass runs with the expansion on and off. A control table puts the
 * failure in an unrelated source file instead: the expansion must not make
 * that worse.
 *
 * The corpus leaves out this benchmark's own cases file: it holds every
 * goal verbatim, which no real repository does for its issues.
 *
 *     npx tsx bench/retrieval/run.ts [-- --verbose]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJsonIndexCache } from '../../src/adapters/index-cache/index.js';
import { openWorkspace } from '../../src/adapters/node-workspace/index.js';
import { discoverContext } from '../../src/context/discovery/index.js';
import { createPathFilter } from '../../src/context/discovery/create-path-filter.js';
import { join, scriptCandidates } from '../../src/context/discovery/resolve-import.js';
import { buildRetrievalIndex } from '../../src/context/discovery/retrieval/build-retrieval-index.js';
import { rankByGoal } from '../../src/context/discovery/retrieval/rank-by-goal.js';
import { TEST_FILE } from '../../src/context/discovery/rank-candidates.js';
import { buildPlainBm25, queryPlainBm25 } from './rank-plain-bm25.js';
import { CASES, type RetrievalCase } from './cases.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const isVerbose = process.argv.includes('--verbose');

interface Scores {
  hit1: number;
  hit4: number;
  recall4: number;
  reciprocal: number;
}

function scoreOf(ranked: readonly string[], expected: readonly string[]): Scores {
  const first = ranked.findIndex((file) => expected.includes(file));
  const top4 = ranked.slice(0, 4);
  return {
    hit1: first === 0 ? 1 : 0,
    hit4: first !== -1 && first < 4 ? 1 : 0,
    recall4: expected.filter((file) => top4.includes(file)).length / expected.length,
    reciprocal: first === -1 ? 0 : 1 / (first + 1),
  };
}

/** Runs `rank` over `cases` for each system and prints one table. */
async function report<S extends string>(title: string, cases: readonly RetrievalCase[], systems: readonly S[], rank: (testCase: RetrievalCase) => Promise<Record<S, string[]>>): Promise<void> {
  const totals = new Map(systems.map((system) => [system, { hit1: 0, hit4: 0, recall4: 0, reciprocal: 0 }]));
  for (const testCase of cases) {
    const rankings = await rank(testCase);
    const line: string[] = [];
    for (const system of systems) {
      const scores = scoreOf(rankings[system], testCase.files);
      const total = totals.get(system)!;
      for (const key of Object.keys(scores) as (keyof Scores)[]) total[key] += scores[key];
      line.push(`${system}: ${scores.reciprocal === 0 ? '-' : Math.round(1 / scores.reciprocal)}`);
    }
    if (isVerbose) console.log(`${testCase.id.padEnd(20)} ${line.join('  ')}  top: ${rankings[systems[0]!].slice(0, 3).join(', ')}`);
  }
  console.log(`\n${title}\n`);
  console.log(`${'system'.padEnd(30)} hit@1   hit@4   recall@4  MRR`);
  for (const system of systems) {
    const total = totals.get(system)!;
    const percent = (value: number) => `${((100 * value) / cases.length).toFixed(1)}%`.padEnd(8);
    console.log(`${system.padEnd(30)} ${percent(total.hit1)}${percent(total.hit4)}${percent(total.recall4)}  ${(total.reciprocal / cases.length).toFixed(3)}`);
  }
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-retrieval-'));
const workspace = await openWorkspace({ cwd: ROOT, env: { ...process.env, XDG_CONFIG_HOME: path.join(temp, 'config') } });
const loaded = workspace.config.config;
const config = { ...loaded, context: { ...loaded.context, excludeGlobs: [...loaded.context.excludeGlobs, 'bench/retrieval/cases.ts'] } };
// One cache for every discovery run of the bench: the index is built once, as a user's repeated runs would find it.
const retrievalCache = createJsonIndexCache({ directory: path.join(temp, 'retrieval-index') });
const started = performance.now();
const index = await buildRetrievalIndex({ runtime: workspace.runtime, filter: createPathFilter({ excludeGlobs: config.context.excludeGlobs }), globs: config.context.globs });
const indexMs = performance.now() - started;
const contents = new Map(index.documents.map((document) => [document.path, fs.readFileSync(path.join(ROOT, document.path), 'utf8')]));
const plain = buildPlainBm25(contents);
console.log(`${CASES.length} cases over ${index.documents.length} indexed files (index built in ${Math.round(indexMs)} ms)`);

const discover = async (goal: string, extra: { validationOutput?: string; useGoalRanking?: boolean; useImportExpansion?: boolean } = {}) =>
  (await discoverContext({ runtime: workspace.runtime, config, goal, run: false, retrievalCache, ...extra })).files.map((file) => file.path);

await report('Goal only (no failure output)', CASES, ['goal ranking', 'plain BM25', 'signal search', 'discover (fused)'] as const, async (testCase) => ({
  'goal ranking': rankByGoal(index, testCase.goal).map((match) => match.path),
  'plain BM25': queryPlainBm25(plain, testCase.goal),
  'signal search': await discover(testCase.goal, { useGoalRanking: false }),
  'discover (fused)': await discover(testCase.goal),
}));

// Who imports whom, by relative specifiers resolved within the index.
const indexed = new Set(index.documents.map((document) => document.path));
const importers = new Map<string, string[]>();
for (const document of index.documents) {
  if (TEST_FILE.test(document.path)) continue;
  const directory = document.path.includes('/') ? document.path.slice(0, document.path.lastIndexOf('/')) : '.';
  for (const specifier of document.imports.filter((item) => item.startsWith('.'))) {
    const base = join(directory, specifier);
    const target = base === null ? undefined : scriptCandidates(base).find((candidate) => indexed.has(candidate));
    if (target !== undefined && target !== document.path) importers.set(target, [...(importers.get(target) ?? []), document.path]);
  }
}
/** An assertion failing in `file` (its last line), as a test runner's stack frame shows it. */
const failureIn = (file: string) => `AssertionError: expected false to be true\n    at Object.<anonymous> (${file}:${contents.get(file)!.split('\n').length}:1)\n`;
const importerOf = new Map<string, string>();
// Control: a failure in a source file with imports of its own that does not import the answer (a failure unrelated to the goal).
const unrelatedOf = new Map<string, string>();
const sources = index.documents.filter((document) => !TEST_FILE.test(document.path) && document.imports.some((item) => item.startsWith('.'))).map((document) => document.path);
for (const [position, testCase] of CASES.entries()) {
  const importer = testCase.files.flatMap((file) => importers.get(file) ?? []).filter((path) => !testCase.files.includes(path)).sort()[0];
  if (importer !== undefined) importerOf.set(testCase.id, importer);
  const unrelated = sources.filter((path) => !testCase.files.includes(path) && !testCase.files.some((file) => importers.get(file)?.includes(path)));
  unrelatedOf.set(testCase.id, unrelated[(position * 37) % unrelated.length]!);
}
const systemsWithFailure = ['signal search', 'discover, no import expansion', 'discover (fused)'] as const;
const rankWithFailure = (failingFile: string, goal: string) =>
  Promise.all([
    discover(goal, { validationOutput: failureIn(failingFile), useGoalRanking: false }),
    discover(goal, { validationOutput: failureIn(failingFile), useImportExpansion: false }),
    discover(goal, { validationOutput: failureIn(failingFile) }),
  ]).then(([signal, unexpanded, fused]) => ({ 'signal search': signal, 'discover, no import expansion': unexpanded, 'discover (fused)': fused }));
const withImporter = CASES.filter((testCase) => importerOf.has(testCase.id));
await report(`Goal and a failure in a file that imports the answer (${withImporter.length} of the cases)`, withImporter, systemsWithFailure, (testCase) => rankWithFailure(importerOf.get(testCase.id)!, testCase.goal));
await report('Control: goal and a failure in an unrelated file (must not get worse)', CASES, systemsWithFailure, (testCase) => rankWithFailure(unrelatedOf.get(testCase.id)!, testCase.goal));
fs.rmSync(temp, { recursive: true, force: true });
