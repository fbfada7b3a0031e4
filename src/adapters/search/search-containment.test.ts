import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeOutsideSecret, makeSymlink } from '../../../test/support/special-files.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { createTextSearcher } from './create-text-searcher.js';
import type { TextSearcher } from './create-text-searcher.js';
import { findRipgrep } from './find-ripgrep.js';

// Issue 15, items 10 and 11: search_text must stay inside the folder that was checked, in both engines.
const engines: { name: string; searcher: () => TextSearcher }[] = [];
let ripgrep: { path: string } | null = null;

beforeAll(async () => {
  ripgrep = await findRipgrep({});
});

engines.push({ name: 'node', searcher: () => createTextSearcher({ ripgrep: null }) });
engines.push({
  name: 'ripgrep',
  searcher: () => {
    if (ripgrep === null) throw new Error('ripgrep is not installed here: the bundled @vscode/ripgrep is expected');
    return createTextSearcher({ ripgrep });
  },
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe.each(engines)('search_text containment ($name engine)', ({ searcher }) => {
  it('finds nothing outside when the searched directory was swapped for a symlink after the check', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'inside needle\n' } });
    const secret = makeOutsideSecret('outside needle SECRET\n');
    cleanups.push(secret.dispose);
    const checked = workspace.path('src');
    // The scope resolved and checked `src`; now it is swapped before the engine runs.
    fs.rmSync(checked, { recursive: true });
    makeSymlink(checked, path.dirname(secret.file));
    // Either nothing is found or the search refuses the changed root; nothing from outside either way.
    const outcome = await searcher()
      .searchText({ query: 'needle', root: checked })
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (outcome instanceof Error) expect(outcome).toMatchObject({ reason: 'changed-during-access' });
    else expect(outcome.matches).toEqual([]);
    expect(String(outcome instanceof Error ? outcome.message : JSON.stringify(outcome))).not.toContain('SECRET');
  });

  it('finds nothing outside when a directory below the root was swapped for a symlink', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'inside needle\n', 'src/deep/b.ts': 'inside needle\n' } });
    const secret = makeOutsideSecret('outside needle SECRET\n');
    cleanups.push(secret.dispose);
    fs.rmSync(workspace.path('src/deep'), { recursive: true });
    makeSymlink(workspace.path('src/deep'), path.dirname(secret.file));
    const result = await searcher().searchText({ query: 'needle', root: workspace.root });
    expect(result.matches.map((match) => match.path)).toEqual(['src/a.ts']);
    expect(JSON.stringify(result)).not.toContain('SECRET');
  });

  it('skips a file with more than one hard link (its other name may be outside)', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'inside needle\n' } });
    const secret = makeOutsideSecret('outside needle SECRET\n');
    cleanups.push(secret.dispose);
    try {
      fs.linkSync(secret.file, workspace.path('planted.txt'));
    } catch {
      // A temp dir on another filesystem than the workspace cannot hold the link: link inside instead.
      fs.writeFileSync(workspace.path('own.txt'), 'outside needle SECRET\n');
      fs.linkSync(workspace.path('own.txt'), workspace.path('planted.txt'));
    }
    const result = await searcher().searchText({ query: 'needle', root: workspace.root });
    expect(result.matches.map((match) => match.path)).toEqual(['a.ts']);
  });
});
