import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../src/adapters/node-workspace/index.js';
import type { PermissionServiceOptions } from '../src/core/index.js';
import { createTempWorkspace } from './support/temp-workspace.js';

// The runtime end to end on Node: real files, real ripgrep, real processes,
// every action through the permission service and the workspace scope.

async function open(root: string, extra: { approval?: 'ask' | 'auto' | 'never'; ask?: PermissionServiceOptions['ask']; deny?: string[] } = {}) {
  const env = { ...process.env, XDG_CONFIG_HOME: path.join(root, '..', `${path.basename(root)}-xdg`) };
  return openWorkspace({
    cwd: root,
    env,
    cliConfig: { ...(extra.approval ? { approval: extra.approval } : {}), ...(extra.deny ? { permissions: { deny: extra.deny } } : {}) },
    ...(extra.ask ? { ask: extra.ask } : {}),
  });
}

describe('runtime on Node', () => {
  it('reads a file inside and refuses one outside, as observations', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'export const a = 1;\n' } });
    const opened = await open(workspace.root);
    const inside = await opened.runtime.execute({ kind: 'fs.readFile', path: 'src/a.ts' });
    expect(inside).toMatchObject({ ok: true, value: { path: 'src/a.ts', content: 'export const a = 1;\n', truncated: false } });
    const outside = await opened.runtime.execute({ kind: 'fs.readFile', path: '../../../../etc/passwd' });
    expect(outside).toMatchObject({ ok: false, error: { code: 'outside-workspace' } });
    const escaping = workspace.path('escape');
    fs.symlinkSync('/etc', escaping);
    expect(await opened.runtime.execute({ kind: 'fs.readFile', path: 'escape/hostname' })).toMatchObject({ ok: false, error: { code: 'outside-workspace' } });
  });

  it('applies a deny rule before any read', async () => {
    await using workspace = await createTempWorkspace({ files: { '.env': 'TOKEN=x\n' } });
    const opened = await open(workspace.root, { deny: ['Read(.env*)'] });
    const observation = await opened.runtime.execute({ kind: 'fs.readFile', path: '.env' });
    expect(observation).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(JSON.stringify(observation)).not.toContain('TOKEN=x');
  });

  it('searches fixed strings and never treats the query as a flag', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'x --pre=sh y\nplain\n', 'b.txt': 'a.b*c(\n' } });
    const opened = await open(workspace.root);
    const flag = await opened.runtime.execute({ kind: 'fs.searchText', query: '--pre=sh' });
    expect(flag).toMatchObject({ ok: true, value: { matches: [{ path: 'a.txt', line: 1, column: 3 }] } });
    const regex = await opened.runtime.execute({ kind: 'fs.searchText', query: 'a.b*c(' });
    expect(regex).toMatchObject({ ok: true, value: { matches: [{ path: 'b.txt', line: 1 }] } });
    for (const query of ['two\nlines', 'nul\0byte', '']) {
      expect(await opened.runtime.execute({ kind: 'fs.searchText', query })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    const several = await opened.runtime.execute({ kind: 'fs.searchText', query: '--pre=sh', moreQueries: ['a.b*c(', 'plain'] });
    expect(several).toMatchObject({ ok: true, value: { matches: [{ path: 'a.txt', line: 1 }, { path: 'a.txt', line: 2 }, { path: 'b.txt', line: 1 }] } });
    const badMore = await opened.runtime.execute({ kind: 'fs.searchText', query: 'plain', moreQueries: ['two\nlines'] });
    expect(badMore).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('moreQueries[0]') } });
    const tooMany = await opened.runtime.execute({ kind: 'fs.searchText', query: 'plain', moreQueries: Array.from({ length: 65 }, (_unused, index) => `q${index}`) });
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('at most 64') } });
  });

  it('asks before a command: refused with no approver, run once approved', async () => {
    await using workspace = await createTempWorkspace();
    const refused = await (await open(workspace.root)).runtime.execute({ kind: 'shell.run', argv: ['node', '-e', 'console.log(1)'] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'denied' } });
    const asked: string[][] = [];
    const approved = await open(workspace.root, { ask: async (request) => (asked.push([...(request.argv ?? [])]), 'allow-once') });
    const observation = await approved.runtime.execute({ kind: 'shell.run', argv: ['node', '-e', 'console.log(6 * 7)'] });
    expect(observation).toMatchObject({ ok: true, value: { exitCode: 0, stdout: '42\n', timedOut: false } });
    expect(asked).toEqual([['node', '-e', 'console.log(6 * 7)']]);
  });

  it('reports a command that cannot start, and one that hangs, as observations', async () => {
    await using workspace = await createTempWorkspace();
    const opened = await open(workspace.root, { approval: 'auto' });
    const missing = await opened.runtime.execute({ kind: 'shell.run', argv: ['brass-no-such-command-xyz'] });
    expect(missing).toMatchObject({ ok: false, error: { code: 'command-start-failed' } });
    const hanging = await opened.runtime.execute({ kind: 'shell.run', argv: ['node', '-e', 'setInterval(() => {}, 1000)'], timeoutMs: 300 });
    expect(hanging).toMatchObject({ ok: true, value: { timedOut: true } });
  });

  it('applies a patch and rolls it back byte for byte', async () => {
    const original = 'line one\r\nline two — ünïcödé\n';
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': original } });
    const opened = await open(workspace.root, { approval: 'auto' });
    const applied = await opened.runtime.execute({
      kind: 'patch.apply',
      edits: [
        { path: 'src/a.ts', content: 'changed\n', expectedContent: original },
        { path: 'src/new/b.ts', content: 'new file\n', expectedContent: null },
      ],
    });
    expect(applied).toMatchObject({ ok: true, value: { files: [{ path: 'src/a.ts', created: false }, { path: 'src/new/b.ts', created: true }] } });
    expect(fs.readFileSync(workspace.path('src/a.ts'), 'utf8')).toBe('changed\n');
    if (!applied.ok) throw new Error('unreachable');
    const rolledBack = await opened.runtime.execute({ kind: 'patch.rollback', patchId: applied.value.patchId });
    expect(rolledBack).toMatchObject({ ok: true, value: { restored: ['src/a.ts'], removed: ['src/new/b.ts'] } });
    expect(fs.readFileSync(workspace.path('src/a.ts'), 'utf8')).toBe(original);
    expect(fs.existsSync(workspace.path('src/new/b.ts'))).toBe(false);
  });

  it('refuses a stale patch without touching any file', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'A\n', 'b.ts': 'B\n' } });
    const opened = await open(workspace.root, { approval: 'auto' });
    const stale = await opened.runtime.execute({
      kind: 'patch.apply',
      edits: [
        { path: 'a.ts', content: 'A2\n', expectedContent: 'A\n' },
        { path: 'b.ts', content: 'B2\n', expectedContent: 'not what is there\n' },
      ],
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(fs.readFileSync(workspace.path('a.ts'), 'utf8')).toBe('A\n');
    expect(fs.readFileSync(workspace.path('b.ts'), 'utf8')).toBe('B\n');
  });

  it('refuses writes outside the workspace and unapproved writes', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'A\n' } });
    const refused = await (await open(workspace.root)).runtime.execute({ kind: 'patch.apply', edits: [{ path: 'a.ts', content: 'x' }] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'denied' } });
    const outside = await (await open(workspace.root, { approval: 'auto' })).runtime.execute({ kind: 'patch.apply', edits: [{ path: '../evil.ts', content: 'x' }] });
    expect(outside).toMatchObject({ ok: false, error: { code: 'outside-workspace' } });
    expect(fs.readFileSync(workspace.path('a.ts'), 'utf8')).toBe('A\n');
  });

  it('lists with the skip set and reports an unknown action kind as a value', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': '', 'node_modules/x/index.js': '' } });
    const opened = await open(workspace.root);
    const listed = await opened.runtime.execute({ kind: 'fs.list', recursive: true });
    expect(listed.ok && listed.value.entries.map((entry) => entry.path)).toEqual(['src', 'src/a.ts']);
    const unknown = await opened.runtime.execute({ kind: 'fs.delete' } as never);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});

describe('patches and redaction', () => {
  it('refuses a patch written from a redacted view, and keeps markers the file already had', async () => {
    await using workspace = await createTempWorkspace({ files: { '.env': 'API_TOKEN=real-value\n', 'notes.md': 'see [REDACTED:github-token] in the docs\n' } });
    const opened = await open(workspace.root, { approval: 'auto' });
    const fromRedacted = await opened.runtime.execute({ kind: 'patch.apply', edits: [{ path: '.env', content: 'API_TOKEN=[REDACTED:secret-assignment]\nDEBUG=1\n' }] });
    expect(fromRedacted).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(fs.readFileSync(workspace.path('.env'), 'utf8')).toBe('API_TOKEN=real-value\n');
    const keepsExisting = await opened.runtime.execute({ kind: 'patch.apply', edits: [{ path: 'notes.md', content: 'see [REDACTED:github-token] in the docs\nmore\n' }] });
    expect(keepsExisting.ok).toBe(true);
  });
});
