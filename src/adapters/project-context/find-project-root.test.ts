import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { findProjectRoot } from './find-project-root.js';

describe('findProjectRoot', () => {
  it('finds the nearest ancestor with a .git directory', async () => {
    await using repo = await createTempWorkspace({ git: true, files: { 'packages/api/src/a.ts': '' } });
    expect(await findProjectRoot({ start: repo.path('packages/api/src'), markers: ['.git'] })).toEqual({ root: repo.root, marker: '.git' });
    expect(await findProjectRoot({ start: repo.root, markers: ['.git'] })).toEqual({ root: repo.root, marker: '.git' });
  });

  it('accepts a .git file (a worktree or submodule) and stops at the nearest marker', async () => {
    await using repo = await createTempWorkspace({ git: true, files: { 'vendor/sub/.git': 'gitdir: ../../.git/modules/sub\n', 'vendor/sub/x.ts': '' } });
    expect(await findProjectRoot({ start: repo.path('vendor/sub'), markers: ['.git'] })).toEqual({ root: repo.path('vendor/sub'), marker: '.git' });
  });

  it('honours configured markers in order of directories, not of markers', async () => {
    await using repo = await createTempWorkspace({ git: true, files: { 'app/.hg/keep': '', 'app/src/a.ts': '' } });
    expect(await findProjectRoot({ start: repo.path('app/src'), markers: ['.git', '.hg'] })).toEqual({ root: repo.path('app'), marker: '.hg' });
  });

  it('returns null when no ancestor has a marker', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a/b.ts': '' } });
    expect(await findProjectRoot({ start: workspace.path('a'), markers: ['.brass-test-marker-that-does-not-exist'] })).toBeNull();
  });

  it('rejects a marker that is a path', async () => {
    await using workspace = await createTempWorkspace();
    fs.mkdirSync(workspace.path('x'));
    await expect(findProjectRoot({ start: workspace.root, markers: ['../x'] })).rejects.toThrow(/not a plain file name/);
  });
});
