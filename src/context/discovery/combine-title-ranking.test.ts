import { describe, expect, it } from 'vitest';
import { combineTitleRanking } from './combine-title-ranking.js';
import type { GoalMatch } from './retrieval/rank-by-goal.js';

const match = (path: string, score: number, extra: Partial<GoalMatch> = {}): GoalMatch => ({ path, score, matches: [{ field: 'body', terms: ['x'], words: ['x'] }], exactSymbols: [], namedPath: null, ...extra });

describe('combineTitleRanking', () => {
  it('lets the title lift the file it names above what a long body matches, on the body scale', () => {
    const body = [match('lib/cli-engine.js', 40), match('lib/init.js', 38), match('lib/rules/no-useless-constructor.js', 8)];
    const title = [match('lib/rules/no-useless-constructor.js', 12, { namedPath: 'file', namedWord: 'no-useless-constructor' }), match('lib/init.js', 2)];
    const combined = combineTitleRanking(body, title, 1);
    expect(combined.map((item) => item.path)).toEqual(['lib/rules/no-useless-constructor.js', 'lib/init.js', 'lib/cli-engine.js']);
    // 8/40 + 12/12 = 1.2 of the body's best 40.
    expect(combined[0]).toMatchObject({ score: 48, namedPath: 'file', namedWord: 'no-useless-constructor' });
    expect(combined[2]!.score).toBe(40);
  });

  it('adds a file only the title matches, and is the body ranking when the title matches nothing', () => {
    expect(combineTitleRanking([match('a.ts', 10)], [match('b.ts', 5)], 0.5).map((item) => [item.path, item.score])).toEqual([
      ['a.ts', 10],
      ['b.ts', 5],
    ]);
    const body = [match('a.ts', 10)];
    expect(combineTitleRanking(body, [])).toEqual(body);
    expect(combineTitleRanking([], [match('b.ts', 5)])).toEqual([match('b.ts', 5)]);
  });
});
