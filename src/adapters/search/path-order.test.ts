import { describe, expect, it } from 'vitest';
import { compareMatches, comparePaths } from './path-order.js';

describe('comparePaths', () => {
  it.each([
    ['a/b', 'a.txt', -1],
    ['a/b', 'a-b', -1],
    ['a', 'a/b', -1],
    ['B.txt', 'a.txt', -1],
    ['same/x', 'same/x', 0],
    ['z', 'é', -1],
    // By code point (UTF-8 byte order): U+FFFD sorts before an astral character.
    ['\ufffd', '😀', -1],
  ])('%s vs %s', (left, right, sign) => {
    expect(Math.sign(comparePaths(left, right))).toBe(sign);
    expect(Math.sign(comparePaths(right, left))).toBe(-sign || 0);
  });

  it('orders a tree like rg --sort path: a directory sits where its name sorts', () => {
    expect(['a.txt', 'a/b/c.txt', 'a-b', 'a/b.txt', 'A'].sort(comparePaths)).toEqual(['A', 'a/b/c.txt', 'a/b.txt', 'a-b', 'a.txt']);
  });
});

describe('compareMatches', () => {
  it('orders by path, then line, then column', () => {
    const match = (path: string, line: number, column: number) => ({ path, line, column, text: '' });
    const sorted = [match('b', 1, 1), match('a', 2, 1), match('a', 1, 5), match('a', 1, 2)].sort(compareMatches);
    expect(sorted).toEqual([match('a', 1, 2), match('a', 1, 5), match('a', 2, 1), match('b', 1, 1)]);
  });
});
