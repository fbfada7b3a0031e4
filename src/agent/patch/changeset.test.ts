import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_PATCH_FILE_BYTES, createRedactor } from '../../core/index.js';
import { FakeRandom, fakePemKey, fakeSecret } from '../../../test/support/fake-secrets.js';
import { openTestRuntime } from '../../../test/support/open-test-runtime.js';
import { type TempWorkspace, createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { Changeset } from './changeset.js';

/** A runtime whose permission rules let `edit_file` read and write (as an approved run would). */
const openEditRuntime = (root: string) => openTestRuntime(root, { rules: { allow: ['Tool(edit_file)'] } });

function git(workspace: TempWorkspace, ...args: string[]): string {
  return execFileSync('git', args, { cwd: workspace.root, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
}

describe('Changeset', () => {
  it('prints a git-style diff of modified, added and deleted files in path order, with missing final newlines marked', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        'src/a.ts': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n',
        'src/gone.ts': 'bye\n',
        'src/tail.txt': 'no newline',
        'src/same.ts': 'same\n',
      },
    });
    const changeset = new Changeset(await openEditRuntime(workspace.root));
    await changeset.write('src/tail.txt', 'no newline\nstill none');
    await changeset.write('src/a.ts', 'one\ntwo\nthree\nfour\nFIVE\nsix\nseven\neight\n');
    await changeset.write('src/new.ts', 'fresh\n');
    await changeset.write('src/gone.ts', null);
    // Written back to what it held: not part of the change.
    await changeset.write('src/same.ts', 'other\n');
    await changeset.write('src/same.ts', 'same\n');

    expect(changeset.diff()).toBe(
      [
        'diff --git a/src/a.ts b/src/a.ts',
        '--- a/src/a.ts',
        '+++ b/src/a.ts',
        '@@ -2,7 +2,7 @@',
        ' two',
        ' three',
        ' four',
        '-five',
        '+FIVE',
        ' six',
        ' seven',
        ' eight',
        'diff --git a/src/gone.ts b/src/gone.ts',
        'deleted file mode 100644',
        '--- a/src/gone.ts',
        '+++ /dev/null',
        '@@ -1,1 +0,0 @@',
        '-bye',
        'diff --git a/src/new.ts b/src/new.ts',
        'new file mode 100644',
        '--- /dev/null',
        '+++ b/src/new.ts',
        '@@ -0,0 +1,1 @@',
        '+fresh',
        'diff --git a/src/tail.txt b/src/tail.txt',
        '--- a/src/tail.txt',
        '+++ b/src/tail.txt',
        '@@ -1,1 +1,2 @@',
        '-no newline',
        '\\ No newline at end of file',
        '+no newline',
        '+still none',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
    expect(changeset.files()).toEqual([
      { path: 'src/a.ts', status: 'modified', additions: 1, deletions: 1 },
      { path: 'src/gone.ts', status: 'deleted', additions: 0, deletions: 1 },
      { path: 'src/new.ts', status: 'added', additions: 1, deletions: 0 },
      { path: 'src/tail.txt', status: 'modified', additions: 2, deletions: 1 },
    ]);
    expect(changeset.pendingContent('src/same.ts')).toBe('same\n');
  });

  it('produces a diff that `git apply` accepts and that reproduces the pending contents exactly', async () => {
    const files = {
      'src/a.ts': Array.from({ length: 40 }, (_, index) => `line ${index + 1}\n`).join(''),
      'src/crlf.txt': 'one\r\ntwo\r\nthree\r\n',
      'src/tail.txt': 'a\nb',
      'docs/old.md': '# old\n\ntext\n',
      'empty.txt': '',
      'name with space.txt': 'x\n',
    };
    await using workspace = await createTempWorkspace({ git: true, files });
    git(workspace, 'add', '-A');
    git(workspace, '-c', 'user.name=T', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'base');
    const changeset = new Changeset(await openEditRuntime(workspace.root));
    const pending: Record<string, string | null> = {
      'src/a.ts': files['src/a.ts'].replace('line 3\n', 'line three\n').replace('line 30\n', '').replace('line 40\n', 'line 40\nline 41'),
      'src/crlf.txt': 'one\r\nTWO\r\nthree\r\n',
      'src/tail.txt': 'a\nb\n',
      'docs/old.md': null,
      'empty.txt': 'now full\n',
      'name with space.txt': 'y\n',
      'src/deep/new file.ts': 'export const ünïcödé = "✓";\n',
      'src/empty-new.txt': '',
    };
    for (const [path, content] of Object.entries(pending)) await changeset.write(path, content);
    const patchPath = `${workspace.root}/../${workspace.root.split('/').pop()}.patch`;
    fs.writeFileSync(patchPath, changeset.diff());
    try {
      git(workspace, 'apply', '--check', patchPath);
      git(workspace, 'apply', patchPath);
    } finally {
      fs.rmSync(patchPath, { force: true });
    }
    for (const [path, content] of Object.entries(pending)) {
      if (content === null) expect(fs.existsSync(workspace.path(path))).toBe(false);
      else expect(fs.readFileSync(workspace.path(path), 'utf8')).toBe(content);
    }
  });

  it('keys files by their workspace-relative path however they are named, and refuses files it cannot edit', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'A\n', 'bin.dat': 'x\0y', 'latin1.txt': '' } });
    fs.writeFileSync(workspace.path('latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    fs.writeFileSync(workspace.path('big.txt'), 'x'.repeat(MAX_PATCH_FILE_BYTES + 1));
    const changeset = new Changeset(await openEditRuntime(workspace.root));
    expect(await changeset.read('./src/a.ts')).toEqual({ path: 'src/a.ts', content: 'A\n' });
    expect(await changeset.write(workspace.path('src/a.ts'), 'B\n')).toEqual({ path: 'src/a.ts' });
    expect(await changeset.read('src//a.ts')).toEqual({ path: 'src/a.ts', content: 'B\n' });
    expect(changeset.pendingContent('src/a.ts')).toBe('B\n');
    expect(await changeset.read('src/missing.ts')).toEqual({ path: 'src/missing.ts', content: null });

    await expect(changeset.read('../outside.ts')).rejects.toMatchObject({ code: 'outside-workspace' });
    await expect(changeset.write('/etc/hostname', 'x')).rejects.toMatchObject({ code: 'outside-workspace' });
    await expect(changeset.write('bin.dat', 'text')).rejects.toMatchObject({ code: 'binary' });
    await expect(changeset.write('latin1.txt', 'text')).rejects.toMatchObject({ code: 'binary', message: expect.stringContaining('UTF-8') });
    await expect(changeset.read('big.txt')).rejects.toMatchObject({ code: 'too-large' });
    await expect(changeset.write('src/missing.ts', null)).rejects.toMatchObject({ code: 'not-found' });
    await expect(changeset.write('.', 'x')).rejects.toMatchObject({ code: 'invalid-input' });
    expect(changeset.toEdits()).toEqual([{ path: 'src/a.ts', content: 'B\n', expectedContent: 'A\n' }]);
  });

  it('reads through the permission rules: a denied read is refused', async () => {
    await using workspace = await createTempWorkspace({ files: { '.env': 'TOKEN=x\n' } });
    const changeset = new Changeset(await openTestRuntime(workspace.root, { rules: { allow: ['Tool(edit_file)'], deny: ['Read(.env)'] } }));
    await expect(changeset.write('.env', 'TOKEN=y\n')).rejects.toMatchObject({ code: 'denied' });
    expect(changeset.isEmpty()).toBe(true);
  });

  it('keeps the first content it saw as the original, and rebases onto what was applied', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'one\n', 'b.ts': 'bee\n' } });
    const changeset = new Changeset(await openEditRuntime(workspace.root));
    expect(changeset.isEmpty()).toBe(true);
    await changeset.read('b.ts');
    await changeset.write('a.ts', 'two\n');
    fs.writeFileSync(workspace.path('a.ts'), 'changed on disk\n');
    await changeset.write('a.ts', 'three\n');
    expect(changeset.toEdits()).toEqual([{ path: 'a.ts', content: 'three\n', expectedContent: 'one\n' }]);

    changeset.rebase();
    expect(changeset.isEmpty()).toBe(true);
    expect(changeset.diff()).toBe('');
    expect(changeset.pendingContent('a.ts')).toBeUndefined();
    expect(await changeset.read('a.ts')).toEqual({ path: 'a.ts', content: 'three\n' });
    // A file only read before the rebase is read again as it is now.
    fs.writeFileSync(workspace.path('b.ts'), 'bee two\n');
    expect(await changeset.read('b.ts')).toEqual({ path: 'b.ts', content: 'bee two\n' });
    await changeset.write('a.ts', 'four\n');
    expect(changeset.files()).toEqual([{ path: 'a.ts', status: 'modified', additions: 1, deletions: 1 }]);
    expect(changeset.toEdits()).toEqual([{ path: 'a.ts', content: 'four\n', expectedContent: 'three\n' }]);
  });
});

