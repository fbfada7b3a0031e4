import { describe, expect, it } from 'vitest';
import { docsWatchPaths } from './docs-watch-paths.js';

describe('docsWatchPaths', () => {
  it('watches each docs tree, and alone each directory from the root down to it with its .vitepress and .git/info', () => {
    expect(docsWatchPaths('/repo', ['site/docs', 'docs'])).toEqual({
      trees: ['/repo/site/docs', '/repo/docs'],
      dirs: ['/repo/site', '/repo/site/.vitepress', '/repo/site/.git/info', '/repo', '/repo/.vitepress', '/repo/.git/info'],
    });
  });

  it('watches the root as a tree when the docs are the root', () => {
    expect(docsWatchPaths('/repo', ['.'])).toEqual({ trees: ['/repo'], dirs: [] });
  });

  it('never watches a docs dir outside the workspace (the map refuses it)', () => {
    expect(docsWatchPaths('/repo', ['../elsewhere', '/etc', 'docs']).trees).toEqual(['/repo/docs']);
  });
});
