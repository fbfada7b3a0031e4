import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFifo, makeOutsideSecret, makeSymlink } from '../../../test/support/special-files.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { findRipgrep } from './find-ripgrep.js';
import { loadIgnoreLevel } from './ignore-levels.js';
import { searchWithRipgrep } from './ripgrep-search.js';
import { searchWithNode } from './node-search.js';
import { walkFiles } from './walk-files.js';

async function walkedPaths(root: string): Promise<string[]> {
  const paths: string[] = [];
  for await (const entry of walkFiles({ root })) paths.push(entry.path);
  return paths;
}

describe('ignore files that are not regular files (issue 15, item 21)', () => {
  it('walks and searches past a FIFO named .gitignore, .ignore or .rgignore instead of blocking on it', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'needle\n', 'sub/b.txt': 'needle\n', 'other/c.txt': 'needle\n' } });
    makeFifo(workspace.path('sub/.gitignore'));
    makeFifo(workspace.path('.ignore'));
    makeFifo(workspace.path('other/.rgignore'));
    expect(await walkedPaths(workspace.root)).toEqual(['a.txt', 'other', 'other/c.txt', 'sub', 'sub/b.txt']);
    const result = await searchWithNode({ query: 'needle', root: workspace.root });
    expect(result.matches.map((match) => match.path)).toEqual(['a.txt', 'other/c.txt', 'sub/b.txt']);
  });

  it('lets the Node engine answer when ripgrep would block on such a file', async () => {
    const ripgrep = await findRipgrep({});
    expect(ripgrep, 'the bundled @vscode/ripgrep is expected here').not.toBeNull();
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'needle\n', 'sub/b.txt': 'needle\n', 'sub/.ignore': 'b.txt\n' } });
    makeFifo(workspace.path('sub/.gitignore'));
    const result = await searchWithRipgrep(ripgrep!.path, { query: 'needle', root: workspace.root });
    expect(result).toMatchObject({ engine: 'node', matches: [{ path: 'a.txt' }] });
    fs.rmSync(workspace.path('sub/.gitignore'));
    expect(await searchWithRipgrep(ripgrep!.path, { query: 'needle', root: workspace.root })).toMatchObject({ engine: 'ripgrep', matches: [{ path: 'a.txt' }] });
  });

  it('does not block on a FIFO at .git/info/exclude', async () => {
    await using workspace = await createTempWorkspace({ files: { '.git/HEAD': 'ref: refs/heads/main\n', 'a.txt': 'x' } });
    makeFifo(workspace.path('.git/info/exclude'));
    expect(await walkedPaths(workspace.root)).toEqual(['a.txt']);
  });

  it('does not follow a symlinked .gitignore (as git does not) nor a .git/info leading elsewhere', async () => {
    await using workspace = await createTempWorkspace({ files: { 'rules.txt': 'a.txt\n', 'a.txt': 'x', '.git/HEAD': 'ref: refs/heads/main\n' } });
    const outside = makeOutsideSecret('rules.txt\n');
    try {
      makeSymlink(workspace.path('.gitignore'), workspace.path('rules.txt'));
      fs.writeFileSync(path.join(path.dirname(outside.file), 'exclude'), 'a.txt\n');
      makeSymlink(workspace.path('.git/info'), path.dirname(outside.file));
      const names = new Map<string, 'file' | 'directory' | 'other'>([
        ['.gitignore', 'other'],
        ['.git', 'directory'],
      ]);
      expect(loadIgnoreLevel(workspace.root, '', names)).toBeNull();
    } finally {
      outside.dispose();
    }
  });
});
