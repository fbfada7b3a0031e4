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
 *     npx tsx bench/retrieval/run.ts [-- --verbose]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openWorkspace } from '../../src/adapters/node-workspace/index.js';
import { discoverContext } from '../../src/context/discovery/index.js';
import { createPathFilter } from '../../src/context/discovery/create-path-filter.js';
import { buildRetrievalIndex } from '../../src/context/discovery/retrieval/build-retrieval-index.js';
import { rankByGoal } from '../../src/context/discovery/retrieval/rank-by-goal.js';
import { rankPlainBm25 } from './rank-plain-bm25.js';
import { CASES } from './cases.js';

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

const xdg = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-retrieval-xdg-'));
const workspace = await openWorkspace({ cwd: ROOT, env: { ...process.env, XDG_CONFIG_HOME: xdg } });
const config = workspace.config.config;
const started = performance.now();
const index = await buildRetrievalIndex({ runtime: workspace.runtime, filter: createPathFilter({ excludeGlobs: config.context.excludeGlobs }), globs: config.context.globs });
const indexMs = performance.now() - started;
const contents = new Map(index.documents.map((document) => [document.path, fs.readFileSync(path.join(ROOT, document.path), 'utf8')]));

const systems = ['goal ranking', 'plain BM25', 'signal search', 'discover (fused)'] as const;
const totals = new Map(systems.map((system) => [system, { hit1: 0, hit4: 0, recall4: 0, reciprocal: 0 }]));
for (const testCase of CASES) {
  const rankings: Record<(typeof systems)[number], string[]> = {
    'goal ranking': rankByGoal(index, testCase.goal).map((match) => match.path),
    'plain BM25': rankPlainBm25(contents, testCase.goal),
    'signal search': (await discoverContext({ runtime: workspace.runtime, config, goal: testCase.goal, run: false, useGoalRanking: false })).files.map((file) => file.path),
    'discover (fused)': (await discoverContext({ runtime: workspace.runtime, config, goal: testCase.goal, run: false })).files.map((file) => file.path),
  };
  const line: string[] = [];
  for (const system of systems) {
    const scores = scoreOf(rankings[system], testCase.files);
    const total = totals.get(system)!;
    for (const key of Object.keys(scores) as (keyof Scores)[]) total[key] += scores[key];
    line.push(`${system}: ${scores.reciprocal === 0 ? '-' : Math.round(1 / scores.reciprocal)}`);
  }
  if (isVerbose) console.log(`${testCase.id.padEnd(20)} ${line.join('  ')}  top: ${rankings['goal ranking'].slice(0, 3).join(', ')}`);
}
fs.rmSync(xdg, { recursive: true, force: true });

console.log(`\n${CASES.length} cases over ${index.documents.length} indexed files (index built in ${Math.round(indexMs)} ms)\n`);
console.log(`${'system'.padEnd(18)} hit@1   hit@4   recall@4  MRR`);
for (const system of systems) {
  const total = totals.get(system)!;
  const percent = (value: number) => `${((100 * value) / CASES.length).toFixed(1)}%`.padEnd(8);
  console.log(`${system.padEnd(18)} ${percent(total.hit1)}${percent(total.hit4)}${percent(total.recall4)}  ${(total.reciprocal / CASES.length).toFixed(3)}`);
}
