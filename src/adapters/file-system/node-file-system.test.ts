import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { isPathInside } from '../../core/index.js';
import type { ListRequest, SearchTextRequest } from '../../core/index.js';
import { createNodeFileSystem } from './node-file-system.js';

describe('createNodeFileSystem', () => {
  it('writes, stats, reads and removes through the composed service, delegating list and search', async () => {
    await using workspace = await createTempWorkspace();
    const listed: ListRequest[] = [];
    const searched: SearchTextRequest[] = [];
    const fileSystem = createNodeFileSystem({
      list: async (request) => {
        listed.push(request);
        return { entries: [{ path: 'a.txt', kind: 'file' }], truncated: false };
      },
      searchText: async (request) => {
        searched.push(request);
        return { matches: [], truncated: false, engine: 'node' };
      },
    });
    const isContained = (realPath: string): boolean => isPathInside(realPath, workspace.root, false);
    const target = workspace.path('a.txt');

    await fileSystem.writeFile({ path: target, content: 'hello', isContained });
    expect(await fileSystem.stat(target)).toMatchObject({ kind: 'file', sizeBytes: 5 });
    expect(await fileSystem.readFile({ path: target, maxBytes: 3, isContained })).toEqual({
      content: 'hel',
      bytes: 3,
      totalBytes: 5,
      truncated: true,
      encoding: 'utf8',
    });
    const listRequest: ListRequest = { path: workspace.root, root: workspace.root, isContained };
    expect((await fileSystem.list(listRequest)).entries).toEqual([{ path: 'a.txt', kind: 'file' }]);
    const searchRequest: SearchTextRequest = { query: 'hello', root: workspace.root };
    expect((await fileSystem.searchText(searchRequest)).engine).toBe('node');
    expect(listed).toEqual([listRequest]);
    expect(searched).toEqual([searchRequest]);
    await fileSystem.removeFile({ path: target, isContained });
    await expect(fileSystem.stat(target)).rejects.toMatchObject({ reason: 'not-found' });
  });
});
