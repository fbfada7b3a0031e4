import { describe, expect, it } from 'vitest';
import { checkPatternSafety } from './check-pattern-safety.js';

describe('checkPatternSafety', () => {
  it.each([
    'acme_[a-z0-9]{32}',
    'ACME-[A-Z0-9]{8}-[A-Z0-9]{8}',
    '\\bcorp_[0-9a-f]{40}\\b',
    'acme_user=(?<secret>[a-z0-9]{12,40})',
    '(?:live|test)_[A-Za-z0-9]{24}',
    '[A-Za-z]{0,16}=[0-9a-f]{8,40}',
    'x-api-key: ?[A-Za-z0-9]{20}',
    '[\\]a-z]{4}(?=;)',
  ])('accepts %s', (pattern) => {
    expect(checkPatternSafety(pattern)).toBeUndefined();
  });

  it.each([
    ['', 'empty pattern'],
    ['a'.repeat(513), 'longer than 512 characters'],
    ['(unclosed', 'not a valid regular expression'],
    ['(a+)+$', 'unbounded repetition "+" at 2'],
    ['token_\\w*', 'unbounded repetition "*" at 8'],
    ['acme_[a-z]{8,}', 'unbounded repetition "{8,}" at 10: give an upper bound such as {8,64}'],
    ['(a{1,4}){1,4}', 'nested repetition at 8'],
    ['(?:ab|a){2,8}', 'nested repetition at 8'],
    ['(a)\\1', 'backreference at 3'],
    ['(?<x>a)\\k<x>', 'backreference at 7'],
    ['(?<=key=)[a-z]{8}', 'lookbehind at 0'],
    ['a{1,300}', 'repetition bound 300 at 1 is above 256'],
    ['x[a-z]{0,64}[0-9]{0,64}', 'too much backtracking (4225 ways to try at each position > 1024)'],
    ['[a-z]{256}[0-9]{256}[A-Z]{256}[a-f]{256}x', 'matches up to 1025 characters (> 1024)'],
    ['a?', 'matches the empty string'],
  ])('rejects %j: %s', (pattern, problem) => {
    expect(checkPatternSafety(pattern)).toContain(problem);
  });
});
