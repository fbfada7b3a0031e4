import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { createFileMemoryStore } from './file-memory-store.js';
import { memoryDirectory, workspaceMemoryDirectory } from './memory-directory.js';

function storeIn(root: string, workspace: string, bounds: { maxEntries?: number; maxBytes?: number } = {}, now?: () => Date) {
  return createFileMemoryStore({ root, workspace, maxEntries: bounds.maxEntries ?? 100, maxBytes: bounds.maxBytes ?? 1 << 20, ...(now === undefined ? {} : { now }) });
}

/** A clock that moves one second per call, so ids are ordered as written. */
function tickingClock(): () => Date {
  let seconds = 0;
  return () => new Date(Date.UTC(2026, 11, 2, 3, 0, seconds++));
}

describe('memoryDirectory', () => {
  it('lies beside the sessions under the state directory, never in the workspace', () => {
    expect(memoryDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me')).toBe('/var/state/me/brass-agent/memory');
    expect(memoryDirectory({ XDG_STATE_HOME: 'relative' }, '/home/me')).toBe('/home/me/.local/state/brass-agent/memory');
  });

  it('keys a workspace by a hash of its real path, with a readable name', () => {
    const one = workspaceMemoryDirectory('/m', '/work/api');
    expect(one).toMatch(/^\/m\/workspaces\/api-[0-9a-f]{16}$/);
    expect(workspaceMemoryDirectory('/m', '/other/api')).not.toBe(one);
  });
});

describe('createFileMemoryStore', () => {
  it('writes entries as 0600 files in 0700 folders, records the workspace path, and lists them oldest first', async () => {
    await using temp = await createTempWorkspace();
    const store = storeIn(temp.path('memory'), '/work/api', {}, tickingClock());
    const first = await store.create('workspace', 'first\n');
    const second = await store.create('workspace', 'second\n');
    await store.create('user', 'mine\n');
    expect(first.id).toMatch(/^20261202-030000-[0-9a-f]{6}$/);
    const listing = await store.list('workspace');
    expect(listing.files.map((file) => file.text)).toEqual(['first\n', 'second\n']);
    expect(listing.files.map((file) => file.id)).toEqual([first.id, second.id]);
    expect((await store.list('user')).files.map((file) => file.text)).toEqual(['mine\n']);
    const directory = store.directoryOf('workspace');
    expect(fs.statSync(directory).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(directory, `${first.id}.md`)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(directory, 'workspace.json'), 'utf8'))).toEqual({ workspace: '/work/api' });
    // No temp file or lock is left behind.
    expect(fs.readdirSync(directory).sort()).toEqual([`${first.id}.md`, `${second.id}.md`, 'workspace.json']);
  });

  it('evicts the oldest entries past maxEntries and past maxBytes, and returns them', async () => {
    await using temp = await createTempWorkspace();
    const store = storeIn(temp.path('memory'), '/w', { maxEntries: 3, maxBytes: 40 }, tickingClock());
    const ids = [];
    for (const text of ['a\n', 'b\n', 'c\n']) ids.push((await store.create('workspace', text)).id);
    const fourth = await store.create('workspace', 'd\n');
    expect(fourth.evicted.map((file) => [file.id, file.text])).toEqual([[ids[0], 'a\n']]);
    const big = await store.create('workspace', `${'x'.repeat(37)}\n`);
    // 38 bytes new + 3 × 2 = 44 > 40: the two oldest go (40 bytes then), the new one stays.
    expect(big.evicted.map((file) => file.text)).toEqual(['b\n', 'c\n']);
    expect((await store.list('workspace')).files.map((file) => file.text)).toEqual(['d\n', `${'x'.repeat(37)}\n`]);
  });

  it('reports a corrupt entry file by name and keeps the others usable', async () => {
    await using temp = await createTempWorkspace();
    const store = storeIn(temp.path('memory'), '/w', {}, tickingClock());
    const good = await store.create('workspace', 'good\n');
    const bad = await store.create('workspace', 'bad\n');
    const badFile = path.join(store.directoryOf('workspace'), `${bad.id}.md`);
    fs.writeFileSync(badFile, Buffer.from([0xff, 0xfe, 0x00]));
    const listing = await store.list('workspace');
    expect(listing.files.map((file) => file.id)).toEqual([good.id]);
    expect(listing.problems).toEqual([{ id: bad.id, file: badFile, message: `memory entry: ${badFile} is not UTF-8 text, so it is not a memory entry; fix or remove it` }]);
    await expect(store.read('workspace', bad.id)).rejects.toThrow(badFile);
    expect((await store.read('workspace', good.id))?.text).toBe('good\n');
  });

  it('never reads a FIFO or follows a symlink planted as an entry', async () => {
    await using temp = await createTempWorkspace();
    const store = storeIn(temp.path('memory'), '/w', {}, tickingClock());
    await store.create('workspace', 'kept\n');
    const directory = store.directoryOf('workspace');
    fs.writeFileSync(temp.path('secret'), 'not memory');
    fs.symlinkSync(temp.path('secret'), path.join(directory, '20261202-040000-aaaaaa.md'));
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(directory, '20261202-040001-bbbbbb.md')]);
    const listing = await store.list('workspace');
    expect(listing.files.map((file) => file.text)).toEqual(['kept\n']);
    expect(listing.problems.map((problem) => problem.message)).toEqual([expect.stringMatching(/is a symbolic link, not a memory entry/), expect.stringMatching(/is a FIFO, not a memory entry/)]);
  });

  it('refuses an oversized entry, a bad id, and a folder that belongs to another workspace', async () => {
    await using temp = await createTempWorkspace();
    const store = storeIn(temp.path('memory'), '/w');
    await expect(store.create('workspace', 'x'.repeat(70 * 1024))).rejects.toMatchObject({ code: 'too-large' });
    await expect(store.read('workspace', '../../etc/passwd')).rejects.toThrow(/is not a memory id/);
    await expect(store.replace('workspace', '20261202-040000-aaaaaa', 'x')).rejects.toMatchObject({ code: 'not-found' });
    expect(await store.remove('workspace', '20261202-040000-aaaaaa')).toBe(false);
    await store.create('workspace', 'mine\n');
    const directory = store.directoryOf('workspace');
    fs.writeFileSync(path.join(directory, 'workspace.json'), JSON.stringify({ workspace: '/elsewhere' }));
    await expect(store.list('workspace')).rejects.toThrow(/belongs to \/elsewhere, not \/w/);
  });

  it('replaces and removes an entry', async () => {
    await using temp = await createTempWorkspace();
    const store = storeIn(temp.path('memory'), '/w');
    const { id } = await store.create('user', 'old\n');
    await store.replace('user', id, 'new\n');
    expect((await store.read('user', id))?.text).toBe('new\n');
    expect(await store.remove('user', id)).toBe(true);
    expect(await store.read('user', id)).toBeNull();
  });
});
