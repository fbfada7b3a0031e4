import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../config/index.js';
import type { AgentAction, Observation, Runtime, SearchMatch } from '../../core/index.js';
import { createPathFilter } from './create-path-filter.js';
import { createEvidenceBoard } from './evidence-board.js';
import { createIdentifierSignals } from './identifier-signals.js';
import { MAX_MATCHES_PER_FILE } from './search-fixed-strings.js';
import { searchIdentifiers } from './search-identifiers.js';

/** A runtime that answers each search from fixed lines, recording the searches it was asked for. */
function fixedLinesRuntime(lines: readonly SearchMatch[]) {
  const searches: Extract<AgentAction, { kind: 'fs.searchText' }>[] = [];
  const runtime: Runtime = {
    scope: { root: '/w' } as Runtime['scope'],
    execute: async <A extends AgentAction>(action: A) => {
      if (action.kind !== 'fs.searchText') throw new Error(`unexpected ${action.kind}`);
      searches.push(action);
      const queries = [action.query, ...(action.moreQueries ?? [])];
      const found = lines.filter((line) => queries.some((query) => line.text.includes(query)));
      const value = { matches: found.slice(0, action.maxResults), truncated: found.length > (action.maxResults ?? Infinity) };
      return { ok: true, kind: action.kind, value, durationMs: 1 } as unknown as Observation<A>;
    },
  };
  return { runtime, searches };
}

function signalsOf(names: readonly string[]) {
  const identifiers = createIdentifierSignals();
  for (const name of names) identifiers.add(name, 'type');
  return identifiers;
}

describe('searchIdentifiers', () => {
  it('searches every query in one pass and gives each the lines that hold it, in query order', async () => {
    const names = ['AlphaClient', 'BravoClient', 'CharlieClient'];
    const lines: SearchMatch[] = [
      { path: 'src/alpha.ts', line: 1, column: 1, text: 'export class AlphaClient {}' },
      { path: 'src/both.ts', line: 3, column: 1, text: 'const pair = [AlphaClient, CharlieClient];' },
      { path: 'src/charlie.ts', line: 1, column: 1, text: 'export class CharlieClient {}' },
    ];
    const { runtime, searches } = fixedLinesRuntime(lines);
    const sites = new Map<string, Set<string>>();
    const board = createEvidenceBoard();
    const context = { ...ConfigSchema.parse({}).context, maxSearchQueries: names.length };
    const records = await searchIdentifiers({ runtime, identifiers: signalsOf(names), sites, context, filter: createPathFilter({ excludeGlobs: [] }), board });
    expect(searches).toHaveLength(1);
    expect([searches[0]!.query, ...(searches[0]!.moreQueries ?? [])]).toEqual(names);
    expect(searches[0]).toMatchObject({ maxResults: context.maxSearchResults * 3, maxMatchesPerFile: MAX_MATCHES_PER_FILE * 3, caseSensitive: true });
    expect(records).toEqual([
      { query: 'AlphaClient', matches: 2, truncated: false },
      { query: 'BravoClient', matches: 0, truncated: false },
      { query: 'CharlieClient', matches: 2, truncated: false },
    ]);
    expect(sites.get('AlphaClient')).toEqual(new Set(['src/alpha.ts']));
    expect(sites.get('CharlieClient')).toEqual(new Set(['src/charlie.ts']));
  });

  it('keeps each query to its own per-file limit, whatever the other queries match', async () => {
    const many = Array.from({ length: 12 }, (_unused, index) => ({ path: 'src/many.ts', line: index + 1, column: 1, text: `use(EchoClient, ${index})` }));
    const { runtime } = fixedLinesRuntime([...many, { path: 'src/other.ts', line: 1, column: 1, text: 'use(EchoClient)' }, { path: 'src/other.ts', line: 2, column: 1, text: 'use(FoxtrotClient)' }]);
    const context = { ...ConfigSchema.parse({}).context, maxSearchQueries: 2 };
    const records = await searchIdentifiers({ runtime, identifiers: signalsOf(['EchoClient', 'FoxtrotClient']), sites: new Map(), context, filter: createPathFilter({ excludeGlobs: [] }), board: createEvidenceBoard() });
    expect(records).toEqual([
      { query: 'EchoClient', matches: MAX_MATCHES_PER_FILE + 1, truncated: false },
      { query: 'FoxtrotClient', matches: 1, truncated: false },
    ]);
  });

  it('keeps each query to maxSearchResults and says which were cut', async () => {
    const lines = ['a', 'b', 'c'].map((name) => ({ path: `src/${name}.ts`, line: 1, column: 1, text: 'use(EchoClient)' }));
    const { runtime } = fixedLinesRuntime([...lines, { path: 'src/d.ts', line: 1, column: 1, text: 'use(FoxtrotClient)' }]);
    const context = { ...ConfigSchema.parse({}).context, maxSearchQueries: 2, maxSearchResults: 2 };
    const records = await searchIdentifiers({ runtime, identifiers: signalsOf(['EchoClient', 'FoxtrotClient']), sites: new Map(), context, filter: createPathFilter({ excludeGlobs: [] }), board: createEvidenceBoard() });
    expect(records).toEqual([
      { query: 'EchoClient', matches: 2, truncated: true },
      { query: 'FoxtrotClient', matches: 1, truncated: false },
    ]);
  });

  it('records a failed pass as the problem of every query', async () => {
    const runtime: Runtime = {
      scope: { root: '/w' } as Runtime['scope'],
      execute: async <A extends AgentAction>(action: A) => ({ ok: false, kind: action.kind, error: { code: 'timeout', message: 'the search timed out' }, durationMs: 1 }) as unknown as Observation<A>,
    };
    const context = { ...ConfigSchema.parse({}).context, maxSearchQueries: 2 };
    const records = await searchIdentifiers({ runtime, identifiers: signalsOf(['GolfClient', 'HotelClient']), sites: new Map(), context, filter: createPathFilter({ excludeGlobs: [] }), board: createEvidenceBoard() });
    expect(records).toEqual([
      { query: 'GolfClient', matches: 0, truncated: false, problem: 'the search timed out' },
      { query: 'HotelClient', matches: 0, truncated: false, problem: 'the search timed out' },
    ]);
  });
});
