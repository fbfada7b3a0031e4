import { describe, expect, it } from 'vitest';
import { createPathFilter } from './create-path-filter.js';

describe('createPathFilter', () => {
  const filter = createPathFilter({ excludeGlobs: ['.env*', 'secrets/**', '*.pem', 'config/private.json'] });

  it.each([
    ['src/a.ts', null],
    ['.env', 'excluded-glob'],
    ['config/.env.local', 'excluded-glob'],
    ['secrets/key.ts', 'excluded-glob'],
    ['nested/secrets/key.ts', 'excluded-glob'],
    ['certs/server.pem', 'excluded-glob'],
    ['config/private.json', 'excluded-glob'],
    ['config/public.json', null],
    ['node_modules/x/index.js', 'skipped-directory'],
    ['packages/a/node_modules/x/index.js', 'skipped-directory'],
    ['.git/config', 'skipped-directory'],
    ['dist/index.js', 'skipped-directory'],
    ['src/dist.ts', null],
  ])('%s → %s', (path, expected) => {
    expect(filter.exclusionOf(path)).toBe(expected);
  });

  it('hides what is under an excluded directory name', () => {
    expect(createPathFilter({ excludeGlobs: ['secrets'] }).isAllowed('secrets/a.ts')).toBe(false);
  });
});
