import { describe, expect, it } from 'vitest';
import { fuseRankings } from './fuse-rankings.js';

describe('fuseRankings', () => {
  it.each([
    ['one list keeps its order', [['a', 'b', 'c']], ['a', 'b', 'c']],
    ['agreement rises above either head', [['a', 'b'], ['c', 'b']], ['b', 'a', 'c']],
    ['disjoint lists interleave, first list first on ties', [['a', 'b'], ['c', 'd']], ['a', 'c', 'b', 'd']],
    ['empty lists', [[], []], []],
  ])('%s', (_name, lists, expected) => {
    expect(fuseRankings(lists)).toEqual(expected);
  });
});
