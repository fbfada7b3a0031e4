import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFileJournal } from '../../adapters/patch-journal/index.js';
import { openTestRuntime } from '../../../test/support/open-test-runtime.js';
import { type TempWorkspace, createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { applyChangeset, keepApplied, rollbackApplied } from './apply-changeset.js';
import { Changeset } from './changeset.js';

const openEditRuntime = (root: string) => openTestRuntime(root, { rules: { allow: ['Tool(edit_file)'] } });

/** Every file under the workspace with its bytes and mode, to compare states byte for byte. */
function snapshotTree(workspace: TempWorkspace): Record<string, { bytes: string; mode: number }> {
  const tree: Record<string, { bytes: string; mode: number }> = {};
  for (const entry of fs.readdirSync(workspace.root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = `${entry.parentPath}/${entry.name}`;
    tree[absolute.slice(workspace.root.length + 1)] = { bytes: fs.readFileSync(absolute).toString('base64'), mode: fs.statSync(absolute).mode & 0o777 };
  }
  return tree;
}

async function setup() {
  const workspace = await createTempWorkspace({
    files: {
      'src/a.ts': 'export const a = 1;\r\n// ünïcödé\n',
      'src/old.ts': 'export const old = true;\n',
      'run.sh': '#!/bin/sh\necho hi\n',
    },
  });
  fs.chmodSync(workspace.path('run.sh'), 0o755);
  const journalRoot = fs.mkdtempSync(`${workspace.root}-journal-`);
  const journal = createFileJournal({ directory: journalRoot });
  const runtime = await openEditRuntime(workspace.root);
  return {
    workspace,
    journal,
    runtime,
    async [Symbol.asyncDispose]() {
      fs.rmSync(journalRoot, { recursive: true, force: true });
      await workspace.dispose();
    },
  };
}

describe('applyChangeset', () => {
  it('journals, applies and rolls back byte for byte: a modified script keeps its mode, a deleted file comes back, a created file goes', async () => {
    await using parts = await setup();
    const { workspace, journal, runtime } = parts;
    const before = snapshotTree(workspace);
    const changeset = new Changeset(runtime);
    await changeset.write('src/a.ts', 'export const a = 2;\n');
    await changeset.write('src/old.ts', null);
    await changeset.write('src/new/b.ts', 'export const b = 1;\n');
    await changeset.write('run.sh', '#!/bin/sh\necho hello\n');

    const applied = await applyChangeset({ runtime, journal, changeset, runId: 'run-1', clock: { now: () => Date.parse('2030-01-02T03:04:05.678Z') } });
    expect(applied.files.map((file) => [file.path, file.status])).toEqual([
      ['run.sh', 'modified'],
      ['src/a.ts', 'modified'],
      ['src/new/b.ts', 'added'],
      ['src/old.ts', 'deleted'],
    ]);
    expect(fs.readFileSync(workspace.path('src/a.ts'), 'utf8')).toBe('export const a = 2;\n');
    expect(fs.existsSync(workspace.path('src/old.ts'))).toBe(false);
    expect(fs.statSync(workspace.path('run.sh')).mode & 0o777).toBe(0o755);
    const [entry] = await journal.pending(workspace.root);
    expect(entry).toMatchObject({ id: applied.journalId, runId: 'run-1', state: 'applied', createdAt: '2030-01-02T03:04:05.678Z', workspaceRoot: workspace.root });
    expect(entry!.files).toContainEqual({ path: 'src/old.ts', before: 'export const old = true;\n', after: null });
    expect(entry!.files).toContainEqual({ path: 'src/new/b.ts', before: null, after: 'export const b = 1;\n' });

    changeset.rebase();
    await changeset.write('src/a.ts', 'export const a = 3;\n');
    const repair = await applyChangeset({ runtime, journal, changeset, runId: 'run-1' });
    expect(repair.files).toEqual([{ path: 'src/a.ts', status: 'modified', additions: 1, deletions: 1 }]);

    const results = await rollbackApplied({ runtime, journal, applied: [applied, repair] });
    expect(results.map((result) => result.patchId)).toEqual([repair.patchId, applied.patchId]);
    expect(results[1]).toMatchObject({ restored: ['run.sh', 'src/a.ts', 'src/old.ts'], removed: ['src/new/b.ts'] });
    expect(snapshotTree(workspace)).toEqual(before);
    expect(await journal.pending(workspace.root)).toEqual([]);
  });

  it('marks kept patches so rollback --last no longer offers them', async () => {
    await using parts = await setup();
    const changeset = new Changeset(parts.runtime);
    await changeset.write('src/a.ts', 'kept\n');
    const applied = await applyChangeset({ runtime: parts.runtime, journal: parts.journal, changeset, runId: 'run-2' });
    expect((await parts.journal.pending(parts.workspace.root)).map((entry) => entry.id)).toEqual([applied.journalId]);
    await keepApplied({ journal: parts.journal, applied: [applied] });
    expect(await parts.journal.pending(parts.workspace.root)).toEqual([]);
    expect(fs.readFileSync(parts.workspace.path('src/a.ts'), 'utf8')).toBe('kept\n');
  });

  it('refuses a patch when a file changed on disk after the edit was recorded, and writes nothing', async () => {
    await using parts = await setup();
    const { workspace, journal, runtime } = parts;
    const changeset = new Changeset(runtime);
    await changeset.write('run.sh', '#!/bin/sh\necho patched\n');
    await changeset.write('src/new/b.ts', 'new\n');
    await changeset.write('src/a.ts', 'patched\n');
    fs.writeFileSync(workspace.path('src/a.ts'), 'edited by a person\n');
    const before = snapshotTree(workspace);

    await expect(applyChangeset({ runtime, journal, changeset, runId: 'run-3' })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('src/a.ts changed since the patch was prepared'),
    });
    expect(snapshotTree(workspace)).toEqual(before);
    expect(await journal.pending(workspace.root)).toEqual([]);
  });

  it('reports a denied patch as denied, with nothing written and nothing pending', async () => {
    await using parts = await setup();
    const { workspace, journal } = parts;
    const readOnly = await openTestRuntime(workspace.root, { rules: { allow: ['Read(**)'] } });
    const changeset = new Changeset(readOnly);
    await changeset.write('src/a.ts', 'x\n');
    await expect(applyChangeset({ runtime: readOnly, journal, changeset, runId: 'run-4' })).rejects.toMatchObject({ code: 'denied' });
    expect(fs.readFileSync(workspace.path('src/a.ts'), 'utf8')).toBe('export const a = 1;\r\n// ünïcödé\n');
    expect(await journal.pending(workspace.root)).toEqual([]);
  });

  it('refuses an empty changeset and a patch too large to journal, before writing anything', async () => {
    await using parts = await setup();
    const { workspace, journal, runtime } = parts;
    await expect(applyChangeset({ runtime, journal, changeset: new Changeset(runtime), runId: 'run-5' })).rejects.toMatchObject({ code: 'invalid-input' });
    const changeset = new Changeset(runtime);
    // Ten files of 7 MiB each: every file is within the per-file cap, the journal entry is not.
    for (let index = 0; index < 10; index++) await changeset.write(`big/${index}.txt`, `${index}`.repeat(7 * 1024 * 1024));
    await expect(applyChangeset({ runtime, journal, changeset, runId: 'run-6' })).rejects.toMatchObject({ code: 'too-large' });
    expect(fs.existsSync(workspace.path('big'))).toBe(false);
    expect(await journal.pending(workspace.root)).toEqual([]);
  });
});
