import { describe, expect, it } from 'vitest';
import { findImports } from './find-imports.js';

// Issue 18, item 7: `@path` imports of CLAUDE.md, never inside code.

describe('findImports', () => {
  const cases: [markdown: string, expected: string[]][] = [
    ['@docs/style.md', ['docs/style.md']],
    ['See @./a.md and @../b.md, then @c/d.md.', ['./a.md', '../b.md', 'c/d.md']],
    ['- @list/item.md\n- (see @paren.md)', ['list/item.md', 'paren.md']],
    ['twice @a.md and @a.md', ['a.md']],
    ['inline `@code.md` and ``@double.md``', []],
    ['```\n@fenced.md\n```\n\n~~~md\n@tilde.md\n~~~', []],
    ['    @indented.md', []],
    ['<!-- @commented.md -->', []],
    ['mail me at someone@example.com', []],
    ['ask @alice or @here', []],
    ['outside @../../etc/passwd', ['../../etc/passwd']],
    ['absolute @/etc/passwd and home @~/notes.md', ['/etc/passwd', '~/notes.md']],
    // A character reference is an `@` to Markdown: the text is parsed, not skipped by the pre-check.
    ['see &#64;ref/a.md and &commat;ref/b.md', ['ref/a.md', 'ref/b.md']],
    ['no import here, just docs/a.md', []],
  ];
  it.each(cases)('%j', async (markdown, expected) => {
    expect(await findImports(markdown)).toEqual(expected);
  });
});