describe('Changeset with a redactor (issue 15, item 14)', () => {
  const redactor = createRedactor();
  const redact = (text: string): string => redactor.redact(text).text;
  const random = new FakeRandom(1415);
  const token = fakeSecret(random, 'github-classic').value;
  const password = fakeSecret(random, 'password').value;
  const key = fakePemKey(random, 'PRIVATE KEY', 1200);

  it.each([
    { title: 'secrets on context lines next to an edit of .env', path: '.env', content: `A=1\nGITHUB_TOKEN=${token}\nDB_PASSWORD=${password}\nB=2\n`, edit: (text: string) => text.replace('B=2', 'B=3'), vanish: [token, password] },
    {
      title: 'the body of a private key shown as context without its header',
      path: 'keys/dev.pem',
      content: `${key.pem}\n# rotated yearly\n`,
      edit: (text: string) => text.replace('# rotated yearly', '# rotated monthly'),
      vanish: key.bodyLines.slice(-2),
    },
    { title: 'a secret on a changed line, removed and added', path: 'config/.env.local', content: `TOKEN=${token}\n`, edit: () => `TOKEN=${fakeSecret(random, 'github-classic').value}\n`, vanish: [token] },
  ])('redacts $title in diff() and wholeChange(), and keeps the real bytes in patchText()', async ({ path, content, edit, vanish }) => {
    await using workspace = await createTempWorkspace({ files: { [path]: content } });
    const changeset = new Changeset(await openEditRuntime(workspace.root), { redact });
    const edited = edit(content);
    await changeset.write(path, edited);

    const shown = [changeset.diff(), changeset.wholeChange().diff];
    for (const diff of shown) {
      for (const secret of vanish) expect(diff).not.toContain(secret);
      expect(diff.split('\n').length).toBe(changeset.patchText().split('\n').length);
    }
    expect(changeset.patchText()).toBe(changeset.wholeChange().patch);
    for (const secret of vanish) expect(changeset.patchText()).toContain(secret);
    // The real patch still applies: it is exactly the change.
    fs.writeFileSync(`${workspace.root}/change.diff`, changeset.patchText());
    execFileSync('git', ['apply', '--check', 'change.diff'], { cwd: workspace.root });
  });
});
