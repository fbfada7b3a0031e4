import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { statPath } from './node-stat.js';

describe('statPath', () => {
  it.each([
    { name: 'a file', relative: 'a.txt', kind: 'file' },
    { name: 'a directory', relative: 'dir', kind: 'directory' },
    { name: 'a FIFO', relative: 'pipe', kind: 'fifo' },
    { name: 'a symlink, by its target', relative: 'link', kind: 'file' },
  ])('reports $name', async ({ relative, kind }) => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'hello', 'dir/.keep': '' } });
    execFileSync('mkfifo', [workspace.path('pipe')]);
    fs.symlinkSync(workspace.path('a.txt'), workspace.path('link'));
    const stat = await statPath(workspace.path(relative));
    expect(stat.kind).toBe(kind);
    expect(stat.modifiedMs).toBe(fs.statSync(workspace.path(relative)).mtimeMs);
  });

  it('reports size and a device', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'hello' } });
    expect((await statPath(workspace.path('a.txt'))).sizeBytes).toBe(5);
    expect((await statPath('/dev/null')).kind).toBe('device');
  });

  it.each([
    { name: 'a missing path', relative: 'missing', reason: 'not-found' },
    { name: 'a symlink loop', relative: 'loop', reason: 'symlink-loop' },
  ])('throws for $name', async ({ relative, reason }) => {
    await using workspace = await createTempWorkspace();
    fs.symlinkSync(workspace.path('loop'), workspace.path('loop'));
    await expect(statPath(workspace.path(relative))).rejects.toMatchObject({ reason, path: workspace.path(relative) });
  });
});
