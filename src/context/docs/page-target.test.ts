import { describe, expect, it } from 'vitest';
import { isInternalDocsPath, targetOfPath, targetPriority } from './page-target.js';

describe('page targets', () => {
  it.each([
    ['guides/install.md', 'guides/install', false],
    ['guides/index.md', 'guides', false],
    // Issue 20: Hugo's section page is the section's own page, and at the top the home page.
    ['functions/_index.md', 'functions', false],
    ['functions/strings/_index.md', 'functions/strings', false],
    ['_index.md', 'index', false],
    ['_drafts/plan.md', '_drafts/plan', true],
    ['_drafts/_index.md', '_drafts', true],
    ['guides/_partial.md', 'guides/_partial', true],
  ])('%s → %s (internal: %s)', (path, target, isInternal) => {
    expect(targetOfPath(path)).toBe(target);
    expect(isInternalDocsPath(path)).toBe(isInternal);
  });

  it('ranks the pages that may own a directory: index, then _index, then README, then x.md', () => {
    expect(['x/index.md', 'x/_index.md', 'x/README.md', 'x.md'].map(targetPriority)).toEqual([0, 1, 2, 3]);
    expect(targetPriority('index.md')).toBeLessThan(targetPriority('_index.md'));
  });
});
