import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseEslintOutput } from './parse-eslint-output.js';

// stylish: real output of ESLint 10. unix and compact left core ESLint in v9
// (separate formatter packages, not installed here): hand-written samples of
// their documented line shapes.
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseEslintOutput', () => {
  it.each([
    { name: 'eslint-stylish.txt', root: '/tmp/cap/es/src' },
    { name: 'eslint-unix-sample.txt', root: '/home/dev/app/src' },
    { name: 'eslint-compact-sample.txt', root: '/home/dev/app/src' },
  ])('reads $name: file, line, column, message and rule', ({ name, root }) => {
    const diagnostics = parseEslintOutput(fixture(name));
    const byRule = Object.fromEntries(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic]));
    expect(diagnostics).toHaveLength(name === 'eslint-stylish.txt' ? 4 : 3);
    expect(byRule['no-unused-vars']!.locations[0]).toEqual({ path: `${root}/widget.js`, line: 1, column: 7, role: 'error' });
    expect(byRule['no-unused-vars']!.message).toMatch(/^'unused' is assigned a value but never used/);
    expect(byRule.eqeqeq!.locations[0]).toMatchObject({ line: 3, column: 13 });
    expect(diagnostics.some((diagnostic) => diagnostic.locations[0]!.path === `${root}/other.js` && diagnostic.code === 'no-undef')).toBe(true);
  });

  it('does not take a summary line for a file', () => {
    expect(parseEslintOutput(['✖ 4 problems (3 errors, 1 warning)', '  1:7  error  x  rule'])).toEqual([]);
  });
});
