import { describe, expect, it } from 'vitest';
import { closestKey } from './closest-key.js';

const CONTEXT_KEYS = ['enabled', 'maxSearchQueries', 'maxFiles', 'maxSearchResults', 'globs', 'excludeGlobs'];

describe('closestKey', () => {
  it.each([
    ['maxFile', 'maxFiles'],
    ['maxfiles', 'maxFiles'],
    ['MAXFILES', 'maxFiles'],
    ['glbos', 'globs'],
    ['exludeGlobs', 'excludeGlobs'],
    ['enabeld', 'enabled'],
    ['maxSearchResult', 'maxSearchResults'],
  ])('suggests the near key for %s', (unknownKey, expected) => {
    expect(closestKey(unknownKey, CONTEXT_KEYS)).toBe(expected);
  });

  it.each([['colour'], ['x'], ['files'], ['maxReadBytes']])('suggests nothing for %s, which is not a typo of any key', (unknownKey) => {
    expect(closestKey(unknownKey, CONTEXT_KEYS)).toBeUndefined();
  });

  it('suggests nothing when no key is allowed', () => {
    expect(closestKey('maxFiles', [])).toBeUndefined();
  });
});
