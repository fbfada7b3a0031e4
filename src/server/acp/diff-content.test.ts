import { describe, expect, it } from 'vitest';
import { diffFile } from '../../agent/patch/index.js';
import { diffContent } from './diff-content.js';

describe('diffContent', () => {
  it('turns each file of a git-style diff into ACP diff content with absolute paths', () => {
    const modified = diffFile('src/a.ts', 'one\ntwo\nthree\n', 'one\nTWO\nthree\n').text;
    const added = diffFile('src/new.ts', null, 'fresh\n').text;
    expect(diffContent(modified + added, '/work/ws')).toEqual([
      { type: 'diff', path: '/work/ws/src/a.ts', oldText: 'one\ntwo\nthree\n', newText: 'one\nTWO\nthree\n' },
      { type: 'diff', path: '/work/ws/src/new.ts', oldText: null, newText: 'fresh\n' },
    ]);
  });

  it('gives nothing for text that is not a diff', () => {
    expect(diffContent('', '/work/ws')).toEqual([]);
  });
});
