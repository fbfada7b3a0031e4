import { describe, expect, it } from 'vitest';
import { classifyDiffLines } from '../src/server/studio/classify-diff-lines.js';

describe('the studio diff view', () => {
  it('tells file headers, hunks, additions, removals and context apart', () => {
    const diff = [
      'diff --git a/src/a.ts b/src/a.ts',
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      '@@ -1,3 +1,3 @@',
      ' keep',
      '-old',
      '+new',
      ' keep',
      '',
    ].join('\n');
    expect(classifyDiffLines(diff).map((line) => line.kind)).toEqual(['file', 'file', 'file', 'hunk', 'context', 'removed', 'added', 'context']);
  });

  it('counts the hunk lines, so a removed `-- x` or an added `++ y` is not a file header', () => {
    const diff = ['--- a/notes.md', '+++ b/notes.md', '@@ -1,2 +1,2 @@', '--- a rule', '+++ a heading', ' tail', '\\ No newline at end of file', '--- a/b.md', '+++ b/b.md', '@@ -1 +1 @@', '-x', '+y'].join('\n');
    expect(classifyDiffLines(diff).map((line) => line.kind)).toEqual([
      'file',
      'file',
      'hunk',
      'removed',
      'added',
      'context',
      'context',
      'file',
      'file',
      'hunk',
      'removed',
      'added',
    ]);
  });

  it('shows nothing for an empty diff', () => {
    expect(classifyDiffLines('')).toEqual([]);
  });
});
