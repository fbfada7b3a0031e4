import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckpointManifest } from '../../core/index.js';
import { checkpointDirectory } from './checkpoint-directory.js';
import { KEPT_MANIFESTS_PER_WORKSPACE, createFileCheckpointStore } from './file-checkpoint-store.js';

async function tempDirectory(): Promise<{ root: string } & AsyncDisposable> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-checkpoints-')));
  return { root, [Symbol.asyncDispose]: async () => fs.rmSync(root, { recursive: true, force: true }) };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function manifest(id: string, workspaceRoot: string): CheckpointManifest {
  return { id, runId: 'run-1', workspaceRoot, createdAt: '2030-01-02T03:04:05.678Z', files: [{ path: 'src/a.ts', sha256: sha('a'), sizeBytes: 1, modifiedMs: 1234.5678, mode: 0o644 }] };
}

describe('createFileCheckpointStore', () => {
  it('stores each distinct content once, privately, and reads it back verified', async () => {
    await using temp = await tempDirectory();
    const workspace = path.join(temp.root, 'ws');
    fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'src/a.txt'), 'same\n');
    fs.writeFileSync(path.join(workspace, 'src/b.txt'), 'same\n', { mode: 0o755 });
    fs.chmodSync(path.join(workspace, 'src/b.txt'), 0o755);
    const store = createFileCheckpointStore({ directory: path.join(temp.root, 'store') });
    const isContained = (real: string) => real.startsWith(workspace);
    const a = await store.captureFile({ path: path.join(workspace, 'src/a.txt'), isContained, keep: true });
    const b = await store.captureFile({ path: path.join(workspace, 'src/b.txt'), isContained, keep: true });
    expect(a).toMatchObject({ sha256: sha('same\n'), sizeBytes: 5, mode: 0o644 & ~process.umask() });
    expect(b).toMatchObject({ sha256: sha('same\n'), mode: 0o755 });
    const blobs = (fs.readdirSync(path.join(temp.root, 'store/blobs'), { recursive: true }) as string[]).filter((name) => name.endsWith(sha('same\n')));
    expect(blobs).toHaveLength(1);
    expect(fs.statSync(path.join(temp.root, 'store/blobs', blobs[0]!)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(temp.root, 'store')).mode & 0o777).toBe(0o700);
    expect(Buffer.from(await store.readBlob(sha('same\n'))).toString()).toBe('same\n');
    expect(await store.hasBlob(sha('same\n'), 5)).toBe(true);
    expect(await store.hasBlob(sha('other'), 5)).toBe(false);
    // Only hashing stores nothing.
    fs.writeFileSync(path.join(workspace, 'src/c.txt'), 'hash only\n');
    await store.captureFile({ path: path.join(workspace, 'src/c.txt'), isContained, keep: false });
    await expect(store.readBlob(sha('hash only\n'))).rejects.toMatchObject({ code: 'checkpoint-corrupt' });
  });

  it('captures no symlink, missing file or file outside, and detects a damaged blob', async () => {
    await using temp = await tempDirectory();
    const workspace = path.join(temp.root, 'ws');
    fs.mkdirSync(workspace);
    fs.writeFileSync(path.join(temp.root, 'secret'), 'outside\n');
    fs.symlinkSync(path.join(temp.root, 'secret'), path.join(workspace, 'link'));
    const store = createFileCheckpointStore({ directory: path.join(temp.root, 'store') });
    const isContained = (real: string) => real === workspace || real.startsWith(`${workspace}/`);
    expect(await store.captureFile({ path: path.join(workspace, 'link'), isContained, keep: true })).toBeNull();
    expect(await store.captureFile({ path: path.join(workspace, 'missing'), isContained, keep: true })).toBeNull();
    await expect(store.captureFile({ path: path.join(temp.root, 'secret'), isContained, keep: true })).rejects.toMatchObject({ code: 'outside-workspace' });

    fs.writeFileSync(path.join(workspace, 'a'), 'A\n');
    await store.captureFile({ path: path.join(workspace, 'a'), isContained, keep: true });
    const blob = path.join(temp.root, 'store/blobs', sha('A\n').slice(0, 2), sha('A\n'));
    fs.writeFileSync(blob, 'B\n');
    await expect(createFileCheckpointStore({ directory: path.join(temp.root, 'store') }).readBlob(sha('A\n'))).rejects.toThrow(/is damaged: blob [0-9a-f]{12} does not match its hash; nothing was restored/);
  });

  it('writes manifests and the last-run record durably, keeps the newest manifests, and calls a torn file damaged', async () => {
    await using temp = await tempDirectory();
    const store = createFileCheckpointStore({ directory: temp.root });
    for (const id of ['one', 'two', 'three']) {
      await store.writeManifest(manifest(id, '/srv/app'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await store.readManifest('/srv/app', 'three')).toEqual(manifest('three', '/srv/app'));
    const folder = path.dirname((fs.readdirSync(temp.root, { recursive: true }) as string[]).find((name) => name.endsWith('three.json'))!);
    expect(fs.readdirSync(path.join(temp.root, folder)).sort()).toHaveLength(KEPT_MANIFESTS_PER_WORKSPACE);
    await expect(store.readManifest('/srv/app', 'one')).rejects.toMatchObject({ code: 'checkpoint-corrupt', message: expect.stringContaining('checkpoint one is missing') });
    await expect(store.readManifest('/srv/other', 'three')).rejects.toMatchObject({ code: 'checkpoint-corrupt' });

    expect(await store.readLastRun('/srv/app')).toBeNull();
    const record = { workspaceRoot: '/srv/app', runId: 'run-1', checkpointId: 'three', finishedAt: null, changes: null, undoneAt: null };
    await store.writeLastRun(record);
    expect(await store.readLastRun('/srv/app')).toEqual(record);
    const done = { ...record, finishedAt: '2030-01-02T03:04:06.000Z', changes: [{ path: 'a', before: null, after: { sha256: sha('a'), mode: 0o644 } }] };
    await store.writeLastRun(done);
    expect(await store.readLastRun('/srv/app')).toEqual(done);
    fs.writeFileSync(path.join(temp.root, path.dirname(folder), 'last-run.json'), '{"version":1,"work');
    await expect(store.readLastRun('/srv/app')).rejects.toMatchObject({ code: 'checkpoint-corrupt', message: expect.stringContaining('last-run.json does not parse') });
    await expect(store.writeManifest(manifest('../escape', '/srv/app'))).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('restores bytes and mode atomically, creating missing folders inside only, and removes files', async () => {
    await using temp = await tempDirectory();
    const workspace = path.join(temp.root, 'ws');
    fs.mkdirSync(workspace);
    const store = createFileCheckpointStore({ directory: path.join(temp.root, 'store') });
    const isContained = (real: string) => real === workspace || real.startsWith(`${workspace}/`);
    const target = path.join(workspace, 'deep/er/run.sh');
    await store.restoreFile({ path: target, content: Buffer.from([0, 1, 2]), mode: 0o750, isContained });
    expect(fs.readFileSync(target)).toEqual(Buffer.from([0, 1, 2]));
    expect(fs.statSync(target).mode & 0o777).toBe(0o750);
    await store.restoreFile({ path: target, content: Buffer.from('again'), mode: 0o600, isContained });
    expect([fs.readFileSync(target, 'utf8'), fs.statSync(target).mode & 0o777]).toEqual(['again', 0o600]);
    expect(fs.readdirSync(path.dirname(target))).toEqual(['run.sh']);
    await expect(store.restoreFile({ path: path.join(temp.root, 'outside/x'), content: Buffer.from('x'), mode: 0o644, isContained })).rejects.toMatchObject({ code: 'outside-workspace' });
    expect(fs.existsSync(path.join(temp.root, 'outside'))).toBe(false);
    await store.removeFile({ path: target, isContained });
    await store.removeFile({ path: target, isContained });
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe('checkpointDirectory', () => {
  it('uses an absolute XDG_STATE_HOME, else ~/.local/state', () => {
    expect(checkpointDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me')).toBe('/var/state/me/brass-agent/checkpoints');
    expect(checkpointDirectory({ XDG_STATE_HOME: 'relative' }, '/home/me')).toBe('/home/me/.local/state/brass-agent/checkpoints');
  });
});
