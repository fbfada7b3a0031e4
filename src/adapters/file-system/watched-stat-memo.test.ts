import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../core/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { listFiles } from '../search/list-files.js';
import { STAT_MEMO_TTL_MS, type WatchedStatMemo, createWatchedStatMemo } from './watched-stat-memo.js';

let workspace: TempWorkspace | undefined;
let memo: WatchedStatMemo | null = null;

afterEach(async () => {
  memo?.close();
  memo = null;
  await workspace?.dispose();
  workspace = undefined;
});

async function setUp(files: Record<string, string>, options: { now?: () => number; maxDirectories?: number } = {}) {
  workspace = await createTempWorkspace({ files });
  memo = createWatchedStatMemo(options);
  if (memo === null) throw new Error('the stat memo exists on Linux');
  return { workspace, memo };
}

async function listWithStats(root: string, statMemo: WatchedStatMemo): Promise<Map<string, ListEntry>> {
  const result = await listFiles({ path: root, root, recursive: true, withStats: true, isContained: () => true }, { statMemo });
  return new Map(result.entries.map((entry) => [entry.path, entry]));
}

/** Reads stats straight from the disk: what a listing without the memo reports. */
function truth(root: string, relative: string) {
  const stats = fs.lstatSync(path.join(root, relative));
  return { sizeBytes: stats.size, modifiedMs: stats.mtimeMs };
}

function stampOf(entries: Map<string, ListEntry>, relative: string) {
  const entry = entries.get(relative);
  return entry === undefined ? undefined : { sizeBytes: entry.sizeBytes, modifiedMs: entry.modifiedMs };
}

describe('createWatchedStatMemo with listFiles', () => {
  it('states each file once while nothing changes, and the stamps are the disk\'s', async () => {
    const { workspace, memo } = await setUp({ 'src/a.ts': 'a', 'src/deep/b.ts': 'bb', 'README.md': 'r' });
    const first = await listWithStats(workspace.root, memo);
    expect(memo.counts).toEqual({ recalled: 0, stated: 3 });
    const second = await listWithStats(workspace.root, memo);
    expect(memo.counts).toEqual({ recalled: 3, stated: 3 });
    for (const file of ['src/a.ts', 'src/deep/b.ts', 'README.md']) {
      expect(stampOf(second, file)).toEqual(truth(workspace.root, file));
      expect(stampOf(second, file)).toEqual(stampOf(first, file));
    }
  });

  it('sees a file written in place and states only it again', async () => {
    const { workspace, memo } = await setUp({ 'src/a.ts': 'a', 'src/b.ts': 'b', 'src/c.ts': 'c' });
    await listWithStats(workspace.root, memo);
    fs.appendFileSync(workspace.path('src/a.ts'), ' grown by a write in place');
    const after = await listWithStats(workspace.root, memo);
    expect(stampOf(after, 'src/a.ts')).toEqual(truth(workspace.root, 'src/a.ts'));
    expect(stampOf(after, 'src/a.ts')?.sizeBytes).toBe('a grown by a write in place'.length);
    // b.ts and c.ts were taken from the memo.
    expect(memo.counts).toEqual({ recalled: 2, stated: 4 });
  });

  it('sees an added and a removed file, and states the rest of their directory again', async () => {
    const { workspace, memo } = await setUp({ 'src/b.ts': 'b', 'src/c.ts': 'c', 'lib/d.ts': 'd' });
    await listWithStats(workspace.root, memo);
    fs.writeFileSync(workspace.path('src/new.ts'), 'new');
    fs.rmSync(workspace.path('src/c.ts'));
    const after = await listWithStats(workspace.root, memo);
    expect(stampOf(after, 'src/new.ts')).toEqual(truth(workspace.root, 'src/new.ts'));
    expect(stampOf(after, 'src/b.ts')).toEqual(truth(workspace.root, 'src/b.ts'));
    expect(after.has('src/c.ts')).toBe(false);
    // The directory's own ctime changed: its stamps are dropped even had an event been lost; lib/ keeps its own.
    expect(memo.counts).toEqual({ recalled: 1, stated: 5 });
  });

  it('sees a file replaced by a rename (an editor\'s atomic save)', async () => {
    const { workspace, memo } = await setUp({ 'src/a.ts': 'old' });
    await listWithStats(workspace.root, memo);
    fs.writeFileSync(workspace.path('src/.a.ts.tmp'), 'the new content, longer');
    fs.renameSync(workspace.path('src/.a.ts.tmp'), workspace.path('src/a.ts'));
    const after = await listWithStats(workspace.root, memo);
    expect(stampOf(after, 'src/a.ts')).toEqual(truth(workspace.root, 'src/a.ts'));
    expect(stampOf(after, 'src/a.ts')?.sizeBytes).toBe('the new content, longer'.length);
  });

  it('forgets a directory replaced by another one of the same name, and what lies under it', async () => {
    const { workspace, memo } = await setUp({ 'src/lib/deep/x.ts': 'x', 'other/lib/deep/x.ts': 'a different and longer x' });
    await listWithStats(workspace.root, memo);
    fs.renameSync(workspace.path('src/lib'), workspace.path('old-lib'));
    fs.renameSync(workspace.path('other/lib'), workspace.path('src/lib'));
    const after = await listWithStats(workspace.root, memo);
    expect(stampOf(after, 'src/lib/deep/x.ts')).toEqual(truth(workspace.root, 'src/lib/deep/x.ts'));
    expect(stampOf(after, 'src/lib/deep/x.ts')?.sizeBytes).toBe('a different and longer x'.length);
  });

  it('states a file again once its stamp is older than STAT_MEMO_TTL_MS', async () => {
    let clock = 1_000_000;
    const { workspace, memo } = await setUp({ 'a.ts': 'a' }, { now: () => clock });
    await listWithStats(workspace.root, memo);
    clock += STAT_MEMO_TTL_MS + 1;
    await listWithStats(workspace.root, memo);
    expect(memo.counts).toEqual({ recalled: 0, stated: 2 });
    clock += 1;
    await listWithStats(workspace.root, memo);
    expect(memo.counts).toEqual({ recalled: 1, stated: 2 });
  });

  it('past its directory cap states the other directories every time, with the same stamps', async () => {
    const { workspace, memo } = await setUp({ 'a/one.ts': '1', 'b/two.ts': '22', 'c/three.ts': '333' }, { maxDirectories: 2 });
    await listWithStats(workspace.root, memo);
    fs.appendFileSync(workspace.path('c/three.ts'), '3');
    const after = await listWithStats(workspace.root, memo);
    expect(memo.counts.recalled).toBe(2);
    expect(stampOf(after, 'c/three.ts')).toEqual(truth(workspace.root, 'c/three.ts'));
  });

  it('is not made off Linux, and listings without it state every file', async () => {
    expect(createWatchedStatMemo({ platform: 'darwin' })).toBeNull();
    const { workspace } = await setUp({ 'a.ts': 'a' });
    const plain = await listFiles({ path: workspace.root, root: workspace.root, recursive: true, withStats: true, isContained: () => true });
    expect(plain.entries[0]).toMatchObject({ path: 'a.ts', ...truth(workspace.root, 'a.ts') });
  });
});
