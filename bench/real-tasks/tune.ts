/**
 * Weight tuning on the tuning half of bench/real-tasks only (it refuses the
 * held-out half): builds each case's goal index and history once, then
 * scores a grid of title and history weights on the goal ranking as
 * discovery composes it (whole goal and title, history, roles), top 4.
 * With `--imports`, the title and history weights stay at their defaults and
 * the grid is over the import propagation's weights instead (weight, hop
 * decay, distinct goal matches needed), on the ranking as discovery composes
 * it. A shortcut for choosing weights; bench/real-tasks/run.ts is the measure.
 *
 *     npx tsx bench/real-tasks/tune.ts [-- --mirror DIR] [--repo owner/name] [--title 0,1] [--subjects …] [--co-change …] [--recency …]
 *     npx tsx bench/real-tasks/tune.ts --imports 0,0.25,0.5 [--hop-decay 0.25,0.5] [--min-sources 1,2]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJsonIndexCache } from '../../src/adapters/index-cache/index.js';
import { createCommandRuntime, openWorkspace } from '../../src/adapters/node-workspace/index.js';
import { combineTitleRanking } from '../../src/context/discovery/combine-title-ranking.js';
import { createFileProbe } from '../../src/context/discovery/create-file-probe.js';
import { createPathFilter } from '../../src/context/discovery/create-path-filter.js';
import { demoteByRole } from '../../src/context/discovery/fuse-goal-matches.js';
import { createIndexImportGraph } from '../../src/context/discovery/index-import-graph.js';
import { inspectProject } from '../../src/context/discovery/inspect-project.js';
import { DEFAULT_IMPORT_PROPAGATION_WEIGHTS, propagateGoalImports } from '../../src/context/discovery/propagate-goal-imports.js';
import { createImportResolver } from '../../src/context/discovery/resolve-import.js';
import type { GitHistory } from '../../src/context/discovery/git-history.js';
import { goalQueryText, goalTitleOf } from '../../src/context/discovery/goal-query-text.js';
import { readGitHistory } from '../../src/context/discovery/read-git-history.js';
import { buildRetrievalIndex } from '../../src/context/discovery/retrieval/build-retrieval-index.js';
import { type GoalMatch, rankByGoal } from '../../src/context/discovery/retrieval/rank-by-goal.js';
import { weighByHistory } from '../../src/context/discovery/weigh-by-history.js';
import { checkoutCommit, gitDirectoryOf, goalOf, loadCaseFiles, mirrorFromArguments, splitCases } from './case-files.js';

const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const mirror = mirrorFromArguments(process.argv);
const repoWanted = option('--repo');
interface Prepared {
  gold: string[];
  body: GoalMatch[];
  title: GoalMatch[];
  titleText: string;
  query: string;
  history: GitHistory | null;
  indexed: Set<string>;
}
const isImportGrid = option('--imports') !== undefined;
const grid = (name: string, fallback: number[]) => (option(name) ?? '').split(',').filter(Boolean).map(Number).concat(option(name) === undefined ? fallback : []);
/** With --imports: every grid point, and its hits so far (each case is scored while its commit is checked out, then its index let go). */
const importGrid = (isImportGrid ? grid('--imports', []) : []).flatMap((weight) =>
  grid('--hop-decay', [DEFAULT_IMPORT_PROPAGATION_WEIGHTS.hopDecay]).flatMap((hopDecay) => grid('--min-sources', [DEFAULT_IMPORT_PROPAGATION_WEIGHTS.minSources]).map((minSources) => ({ weights: { weight, hopDecay, minSources }, hit1: 0, hit4: 0 }))),
);
const prepared: Prepared[] = [];
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-tune-'));
try {
  for (const file of loadCaseFiles(repoWanted)) {
    const splits = splitCases(file.cases);
    const tuning = file.cases.filter((testCase) => splits.get(testCase.id) === 'tuning');
    const gitDir = gitDirectoryOf(mirror, file.repo);
    if (gitDir === null) continue;
    const name = file.repo.replace('/', '+');
    const root = path.join(temp, name);
    execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', gitDir, root]);
    const cache = createJsonIndexCache({ directory: path.join(temp, 'cache', name) });
    for (const testCase of tuning) {
      checkoutCommit(root, testCase.parent);
      const workspace = await openWorkspace({ cwd: root, env: { ...process.env, XDG_CONFIG_HOME: path.join(temp, 'config') } });
      const filter = createPathFilter({ excludeGlobs: workspace.config.config.context.excludeGlobs });
      const index = await buildRetrievalIndex({ runtime: workspace.runtime, filter, globs: workspace.config.config.context.globs, cache });
      const goal = goalOf(testCase);
      const query = goalQueryText(goal);
      const titleText = goalTitleOf(goal);
      const history = await readGitHistory({ runtimeFor: (argv) => createCommandRuntime(workspace, [{ argv, source: 'git' }]), cache });
      const item: Prepared = { gold: testCase.gold, body: rankByGoal(index, query), title: rankByGoal(index, titleText), titleText, query, history, indexed: new Set(index.documents.map((document) => document.path)) };
      if (isImportGrid) {
        const combined = titleText === query.trim() ? item.body : combineTitleRanking(item.body, item.title);
        const weighed = history === null ? combined : weighByHistory(combined, history, query, { exists: (file) => item.indexed.has(file) && filter.isAllowed(file) });
        const composed = demoteByRole(weighed, titleText);
        const probe = createFileProbe(workspace.runtime, filter);
        const project = await inspectProject({ runtime: workspace.runtime, probe, project: workspace.config.config.project, signalFiles: [] });
        const resolver = createImportResolver({ runtime: workspace.runtime, probe, workspacePatterns: project.workspacePatterns });
        const graph = createIndexImportGraph(index, (specifier, fromFile) => resolver.resolve(specifier, fromFile));
        for (const point of importGrid) {
          const top = (await propagateGoalImports(composed, graph, { goalTitle: titleText, weights: point.weights })).slice(0, 4).map((match) => match.path);
          const first = top.findIndex((file) => testCase.gold.includes(file));
          if (first === 0) point.hit1 += 1;
          if (first !== -1) point.hit4 += 1;
        }
      }
      prepared.push(item);
      process.stderr.write(`\r${prepared.length} cases prepared`);
    }
  }
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}
process.stderr.write('\n');

