import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../../test/support/open-test-runtime.js';
import { type TempWorkspace, createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { Changeset } from './changeset.js';
import { MAX_PATCH_TEXT_BYTES, changesetFromPatchFile } from './patch-file.js';

const openEditRuntime = (root: string) => openTestRuntime(root, { rules: { allow: ['Tool(edit_file)'] } });

function git(workspace: TempWorkspace, ...args: string[]): string {
  return execFileSync('git', args, { cwd: workspace.root, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
}

const NUMBERED = Array.from({ length: 30 }, (_, index) => `line ${index + 1}\n`).join('');

/** Every file's text, to show that a refused patch recorded and wrote nothing. */
function readAll(workspace: TempWorkspace, paths: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(paths.map((path) => [path, fs.existsSync(workspace.path(path)) ? fs.readFileSync(workspace.path(path), 'utf8') : null]));
}

describe('changesetFromPatchFile', () => {
  it('applies a `git diff` exactly: changes, a new file, a deletion and a missing final newline', async () => {
    const original = { 'src/a.ts': NUMBERED, 'src/old.ts': 'old\n', 'tail.txt': 'a\nb' };
    await using workspace = await createTempWorkspace({ git: true, files: original });
    git(workspace, 'add', '-A');
    git(workspace, '-c', 'user.name=T', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'base');
    const changed = {
      'src/a.ts': NUMBERED.replace('line 2\n', 'line two\n').replace('line 20\n', 'line 20\nline 20.5\n'),
      'tail.txt': 'a\nb\nc',
      'src/new/b.ts': 'export const b = 1;\n',
    };
    for (const [path, content] of Object.entries(changed)) workspace.write(path, content);
    fs.rmSync(workspace.path('src/old.ts'));
    git(workspace, 'add', '-A');
    const patch = git(workspace, 'diff', '--cached');
    git(workspace, 'reset', '-q', '--hard');
    expect(readAll(workspace, Object.keys(original))).toEqual(original);

    const changeset = await changesetFromPatchFile(await openEditRuntime(workspace.root), patch);
    expect(changeset.toEdits()).toEqual([
      { path: 'src/a.ts', content: changed['src/a.ts'], expectedContent: NUMBERED },
      { path: 'src/new/b.ts', content: changed['src/new/b.ts'], expectedContent: null },
      { path: 'src/old.ts', content: null, expectedContent: 'old\n' },
      { path: 'tail.txt', content: 'a\nb\nc', expectedContent: 'a\nb' },
    ]);
    // What brass-agent prints, brass-agent reads back to the same change.
    expect((await changesetFromPatchFile(await openEditRuntime(workspace.root), changeset.diff())).toEdits()).toEqual(changeset.toEdits());
  });

  it('applies a hunk that moved (lines added above it), as git apply does', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': `new top\nnew top 2\n${NUMBERED}` } });
    const patch = ['--- a/a.txt', '+++ b/a.txt', '@@ -9,7 +9,7 @@', ' line 9', ' line 10', ' line 11', '-line 12', '+line twelve', ' line 13', ' line 14', ' line 15', ''].join('\n');
    const changeset = await changesetFromPatchFile(await openEditRuntime(workspace.root), patch);
    expect(changeset.pendingContent('a.txt')).toBe(`new top\nnew top 2\n${NUMBERED.replace('line 12\n', 'line twelve\n')}`);
  });

  it('refuses a hunk whose context line is stale, naming the file and the hunk, and records nothing', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': NUMBERED, 'b.txt': 'bee\n' } });
    const patch = [
      'diff --git a/b.txt b/b.txt',
      '--- a/b.txt',
      '+++ b/b.txt',
      '@@ -1 +1 @@',
      '-bee',
      '+honey bee',
      'diff --git a/a.txt b/a.txt',
      '--- a/a.txt',
      '+++ b/a.txt',
      '@@ -1,4 +1,4 @@',
      ' line 1',
      '-line 2',
      '+line two',
      ' line 3',
      ' line 4',
      '@@ -10,7 +10,7 @@',
      ' line 10',
      ' line 11',
      ' line 12 (edited since)',
      '-line 13',
      '+line thirteen',
      ' line 14',
      ' line 15',
      ' line 16',
      '',
    ].join('\n');
    const error = await changesetFromPatchFile(await openEditRuntime(workspace.root), patch).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'conflict' });
    expect((error as Error).message).toContain('hunk #2 (@@ -10,7 +10,7 @@) of a.txt does not apply at line 12');
    expect((error as Error).message).toContain('"line 12 (edited since)"');
    expect(readAll(workspace, ['a.txt', 'b.txt'])).toEqual({ 'a.txt': NUMBERED, 'b.txt': 'bee\n' });
  });

  it('refuses a new-file patch whose target exists, a change to a missing file, and a deletion that does not match', async () => {
    await using workspace = await createTempWorkspace({ files: { 'exists.ts': 'here\n', 'del.ts': 'one\ntwo\n' } });
    const runtime = await openEditRuntime(workspace.root);
    const create = ['diff --git a/exists.ts b/exists.ts', 'new file mode 100644', '--- /dev/null', '+++ b/exists.ts', '@@ -0,0 +1 @@', '+new', ''].join('\n');
    await expect(changesetFromPatchFile(runtime, create)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('creates exists.ts, but it already exists') });
    const modifyMissing = ['--- a/missing.ts', '+++ b/missing.ts', '@@ -1 +1 @@', '-a', '+b', ''].join('\n');
    await expect(changesetFromPatchFile(runtime, modifyMissing)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('missing.ts, but it does not exist') });
    const deletePart = ['diff --git a/del.ts b/del.ts', 'deleted file mode 100644', '--- a/del.ts', '+++ /dev/null', '@@ -1 +0,0 @@', '-one', ''].join('\n');
    await expect(changesetFromPatchFile(runtime, deletePart)).rejects.toMatchObject({ code: 'conflict' });
    expect(readAll(workspace, ['exists.ts', 'del.ts'])).toEqual({ 'exists.ts': 'here\n', 'del.ts': 'one\ntwo\n' });
  });

  it('refuses paths that climb out of the workspace, renames, binary and mode-only patches, garbage and oversized input', async () => {
    // The runtime's workspace is `inner`; `x` next to it is outside.
    await using temp = await createTempWorkspace({ files: { 'inner/a.ts': 'a\n', x: 'outside\n' } });
    const runtime = await openEditRuntime(temp.path('inner'));
    const climbing = ['--- a/../x', '+++ b/../x', '@@ -1 +1 @@', '-outside', '+pwned', ''].join('\n');
    await expect(changesetFromPatchFile(runtime, climbing)).rejects.toMatchObject({ code: 'outside-workspace' });
    expect(fs.readFileSync(temp.path('x'), 'utf8')).toBe('outside\n');
    const cases: [string, string][] = [
      ['diff --git a/a.ts b/b.ts\nsimilarity index 100%\nrename from a.ts\nrename to b.ts\n', 'renames a/a.ts to b/b.ts'],
      ['diff --git a/img.png b/img.png\nindex 1111111..2222222 100644\nBinary files a/img.png and b/img.png differ\n', 'binary'],
      ['diff --git a/img.png b/img.png\nindex 1111111..2222222 100644\nGIT binary patch\nliteral 1\nIcmZ?l000310RR91\n', 'binary'],
      ['diff --git a/a.ts b/a.ts\nold mode 100644\nnew mode 100755\n', 'mode of a/a.ts'],
      ['--- a.ts\n+++ a.ts\n@@ -1 +1 @@\n-a\n+b\n', 'no a/ or b/ prefix'],
      ['just some words\n', 'no file changes'],
      ['--- a/a.ts\n+++ b/a.ts\n@@ -1,2 +1,2 @@\n-a\n+b\n', 'not a valid unified diff'],
    ];
    for (const [patch, message] of cases) {
      await expect(changesetFromPatchFile(runtime, patch)).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining(message) });
    }
    await expect(changesetFromPatchFile(runtime, `--- a/a.ts\n+++ b/a.ts\n${'+'.repeat(MAX_PATCH_TEXT_BYTES)}\n`)).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('larger than'),
    });
    expect(fs.readFileSync(temp.path('inner/a.ts'), 'utf8')).toBe('a\n');
  });

  it('reads a file patched in two parts of one patch in order, and gives an empty changeset for a no-op', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'one\n' } });
    const runtime = await openEditRuntime(workspace.root);
    const twice = ['--- a/a.txt', '+++ b/a.txt', '@@ -1 +1 @@', '-one', '+two', '--- a/a.txt', '+++ b/a.txt', '@@ -1 +1 @@', '-two', '+three', ''].join('\n');
    expect((await changesetFromPatchFile(runtime, twice)).toEdits()).toEqual([{ path: 'a.txt', content: 'three\n', expectedContent: 'one\n' }]);
    const undo = ['--- a/a.txt', '+++ b/a.txt', '@@ -1 +1 @@', '-one', '+two', '--- a/a.txt', '+++ b/a.txt', '@@ -1 +1 @@', '-two', '+one', ''].join('\n');
    const empty: Changeset = await changesetFromPatchFile(runtime, undo);
    expect(empty.isEmpty()).toBe(true);
  });
});
