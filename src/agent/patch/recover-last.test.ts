import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFileJournal } from '../../adapters/patch-journal/index.js';
import { openTestRuntime } from '../../../test/support/open-test-runtime.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { applyChangeset } from './apply-changeset.js';
import { Changeset } from './changeset.js';
import { rollbackLast } from './recover-last.js';

const openEditRuntime = (root: string) => openTestRuntime(root, { rules: { allow: ['Tool(edit_file)'] } });

const ORIGINAL = { 'src/a.ts': 'a = 1;\r\n', 'src/b.ts': 'b = 1;\n', 'src/gone.ts': 'gone\n' };

async function setup() {
  const workspace = await createTempWorkspace({ files: ORIGINAL });
  const journalRoot = fs.mkdtempSync(`${workspace.root}-journal-`);
  return {
    workspace,
    journalRoot,
    async [Symbol.asyncDispose]() {
      fs.rmSync(journalRoot, { recursive: true, force: true });
      await workspace.dispose();
    },
  };
}

/** Applies a patch as a run would, in a runtime (and patch store) that is then thrown away. */
async function applyAndForget(root: string, journalRoot: string, runId: string, edits: Record<string, string | null>) {
  const runtime = await openEditRuntime(root);
  const changeset = new Changeset(runtime);
  for (const [path, content] of Object.entries(edits)) await changeset.write(path, content);
  return applyChangeset({ runtime, journal: createFileJournal({ directory: journalRoot }), changeset, runId });
}

function readAll(root: string): Record<string, string | null> {
  const read = (path: string) => (fs.existsSync(`${root}/${path}`) ? fs.readFileSync(`${root}/${path}`, 'utf8') : null);
  return { 'src/a.ts': read('src/a.ts'), 'src/b.ts': read('src/b.ts'), 'src/gone.ts': read('src/gone.ts'), 'src/new.ts': read('src/new.ts') };
}

describe('rollbackLast', () => {
  it('restores the last patch from the journal alone, in a new runtime, and then has nothing left', async () => {
    await using parts = await setup();
    const root = parts.workspace.root;
    const applied = await applyAndForget(root, parts.journalRoot, 'run-1', { 'src/a.ts': 'a = 2;\n', 'src/gone.ts': null, 'src/new.ts': 'new\n' });
    expect(readAll(root)).toMatchObject({ 'src/a.ts': 'a = 2;\n', 'src/gone.ts': null, 'src/new.ts': 'new\n' });

    const journal = createFileJournal({ directory: parts.journalRoot });
    const result = await rollbackLast({ runtime: await openEditRuntime(root), journal, workspaceRoot: root });
    expect(result).toMatchObject({ entry: { id: applied.journalId, state: 'rolled-back' }, restored: ['src/a.ts', 'src/gone.ts'], removed: ['src/new.ts'], unchanged: [], remaining: 0 });
    expect(readAll(root)).toEqual({ ...ORIGINAL, 'src/new.ts': null });
    await expect(rollbackLast({ runtime: await openEditRuntime(root), journal, workspaceRoot: root })).rejects.toMatchObject({
      code: 'not-found',
      message: `nothing to roll back in ${root}`,
    });
  });

  it('finishes a patch that was interrupted half-way: files still holding their old content are left alone', async () => {
    await using parts = await setup();
    const root = parts.workspace.root;
    const journal = createFileJournal({ directory: parts.journalRoot });
    // As a crash leaves it: the entry says `applying`; only src/a.ts was written.
    await journal.begin({
      id: 'crashed',
      runId: 'run-2',
      workspaceRoot: root,
      createdAt: new Date().toISOString(),
      state: 'applying',
      files: [
        { path: 'src/a.ts', before: ORIGINAL['src/a.ts'], after: 'a = 3;\n' },
        { path: 'src/b.ts', before: ORIGINAL['src/b.ts'], after: 'b = 3;\n' },
        { path: 'src/new.ts', before: null, after: 'new\n' },
      ],
    });
    fs.writeFileSync(`${root}/src/a.ts`, 'a = 3;\n');
    const result = await rollbackLast({ runtime: await openEditRuntime(root), journal, workspaceRoot: root });
    expect(result).toMatchObject({ restored: ['src/a.ts'], removed: [], unchanged: ['src/b.ts', 'src/new.ts'] });
    expect(readAll(root)).toEqual({ ...ORIGINAL, 'src/new.ts': null });
    expect(await journal.pending(root)).toEqual([]);
  });

  it('refuses to roll back over a file edited since, naming it, unless forced', async () => {
    await using parts = await setup();
    const root = parts.workspace.root;
    await applyAndForget(root, parts.journalRoot, 'run-3', { 'src/a.ts': 'a = 4;\n', 'src/b.ts': 'b = 4;\n' });
    fs.writeFileSync(`${root}/src/b.ts`, 'b = hand edit;\n');
    const journal = createFileJournal({ directory: parts.journalRoot });

    await expect(rollbackLast({ runtime: await openEditRuntime(root), journal, workspaceRoot: root })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('src/b.ts changed since it was applied; nothing was restored'),
    });
    expect(readAll(root)).toMatchObject({ 'src/a.ts': 'a = 4;\n', 'src/b.ts': 'b = hand edit;\n' });
    expect(await journal.pending(root)).toHaveLength(1);

    const forced = await rollbackLast({ runtime: await openEditRuntime(root), journal, workspaceRoot: root, force: true });
    expect(forced.restored).toEqual(['src/a.ts', 'src/b.ts']);
    expect(readAll(root)).toEqual({ ...ORIGINAL, 'src/new.ts': null });
  });

  it('rolls back one patch per call, newest first, and says how many remain', async () => {
    await using parts = await setup();
    const root = parts.workspace.root;
    await applyAndForget(root, parts.journalRoot, 'run-4', { 'src/a.ts': 'a = 5;\n' });
    await applyAndForget(root, parts.journalRoot, 'run-4', { 'src/a.ts': 'a = 6;\n', 'src/new.ts': 'new\n' });
    const journal = createFileJournal({ directory: parts.journalRoot });
    const first = await rollbackLast({ runtime: await openEditRuntime(root), journal, workspaceRoot: root });
    expect(first).toMatchObject({ restored: ['src/a.ts'], removed: ['src/new.ts'], remaining: 1 });
    expect(readAll(root)['src/a.ts']).toBe('a = 5;\n');
    const second = await rollbackLast({ runtime: await openEditRuntime(root), journal, workspaceRoot: root });
    expect(second).toMatchObject({ restored: ['src/a.ts'], remaining: 0 });
    expect(readAll(root)).toEqual({ ...ORIGINAL, 'src/new.ts': null });
  });
});