function evaluate(titleWeight: number, weights: { subjects: number; coChange: number; recency: number }) {
  let hit1 = 0;
  let hit4 = 0;
  for (const item of prepared) {
    const combined = combineTitleRanking(item.body, item.title, titleWeight);
    const weighed = item.history === null ? combined : weighByHistory(combined, item.history, item.query, { exists: (file) => item.indexed.has(file), weights });
    const top = demoteByRole(weighed, item.titleText).slice(0, 4).map((match) => match.path);
    const first = top.findIndex((file) => item.gold.includes(file));
    if (first === 0) hit1 += 1;
    if (first !== -1) hit4 += 1;
  }
  return { hit1: (100 * hit1) / prepared.length, hit4: (100 * hit4) / prepared.length };
}
if (isImportGrid) {
  console.log(`${prepared.length} tuning cases\nimports  hopDecay  minSources  hit@1   hit@4`);
  for (const { weights, hit1, hit4 } of importGrid) {
    console.log(`${String(weights.weight).padEnd(8)} ${String(weights.hopDecay).padEnd(9)} ${String(weights.minSources).padEnd(11)} ${((100 * hit1) / prepared.length).toFixed(1).padEnd(7)} ${((100 * hit4) / prepared.length).toFixed(1)}`);
  }
  process.exit(0);
}
console.log(`${prepared.length} tuning cases\ntitle  subjects  coChange  recency   hit@1   hit@4`);
for (const titleWeight of grid('--title', [0, 0.5, 1, 2])) {
  for (const subjects of grid('--subjects', [0, 0.25, 0.5, 1])) {
    for (const coChange of grid('--co-change', [0, 0.25, 0.5, 1])) {
      for (const recency of grid('--recency', [0, 0.05, 0.15])) {
        const { hit1, hit4 } = evaluate(titleWeight, { subjects, coChange, recency });
        console.log(`${String(titleWeight).padEnd(6)} ${String(subjects).padEnd(9)} ${String(coChange).padEnd(9)} ${String(recency).padEnd(9)} ${hit1.toFixed(1).padEnd(7)} ${hit4.toFixed(1)}`);
      }
    }
  }
}
