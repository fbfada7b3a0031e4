import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../config/index.js';
import type { AgentAction, Observation, Runtime } from '../../core/index.js';
import { createPathFilter } from './create-path-filter.js';
import { createEvidenceBoard } from './evidence-board.js';
import { createIdentifierSignals } from './identifier-signals.js';
import { SEARCH_CONCURRENCY, searchIdentifiers } from './search-identifiers.js';

/**
 * A runtime whose searches answer in reverse order of their start (each
 * waits for those started after it), counting how many are in flight: the
 * order of the records and evidence must still be the order of the queries.
 */
function reverseAnsweringRuntime() {
  let inFlight = 0;
  let most = 0;
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const runtime: Runtime = {
    scope: { root: '/w' } as Runtime['scope'],
    execute: async <A extends AgentAction>(action: A) => {
      if (action.kind !== 'fs.searchText') throw new Error(`unexpected ${action.kind}`);
      inFlight += 1;
      most = Math.max(most, inFlight);
      started.push(action.query);
      await new Promise<void>((resolve) => {
        releases.push(resolve);
        // Once a batch is in flight (or all have started), answer the newest first.
        if (releases.length === SEARCH_CONCURRENCY || started.length === 6) for (const release of releases.splice(0).reverse()) release();
      });
      inFlight -= 1;
      const value = { matches: [{ path: `src/${action.query}.ts`, line: 1, column: 1, text: `export class ${action.query} {}` }], truncated: false };
      return { ok: true, kind: action.kind, value, durationMs: 1 } as unknown as Observation<A>;
    },
  };
  return { runtime, started, most: () => most };
}

describe('searchIdentifiers', () => {
  it(`runs up to ${SEARCH_CONCURRENCY} searches side by side and still takes their answers in query order`, async () => {
    const names = ['AlphaClient', 'BravoClient', 'CharlieClient', 'DeltaClient', 'EchoClient', 'FoxtrotClient'];
    const identifiers = createIdentifierSignals();
    for (const name of names) identifiers.add(name, 'type');
    const sites = new Map<string, Set<string>>();
    const { runtime, started, most } = reverseAnsweringRuntime();
    const context = { ...ConfigSchema.parse({}).context, maxSearchQueries: names.length };
    const records = await searchIdentifiers({ runtime, identifiers, sites, context, filter: createPathFilter({ excludeGlobs: [] }), board: createEvidenceBoard() });
    expect(most()).toBe(SEARCH_CONCURRENCY);
    expect(records.map((record) => record.query)).toEqual(started);
    expect([...sites.keys()]).toEqual(started);
    expect(records.every((record) => record.matches === 1)).toBe(true);
  });
});
