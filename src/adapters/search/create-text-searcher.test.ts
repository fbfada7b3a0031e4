import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { createTextSearcher } from './create-text-searcher.js';
import { findRipgrep } from './find-ripgrep.js';

let workspace: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace({ files: { 'a.txt': 'find me\n' } });
});

afterAll(async () => {
  await workspace.dispose();
});

describe('createTextSearcher', () => {
  it('uses ripgrep when given a binary and the Node engine otherwise, with the same matches', async () => {
    const ripgrep = await findRipgrep({});
    const withRipgrep = createTextSearcher({ ripgrep });
    const withNode = createTextSearcher({ ripgrep: null });
    expect(withRipgrep.engine).toBe('ripgrep');
    expect(withNode.engine).toBe('node');
    const request = { query: 'find', root: workspace.root };
    const fromRipgrep = await withRipgrep.searchText(request);
    const fromNode = await withNode.searchText(request);
    expect(fromRipgrep.engine).toBe('ripgrep');
    expect(fromNode.engine).toBe('node');
    expect(fromNode.matches).toEqual([{ path: 'a.txt', line: 1, column: 1, text: 'find me' }]);
    expect(fromRipgrep.matches).toEqual(fromNode.matches);
  });
});
