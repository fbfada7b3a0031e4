import { afterAll, describe, expect, it } from 'vitest';
import { createJsonIndexCache } from '../../../adapters/index-cache/index.js';
import { openWorkspace } from '../../../adapters/node-workspace/index.js';
import { createWorkerPool } from '../../../adapters/worker-pool/index.js';
import type { ParallelService } from '../../../core/index.js';
import { createTempWorkspace } from '../../../../test/support/temp-workspace.js';
import { createPathFilter } from '../create-path-filter.js';
import { PARALLEL_MIN_FILES, buildRetrievalIndex } from './build-retrieval-index.js';
import { termCountsOf } from './index-document.js';
import { rankByGoal } from './rank-by-goal.js';

/** Enough small modules to be indexed on other threads, each with its own names, imports and prose. */
function moduleFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let number = 0; number < PARALLEL_MIN_FILES + 40; number += 1) {
    const name = `ledgerEntry${number}`;
    files[`src/ledger/entry-${number}.ts`] =
      `import { round } from '../math/round-${number % 7}.js';\n/** Posts entry ${number} to the ledger, rounding the amount to cents (unicode: café ${number}). */\nexport function ${name}(amount: number) {\n  return round(amount * ${number});\n}\n`;
  }
  files['src/billing/invoice-total.ts'] = '/** Sums the invoice lines before the tax is added. */\nexport function invoiceTotal(lines: number[], taxRate: number) {\n  return lines.length * taxRate;\n}\n';
  return files;
}

const termsOf = (index: Awaited<ReturnType<typeof buildRetrievalIndex>>) => index.documents.map((document) => [document.path, [...termCountsOf(document, 'identifiers')], [...termCountsOf(document, 'body')], document.declaredNames, document.imports, document.lengths]);
const GOALS = ['the invoice total is wrong once the tax is added', 'ledgerEntry17 rounds the amount', 'posting an entry to the ledger loses cents'];

describe('buildRetrievalIndex on other threads', () => {
  const pool = createWorkerPool({ threads: 2 });
  afterAll(() => pool.close());

  it('builds the same index on worker threads as on this one, and caches it the same way', async () => {
    await using workspace = await createTempWorkspace({ files: moduleFiles() });
    await using cacheHome = await createTempWorkspace();
    const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
    const options = { runtime: opened.runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: [] };
    const here = await buildRetrievalIndex(options);
    const cache = createJsonIndexCache({ directory: cacheHome.path('retrieval-index') });
    const later = { now: () => Date.now() + 60_000 };
    let tasks = 0;
    const counting: ParallelService = { threads: pool.threads, run: (task, input) => ((tasks += 1), pool.run(task, input)) };
    const threaded = await buildRetrievalIndex({ ...options, parallel: counting, cache, clock: later });
    expect(tasks).toBeGreaterThan(0);
    expect(threaded.warnings).toEqual([]);
    expect(termsOf(threaded)).toEqual(termsOf(here));
    for (const goal of GOALS) expect(rankByGoal(threaded, goal)).toEqual(rankByGoal(here, goal));
    // The entry written from thread-built documents serves a warm build as well.
    const warm = await buildRetrievalIndex({ ...options, parallel: counting, cache, clock: later });
    expect(warm.files).toEqual({ cached: here.documents.length, read: 0 });
    expect(termsOf(warm)).toEqual(termsOf(here));
    for (const goal of GOALS) expect(rankByGoal(warm, goal)).toEqual(rankByGoal(here, goal));
  });

  it('leaves out a file a deny rule covers, inside a batch read on the way to the threads, and indexes the others', async () => {
    await using workspace = await createTempWorkspace({ files: moduleFiles() });
    const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') }, cliConfig: { permissions: { deny: ['Read(src/ledger/entry-7.ts)'] } } });
    const options = { runtime: opened.runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: [] };
    const threaded = await buildRetrievalIndex({ ...options, parallel: pool });
    const paths = threaded.documents.map((document) => document.path);
    expect(paths).not.toContain('src/ledger/entry-7.ts');
    expect(paths).toHaveLength(Object.keys(moduleFiles()).length - 1);
    expect(threaded.notes).toEqual(['1 unreadable file not indexed']);
    expect(threaded.coverage.leftOut).toEqual([{ reason: 'unreadable', count: 1, examples: ['src/ledger/entry-7.ts'] }]);
    expect(termsOf(threaded)).toEqual(termsOf(await buildRetrievalIndex(options)));
  });

  it('indexes on this thread, with a warning, when the threads fail', async () => {
    await using workspace = await createTempWorkspace({ files: moduleFiles() });
    const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
    const options = { runtime: opened.runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: [] };
    const broken: ParallelService = { threads: 2, run: () => Promise.reject(new Error('the thread ran out of memory')) };
    const index = await buildRetrievalIndex({ ...options, parallel: broken });
    expect(index.warnings).toEqual(['indexing on other threads failed (the thread ran out of memory); files were indexed on the main thread']);
    expect(termsOf(index)).toEqual(termsOf(await buildRetrievalIndex(options)));
  });
});
