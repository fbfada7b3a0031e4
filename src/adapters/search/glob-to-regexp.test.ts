import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../core/index.js';
import { globToRegExp, toGlobSubject } from './glob-to-regexp.js';

// Each expectation was checked against `rg --files -g GLOB` (ripgrep 15).
const CASES: ReadonlyArray<[glob: string, path: string, expected: boolean]> = [
  ['*.ts', 'a.ts', true],
  ['*.ts', 'dir/a.ts', false],
  ['**/*.ts', 'a.ts', true],
  ['**/*.ts', 'a/b/c.ts', true],
  ['a/**', 'a/b/c', true],
  ['a/**', 'a', false],
  ['a/**/b', 'a/b', true],
  ['a/**/b', 'a/x/y/b', true],
  ['a/**/b', 'ab', false],
  ['**', 'any/thing', true],
  ['?.txt', 'é.txt', false],
  ['??.txt', 'é.txt', true],
  ['?', '/', false],
  ['[!a]b', 'cb', true],
  ['[!a]b', 'ab', false],
  ['[!a]b', '/b', true],
  ['[^a]b', 'cb', true],
  ['[]]b', ']b', true],
  ['[a-]b', '-b', true],
  ['[a-c]b', 'bb', true],
  ['[a-c]b', 'db', false],
  ['{a,c}b', 'cb', true],
  ['{a,c}b', 'bb', false],
  ['{a,{c,d}}b', 'db', true],
  ['a{,x}b', 'ab', false],
  ['a{,x}b', 'axb', true],
  ['a{}b', 'ab', true],
  ['a**b', 'axxb', true],
  ['a**b', 'a/b', false],
  ['(x|y)', 'x', false],
  ['(x|y)', '(x|y)', true],
  ['a\\*b', 'a*b', true],
  ['a\\*b', 'axb', false],
  ['*.TXT', 'a.txt', false],
  ['é.txt', 'é.txt', true],
  ['d/{e/f,g}.*', 'd/e/f.ts', true],
  ['*.{ts,js}', 'x.js', true],
];

describe('globToRegExp', () => {
  it.each(CASES)('%s against %s is %s', (glob, path, expected) => {
    expect(globToRegExp(glob).test(toGlobSubject(path))).toBe(expected);
  });

  it.each([
    ['[abc', 'unclosed character class'],
    ['[!]b', 'unclosed character class'],
    ['{a,b', 'unclosed alternate group'],
    ['a}', 'unopened alternate group'],
    ['a\\', "dangling '\\'"],
    ['[z-a]b', 'invalid range'],
  ])('rejects %s (%s)', (glob, problem) => {
    let caught: unknown;
    try {
      globToRegExp(glob, 'globs');
    } catch (error) {
      caught = error;
    }
    expect(InvalidInputError.isInstance(caught)).toBe(true);
    expect((caught as InvalidInputError).field).toBe('globs');
    expect((caught as Error).message).toContain(problem);
  });
});

describe('toGlobSubject', () => {
  it('keeps ASCII paths and spells other characters as their UTF-8 bytes', () => {
    expect(toGlobSubject('src/a.ts')).toBe('src/a.ts');
    expect(toGlobSubject('é')).toBe('\u00c3\u00a9');
  });
});
