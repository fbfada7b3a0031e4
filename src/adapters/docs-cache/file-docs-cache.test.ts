import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { docsCacheDirectory } from './docs-cache-directory.js';
import { createFileDocsCache } from './file-docs-cache.js';

const SLOT = '0123456789abcdef0123456789abcdef';

describe('docsCacheDirectory', () => {
  it.each([
    [{ XDG_CACHE_HOME: '/var/cache/me' }, '/var/cache/me/brass-agent/docs-index'],
    [{ XDG_CACHE_HOME: 'relative/cache' }, '/home/me/.cache/brass-agent/docs-index'],
    [{}, '/home/me/.cache/brass-agent/docs-index'],
  ])('puts the cache under %j', (env, expected) => {
    expect(docsCacheDirectory(env, '/home/me')).toBe(expected);
  });
});

describe('createFileDocsCache', () => {
  it('reads nothing before the first write, then the bytes written, private to the user', async () => {
    await using temp = await createTempWorkspace();
    const directory = path.join(temp.root, 'cache', 'docs-index');
    const cache = createFileDocsCache({ directory });
    expect(await cache.read(SLOT)).toBeNull();
    await cache.write(SLOT, new Uint8Array([1, 2, 3]));
    await cache.write(SLOT, new Uint8Array([4, 5]));
    expect([...((await cache.read(SLOT)) ?? [])]).toEqual([4, 5]);
    expect(fs.statSync(path.join(directory, `${SLOT}.bin`)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(directory).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(directory)).toEqual([`${SLOT}.bin`]);
  });

  it.each(['../escape', 'ABCDEF0123456789', 'short', `${SLOT}/x`])('refuses the slot name %j', async (slot) => {
    await using temp = await createTempWorkspace();
    const cache = createFileDocsCache({ directory: temp.root });
    await expect(cache.read(slot)).rejects.toThrow(/slot: must be a lowercase hex digest/);
    await expect(cache.write(slot, new Uint8Array([1]))).rejects.toThrow(/slot/);
  });

  it('never follows a symlink planted as an entry', async () => {
    await using temp = await createTempWorkspace({ files: { 'target.bin': 'secret' } });
    fs.mkdirSync(temp.path('cache'));
    fs.symlinkSync(temp.path('target.bin'), temp.path(`cache/${SLOT}.bin`));
    await expect(createFileDocsCache({ directory: temp.path('cache') }).read(SLOT)).rejects.toThrow(/cannot be opened/);
  });

  it('reports a directory it cannot create', async () => {
    await using temp = await createTempWorkspace({ files: { blocker: 'a file where the directory should be' } });
    const cache = createFileDocsCache({ directory: temp.path('blocker/docs-index') });
    await expect(cache.write(SLOT, new Uint8Array([1]))).rejects.toThrow(/cannot be written \(ENOTDIR\)/);
  });

  it('prunes the entries a predicate on their first bytes calls stale, and nothing else', async () => {
    await using temp = await createTempWorkspace({ files: { 'outside.bin': 'old-version bytes' } });
    const directory = temp.path('cache');
    const cache = createFileDocsCache({ directory });
    const [current, old, linked] = ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)];
    await cache.write(current, new TextEncoder().encode('new-version bytes'));
    await cache.write(old, new TextEncoder().encode('old-version bytes'));
    fs.writeFileSync(path.join(directory, 'notes.bin'), 'old-version bytes'); // not an entry name
    fs.symlinkSync(temp.path('outside.bin'), path.join(directory, `${linked}.bin`)); // a planted link is never read through
    const heads: string[] = [];
    const removed = await cache.prune((head) => {
      heads.push(new TextDecoder().decode(head));
      return new TextDecoder().decode(head).startsWith('old-version');
    });
    expect(removed).toBe(1);
    expect(heads.sort()).toEqual(['new-version bytes', 'old-version bytes']);
    expect(fs.readdirSync(directory).sort()).toEqual([`${current}.bin`, `${linked}.bin`, 'notes.bin']);
    expect(fs.readFileSync(temp.path('outside.bin'), 'utf8')).toBe('old-version bytes');
    // No directory yet: nothing to prune, no error.
    expect(await createFileDocsCache({ directory: temp.path('missing') }).prune(() => true)).toBe(0);
  });
});
