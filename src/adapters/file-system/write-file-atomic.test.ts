import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { OutsideWorkspaceError, isPathInside } from '../../core/index.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** A temp dir holding the workspace `ws/` and a sibling `outside/` with a secret. */
async function createLayout(): Promise<{ base: TempWorkspace; workspace: string; outside: string; secret: string }> {
  const base = await createTempWorkspace({ files: { 'ws/.keep': '', 'outside/secret.txt': 'TOP-SECRET' } });
  return { base, workspace: base.path('ws'), outside: base.path('outside'), secret: base.path('outside/secret.txt') };
}

function insideOf(root: string): (realPath: string) => boolean {
  return (realPath) => isPathInside(realPath, root, false);
}

function tempFilesIn(directory: string): string[] {
  return fs.readdirSync(directory).filter((name) => name.includes('.brass-'));
}

describe('writeFileAtomic', () => {
  it.each([
    { name: 'plain text', content: 'export const a = 1;\n' },
    { name: 'an empty string', content: '' },
    { name: 'a BOM, CRLF and non-ASCII', content: '\uFEFFline € 😀\r\nnext\r\n' },
  ])('creates a file with $name, byte for byte, leaving no temp file', async ({ content }) => {
    await using workspace = await createTempWorkspace();
    await writeFileAtomic({ path: workspace.path('new.ts'), content, isContained: insideOf(workspace.root) });
    expect(fs.readFileSync(workspace.path('new.ts'))).toEqual(Buffer.from(content, 'utf8'));
    expect(tempFilesIn(workspace.root)).toEqual([]);
  });

  it('replaces an existing file, keeping its exact mode', async () => {
    await using workspace = await createTempWorkspace({ files: { 'script.sh': 'echo old, and much longer than the new content\n' } });
    // 0o777: any usual umask would strip some of these bits from a freshly created file.
    fs.chmodSync(workspace.path('script.sh'), 0o777);
    await writeFileAtomic({ path: workspace.path('script.sh'), content: 'echo new\n', isContained: insideOf(workspace.root) });
    expect(fs.readFileSync(workspace.path('script.sh'), 'utf8')).toBe('echo new\n');
    expect(fs.statSync(workspace.path('script.sh')).mode & 0o7777).toBe(0o777);
    expect(tempFilesIn(workspace.root)).toEqual([]);
  });

  it('creates missing parent directories inside the workspace', async () => {
    await using workspace = await createTempWorkspace();
    await writeFileAtomic({ path: workspace.path('src/deep/new.ts'), content: 'x', isContained: insideOf(workspace.root) });
    expect(fs.readFileSync(workspace.path('src/deep/new.ts'), 'utf8')).toBe('x');
  });

  it('refuses a symlink target instead of writing through it', async () => {
    const { base, workspace, secret } = await createLayout();
    await using _base = base;
    fs.symlinkSync(secret, path.join(workspace, 'link.txt'));
    await expect(writeFileAtomic({ path: path.join(workspace, 'link.txt'), content: 'pwned', isContained: insideOf(workspace) })).rejects.toMatchObject({
      reason: 'not-a-regular-file',
      message: `${path.join(workspace, 'link.txt')} is a symbolic link, not a regular file`,
    });
    expect(fs.readFileSync(secret, 'utf8')).toBe('TOP-SECRET');
    expect(fs.lstatSync(path.join(workspace, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(tempFilesIn(workspace)).toEqual([]);
  });

  it.each([
    { name: 'a FIFO', make: (target: string) => execFileSync('mkfifo', [target]), reason: 'not-a-regular-file' },
    { name: 'a directory', make: (target: string) => fs.mkdirSync(target), reason: 'is-a-directory' },
  ])('refuses $name as target', async ({ make, reason }) => {
    await using workspace = await createTempWorkspace();
    make(workspace.path('target'));
    await expect(writeFileAtomic({ path: workspace.path('target'), content: 'x', isContained: insideOf(workspace.root) })).rejects.toMatchObject({ reason });
    expect(tempFilesIn(workspace.root)).toEqual([]);
  });

  it.each([
    { name: 'a parent outside the workspace', relative: '../outside/new.txt', created: 'outside/new.txt' },
    { name: 'a parent that is a symlink leaving the workspace', relative: 'escape/new.txt', created: 'outside/new.txt' },
    { name: 'missing parents under a symlink leaving the workspace', relative: 'escape/deep/new.txt', created: 'outside/deep' },
  ])('refuses $name and creates nothing', async ({ relative, created }) => {
    const { base, workspace, outside } = await createLayout();
    await using _base = base;
    fs.symlinkSync(outside, path.join(workspace, 'escape'));
    const error = await writeFileAtomic({ path: path.join(workspace, relative), content: 'x', isContained: insideOf(workspace) }).catch((caught: unknown) => caught);
    expect(OutsideWorkspaceError.isInstance(error)).toBe(true);
    expect(fs.existsSync(base.path(created))).toBe(false);
    expect(fs.readdirSync(outside)).toEqual(['secret.txt']);
  });

  it('refuses a parent that is a regular file', async () => {
    await using workspace = await createTempWorkspace({ files: { 'file.txt': 'x' } });
    await expect(writeFileAtomic({ path: workspace.path('file.txt/new.txt'), content: 'x', isContained: insideOf(workspace.root) })).rejects.toMatchObject({
      reason: 'not-a-directory',
    });
  });

  it('removes the temp file and keeps the old content when the rename fails', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'old' } });
    const target = workspace.path('a.txt');
    const writing = writeFileAtomic(
      { path: target, content: 'new', isContained: insideOf(workspace.root) },
      {
        beforeRename: async () => {
          // A directory appearing at the target makes the rename fail (EISDIR).
          fs.renameSync(target, workspace.path('a.txt.saved'));
          fs.mkdirSync(target);
          fs.writeFileSync(path.join(target, 'child'), 'x');
        },
      },
    );
    await expect(writing).rejects.toMatchObject({ path: target });
    expect(tempFilesIn(workspace.root)).toEqual([]);
    expect(fs.readFileSync(workspace.path('a.txt.saved'), 'utf8')).toBe('old');
  });

  it('keeps the temp name short for a very long file name', async () => {
    await using workspace = await createTempWorkspace();
    const name = `${'n'.repeat(250)}.ts`;
    await writeFileAtomic({ path: workspace.path(name), content: 'x', isContained: insideOf(workspace.root) });
    expect(fs.readFileSync(workspace.path(name), 'utf8')).toBe('x');
  });
});
