import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeOutsideSecret, makeSymlink } from '../../../test/support/special-files.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { pinSearchRoot } from './pin-search-root.js';

// Issue 15, item 11: ripgrep must search the directory that was checked, not what its path names later.
describe('pinSearchRoot', () => {
  it('gives a child the checked directory even after its path is swapped for a symlink to outside', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/inside.ts': '' } });
    const secret = makeOutsideSecret();
    const pinned = await pinSearchRoot(workspace.path('src'));
    try {
      fs.renameSync(workspace.path('src'), workspace.path('moved'));
      makeSymlink(workspace.path('src'), path.dirname(secret.file));
      const listed = execFileSync('ls', ['-A'], { cwd: pinned.cwd, encoding: 'utf8' });
      expect(listed.split('\n').filter(Boolean)).toEqual(['inside.ts']);
    } finally {
      await pinned.close();
      secret.dispose();
    }
  });

  it('refuses a root that is already a symlink, or not a directory', async () => {
    await using workspace = await createTempWorkspace({ files: { 'real/a.ts': '', 'file.txt': '' } });
    makeSymlink(workspace.path('link'), workspace.path('real'));
    await expect(pinSearchRoot(workspace.path('link'))).rejects.toMatchObject({ reason: 'changed-during-access' });
    await expect(pinSearchRoot(workspace.path('file.txt'))).rejects.toMatchObject({ reason: 'changed-during-access' });
  });
});
