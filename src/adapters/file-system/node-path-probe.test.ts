import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { FileAccessError } from '../../core/index.js';
import { createNodePathProbe } from './node-path-probe.js';

describe('createNodePathProbe', () => {
  it('resolves a chain of symlinks to the canonical path', async () => {
    await using workspace = await createTempWorkspace({ files: { 'real/file.txt': 'x' } });
    fs.symlinkSync(workspace.path('real'), workspace.path('dir-link'));
    fs.symlinkSync(workspace.path('dir-link/file.txt'), workspace.path('file-link'));
    const probe = createNodePathProbe();
    expect(await probe.realpath(workspace.path('file-link'))).toBe(workspace.path('real/file.txt'));
    expect(await probe.realpath(workspace.path('dir-link/../real'))).toBe(workspace.path('real'));
  });

  it.each([
    { name: 'a missing file', relative: 'missing.txt' },
    { name: 'a path under a file', relative: 'file.txt/child' },
    { name: 'a dangling symlink', relative: 'dangling' },
  ])('returns null for $name', async ({ relative }) => {
    await using workspace = await createTempWorkspace({ files: { 'file.txt': 'x' } });
    fs.symlinkSync(workspace.path('nowhere'), workspace.path('dangling'));
    expect(await createNodePathProbe().realpath(workspace.path(relative))).toBeNull();
  });

  it('throws symlink-loop for a loop', async () => {
    await using workspace = await createTempWorkspace();
    fs.symlinkSync(workspace.path('loop-b'), workspace.path('loop-a'));
    fs.symlinkSync(workspace.path('loop-a'), workspace.path('loop-b'));
    const error = await createNodePathProbe().realpath(workspace.path('loop-a/x')).catch((caught: unknown) => caught);
    expect(FileAccessError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'symlink-loop', message: `${workspace.path('loop-a/x')} is part of a symlink loop` });
  });

  it('finds this Linux temp directory case-sensitive, probing once per directory', async () => {
    await using workspace = await createTempWorkspace({ files: { 'mixed/Name.txt': 'x' } });
    const target = workspace.path('mixed/Name.txt');
    const probe = createNodePathProbe();
    expect(await probe.isCaseInsensitive(target)).toBe(false);
    // A hard link spelled in the flipped case makes a fresh probe see "the same entry".
    fs.linkSync(target, workspace.path('mixed/nAME.TXT'));
    expect(await probe.isCaseInsensitive(target)).toBe(false);
    expect(await createNodePathProbe().isCaseInsensitive(target)).toBe(true);
  });

  it('does not take a symlink spelled in the other case for the same entry', async () => {
    await using workspace = await createTempWorkspace({ files: { 'project/a.txt': 'x' } });
    fs.symlinkSync(workspace.path('project'), workspace.path('PROJECT'));
    expect(await createNodePathProbe().isCaseInsensitive(workspace.path('project'))).toBe(false);
  });

  it('answers false for a directory without a cased letter', async () => {
    expect(await createNodePathProbe().isCaseInsensitive('/')).toBe(false);
  });

  it('rejects for a missing directory and does not cache the failure', async () => {
    await using workspace = await createTempWorkspace();
    const probe = createNodePathProbe();
    await expect(probe.isCaseInsensitive(workspace.path('later'))).rejects.toMatchObject({ reason: 'not-found' });
    fs.mkdirSync(workspace.path('later'));
    expect(await probe.isCaseInsensitive(workspace.path('later'))).toBe(false);
  });

  it('takes the home directory from the OS', () => {
    expect(createNodePathProbe().homeDir).toBe(os.homedir());
  });
});
