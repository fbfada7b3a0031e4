import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { OutsideWorkspaceError, isPathInside } from '../../core/index.js';
import { removeFile } from './remove-file.js';

describe('removeFile', () => {
  it('removes a regular file', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/new.ts': 'x' } });
    await removeFile({ path: workspace.path('src/new.ts'), isContained: (real) => isPathInside(real, workspace.root, false) });
    expect(fs.existsSync(workspace.path('src/new.ts'))).toBe(false);
  });

  it('refuses a symlink and leaves both the link and its target', async () => {
    await using base = await createTempWorkspace({ files: { 'ws/.keep': '', 'outside/secret.txt': 'TOP-SECRET' } });
    fs.symlinkSync(base.path('outside/secret.txt'), base.path('ws/link.txt'));
    await expect(removeFile({ path: base.path('ws/link.txt'), isContained: (real) => isPathInside(real, base.path('ws'), false) })).rejects.toMatchObject({
      reason: 'not-a-regular-file',
    });
    expect(fs.lstatSync(base.path('ws/link.txt')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(base.path('outside/secret.txt'), 'utf8')).toBe('TOP-SECRET');
  });

  it.each([
    { name: 'a directory', relative: 'src', reason: 'is-a-directory' },
    { name: 'a missing file', relative: 'src/missing.ts', reason: 'not-found' },
    { name: 'a file in a missing directory', relative: 'gone/missing.ts', reason: 'not-found' },
  ])('refuses $name', async ({ relative, reason }) => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'x' } });
    await expect(removeFile({ path: workspace.path(relative), isContained: (real) => isPathInside(real, workspace.root, false) })).rejects.toMatchObject({ reason });
    expect(fs.existsSync(workspace.path('src/a.ts'))).toBe(true);
  });

  it('refuses a file whose real parent is outside the workspace', async () => {
    await using base = await createTempWorkspace({ files: { 'ws/.keep': '', 'outside/secret.txt': 'TOP-SECRET' } });
    fs.symlinkSync(base.path('outside'), base.path('ws/escape'));
    const error = await removeFile({ path: base.path('ws/escape/secret.txt'), isContained: (real) => isPathInside(real, base.path('ws'), false) }).catch(
      (caught: unknown) => caught,
    );
    expect(OutsideWorkspaceError.isInstance(error)).toBe(true);
    expect(fs.existsSync(base.path('outside/secret.txt'))).toBe(true);
  });
});
