import { describe, expect, it } from 'vitest';
import type { SearchMatch } from '../../core/index.js';
import { rankSearchMatches } from './rank-search-matches.js';

const match = (path: string, line: number, text: string): SearchMatch => ({ path, line, column: 1, text });

/** The files in the order the ranking puts them. */
function rankedFiles(matches: SearchMatch[], query: string, isCaseSensitive = true): string[] {
  return [...new Set(rankSearchMatches(matches, query, isCaseSensitive).map((ranked) => ranked.path))];
}

describe('rankSearchMatches (issue 18, item 10)', () => {
  it.each([
    ['source before benchmarks, fixtures, docs and tests', 'parseConfig', [
      match('benchmarks/parse.js', 1, 'parseConfig(a)'),
      match('docs/api.md', 1, 'Call parseConfig'),
      match('src/__fixtures__/x.ts', 1, 'parseConfig()'),
      match('src/load.ts', 4, 'return parseConfig(text)'),
      match('test/load.test.ts', 2, 'parseConfig("x")'),
    ], ['src/load.ts', 'docs/api.md', 'benchmarks/parse.js', 'test/load.test.ts', 'src/__fixtures__/x.ts']],
    ['a declaration before uses, a file named after the query before others', 'parseConfig', [
      match('src/a.ts', 1, 'parseConfig(1)'),
      match('src/parse-config.ts', 9, 'return 1; // parseConfig'),
      match('src/z.ts', 3, 'export async function parseConfig(text: string) {'),
    ], ['src/z.ts', 'src/parse-config.ts', 'src/a.ts']],
    ['more matches before fewer; ties keep path order', 'x', [
      match('src/a.ts', 1, 'x'),
      match('src/b.ts', 1, 'x'),
      match('src/c.ts', 1, 'x'),
      match('src/c.ts', 2, 'x'),
    ], ['src/c.ts', 'src/a.ts', 'src/b.ts']],
    ['a query about tests lets tests compete as source', 'the tests', [
      match('src/a.ts', 1, 'the tests'),
      match('test/a.test.ts', 1, 'the tests'),
      match('test/a.test.ts', 2, 'the tests'),
    ], ['test/a.test.ts', 'src/a.ts']],
  ])('%s', (_name, query, matches, expected) => {
    expect(rankedFiles(matches, query)).toEqual(expected);
  });

  it('keeps each file\'s matches in line order and drops none', () => {
    const matches = [match('bench/a.js', 1, 'q'), match('src/b.ts', 7, 'q'), match('src/b.ts', 2, 'q')];
    expect(rankSearchMatches(matches, 'q', true).map((ranked) => `${ranked.path}:${ranked.line}`)).toEqual(['src/b.ts:2', 'src/b.ts:7', 'bench/a.js:1']);
  });

  it('finds a declaration whatever the case when the search ignores case', () => {
    const matches = [match('src/a.ts', 1, 'useparser()'), match('src/a.ts', 2, 'useparser()'), match('src/b.ts', 1, 'export class UseParser {')];
    expect(rankedFiles(matches, 'useparser', false)).toEqual(['src/b.ts', 'src/a.ts']);
    expect(rankedFiles(matches, 'useparser', true)).toEqual(['src/a.ts', 'src/b.ts']);
  });
});
