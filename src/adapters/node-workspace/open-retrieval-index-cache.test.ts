import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { openRetrievalIndexCache } from './open-retrieval-index-cache.js';
import { openWorkspace } from './open-workspace.js';

describe('openRetrievalIndexCache', () => {
  it('puts the cache under XDG_CACHE_HOME, and refuses a cache directory inside the workspace', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'export const a = 1;\n' } });
    await using cacheHome = await createTempWorkspace();
    const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
    const outside = openRetrievalIndexCache(opened, { XDG_CACHE_HOME: cacheHome.root });
    expect(outside.warning).toBeNull();
    expect(outside.cache?.directory).toBe(path.join(cacheHome.root, 'brass-agent', 'retrieval-index'));
    const inside = openRetrievalIndexCache(opened, { XDG_CACHE_HOME: workspace.path('.cache') });
    expect(inside).toEqual({ cache: null, warning: expect.stringMatching(/inside the workspace; the index is not cached/) });
  });
});
