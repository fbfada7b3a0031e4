import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAgentTestKit } from '../../../test/support/agent-test-kit.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { FakeRandom, fakePemKey } from '../../../test/support/fake-secrets.js';
import type { AgentSession } from '../session/index.js';

async function call(session: AgentSession, name: string, input: unknown) {
  const tool = session.tools.find((candidate) => candidate.definition.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool.run(input, { session, callId: 'test', signal: new AbortController().signal });
}

describe('edit_file', () => {
  it('replaces a unique match, records it as pending and leaves the disk alone', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'const a = 1;\nconst b = 2;\n' } });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    const result = await call(session, 'edit_file', { path: './src/a.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' });
    expect(result).toMatchObject({ ok: true, paths: ['src/a.ts'], isChange: true });
    expect(result.content).toContain('Edited src/a.ts: replaced 1 occurrence.');
    expect(result.content).toContain('2  const b = 3;');
    expect(kit.edits.pendingContent('src/a.ts')).toBe('const a = 1;\nconst b = 3;\n');
    expect(fs.readFileSync(workspace.path('src/a.ts'), 'utf8')).toBe('const a = 1;\nconst b = 2;\n');
    // `$&` in the new text is literal, not a replacement pattern.
    await call(session, 'edit_file', { path: 'src/a.ts', old_string: 'const a = 1;', new_string: 'const a = "$&";' });
    expect(kit.edits.pendingContent('src/a.ts')).toBe('const a = "$&";\nconst b = 3;\n');
  });

  it('refuses a non-unique match unless replace_all, and a missing one, saying what to do', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'x = 1\nx = 1\n' } });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    const ambiguous = await call(session, 'edit_file', { path: 'a.txt', old_string: 'x = 1', new_string: 'x = 2' });
    expect(ambiguous).toMatchObject({ ok: false, code: 'ambiguous' });
    expect(ambiguous.content).toBe('old_string occurs 2 times in a.txt. Include more surrounding lines to make it unique, or set replace_all: true to replace every occurrence.');
    const missing = await call(session, 'edit_file', { path: 'a.txt', old_string: 'y = 1', new_string: 'y = 2' });
    expect(missing).toMatchObject({ ok: false, code: 'not-found' });
    expect(missing.content).toMatch(/^old_string was not found in a.txt. Read the file again/);
    expect(kit.edits.isEmpty()).toBe(true);
    const all = await call(session, 'edit_file', { path: 'a.txt', old_string: 'x = 1', new_string: 'x = 2', replace_all: true });
    expect(all.content).toContain('replaced 2 occurrences');
    expect(kit.edits.pendingContent('a.txt')).toBe('x = 2\nx = 2\n');
  });

  it('refuses a file that does not exist, and text holding a redaction marker', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'password = hunter2-but-longer\n' } });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    expect((await call(session, 'edit_file', { path: 'nope.txt', old_string: 'a', new_string: 'b' })).content).toBe('nope.txt does not exist. Use write_file to create it.');
    const marker = await call(session, 'edit_file', { path: 'a.txt', old_string: 'password = hunter2-but-longer', new_string: 'password = [REDACTED:password]' });
    expect(marker).toMatchObject({ ok: false, code: 'invalid-input' });
    expect(marker.content).toContain('leave that part out of your edit');
    expect(kit.edits.isEmpty()).toBe(true);
  });

  it('honours a deny rule on the path before recording anything', async () => {
    await using workspace = await createTempWorkspace({ files: { 'locked/a.txt': 'a\n' } });
    const kit = await createAgentTestKit({ root: workspace.root, script: [], config: { permissions: { deny: ['Write(locked/**)'] } } });
    const session = await kit.session();
    const result = await call(session, 'edit_file', { path: 'locked/a.txt', old_string: 'a', new_string: 'b' });
    expect(result).toMatchObject({ ok: false, code: 'denied' });
    expect(result.content).toContain('Write(locked/**)');
    expect(kit.edits.isEmpty()).toBe(true);
  });
});

describe('write_file and read_file', () => {
  it('read_file shows what write_file recorded while nothing on disk changed', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'old\n' } });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    expect(await call(session, 'write_file', { path: 'a.txt', content: 'new\n' })).toMatchObject({ ok: true, paths: ['a.txt'], contentPaths: ['a.txt'] });
    const created = await call(session, 'write_file', { path: 'dir/b.txt', content: 'b\n' });
    expect(created.content).toMatch(/^Created dir\/b.txt \(1 lines, 2 bytes\)\. The change is pending/);

    expect((await call(session, 'read_file', { path: 'a.txt' })).content).toBe('a.txt (pending edit of this run, not on disk yet)\nnew\n');
    expect((await call(session, 'read_file', { path: 'dir/b.txt' })).content).toBe('dir/b.txt (pending edit of this run, not on disk yet)\nb\n');
    expect(fs.readFileSync(workspace.path('a.txt'), 'utf8')).toBe('old\n');
    expect(fs.existsSync(workspace.path('dir/b.txt'))).toBe(false);
  });

  it('read_file returns line ranges with a header saying how to read on', async () => {
    const lines = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`).join('\n');
    await using workspace = await createTempWorkspace({ files: { 'a.txt': `${lines}\n` } });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    expect((await call(session, 'read_file', { path: 'a.txt', offset: 3, limit: 2 })).content).toBe('a.txt (lines 3-4 of 10; call again with offset 5 for more)\nline 3\nline 4');
    expect((await call(session, 'read_file', { path: 'a.txt', offset: 11 })).content).toBe('offset: 11 is past the end of a.txt (10 lines)');
    expect((await call(session, 'read_file', { path: 'missing.txt' }))).toMatchObject({ ok: false, code: 'not-found' });
  });

  it('read_file keeps whole lines within 64 KiB, and a file that fits whole as it is', async () => {
    // 1,999 lines of 39 bytes (37 characters: € takes 3 bytes in UTF-8) and a newline: 79,960 bytes, over the cap.
    const line = (index: number) => `€ line ${String(index).padStart(5, '0')} ${'x'.repeat(24)}`;
    const big = Array.from({ length: 1_999 }, (_, index) => line(index + 1)).join('\n');
    // Exactly the cap with its final newline, and one byte more.
    const fits = `${'y'.repeat(64 * 1024 - 1)}\n`;
    await using workspace = await createTempWorkspace({ files: { 'big.txt': `${big}\n`, 'fits.txt': fits, 'over.txt': `${'y'.repeat(64 * 1024)}\nz\n` } });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    const result = await call(session, 'read_file', { path: 'big.txt' });
    // Header and lines together within the cap, no line cut: the next call starts where this one stopped.
    expect(Buffer.byteLength(result.content)).toBeLessThanOrEqual(64 * 1024);
    expect(result.content).not.toContain('output cut');
    const [header, ...body] = result.content.split('\n');
    const kept = body.length;
    expect(kept).toBeGreaterThan(1_600);
    expect(header).toBe(`big.txt (lines 1-${kept} of 1999; call again with offset ${kept + 1} for more)`);
    expect(body).toEqual(Array.from({ length: kept }, (_, index) => line(index + 1)));
    const next = await call(session, 'read_file', { path: 'big.txt', offset: kept + 1 });
    expect(next.content.split('\n').slice(1)).toEqual(Array.from({ length: 1_999 - kept }, (_, index) => line(kept + index + 1)));
    expect((await call(session, 'read_file', { path: 'fits.txt' })).content).toBe(fits);
    // A first line over the cap on its own is still returned (the central cap cuts it); the next line waits.
    expect((await call(session, 'read_file', { path: 'over.txt' })).content.split('\n')[0]).toBe('over.txt (lines 1-1 of 2; call again with offset 2 for more)');
  });
});

describe('list_dir and search_text', () => {
  it('lists a directory and finds text with workspace-relative paths', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'export const needle = 1;\n', 'src/sub/b.ts': 'needle();\n', 'README.md': '# x\n' } });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    expect((await call(session, 'list_dir', { path: 'src' })).content.split('\n').sort()).toEqual(['src/a.ts', 'src/sub/']);
    const search = await call(session, 'search_text', { query: 'needle', path: 'src' });
    expect(search.content).toBe('src/a.ts:1:14: export const needle = 1;\nsrc/sub/b.ts:1:1: needle();');
    expect(search.paths).toEqual(['src', 'src/a.ts', 'src/sub/b.ts']);
    expect((await call(session, 'search_text', { query: 'absent-text' })).content).toBe('No matches.');
  });
});

describe('lines shown out of their file lie inside a key block (issue 15, item 15)', () => {
  const random = new FakeRandom(1515);
  const rsa = fakePemKey(random, 'RSA PRIVATE KEY', 1200);
  const openssh = fakePemKey(random, 'OPENSSH PRIVATE KEY', 900);
  const files = {
    'keys/dev.pem': `${rsa.pem}\n`,
    'config/deploy.yml': `name: deploy\nssh_key: |\n  ${openssh.pem.split('\n').join('\n  ')}\nport: 22\n`,
  };
  const bodyLines = [...rsa.bodyLines, ...openssh.bodyLines];

  it('search_text does not return the body lines of a private key, whatever the query', async () => {
    await using workspace = await createTempWorkspace({ files });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    for (const query of ['A', 'a', '0', bodyLines[3]!.slice(10, 20), openssh.bodyLines[2]!.slice(5, 12)]) {
      const search = await call(session, 'search_text', { query, maxResults: 500 });
      for (const line of bodyLines) expect(search.content).not.toContain(line.slice(0, 24));
    }
    // Lines outside the key are found as before.
    expect((await call(session, 'search_text', { query: 'port: 22' })).content).toBe('config/deploy.yml:20:1: port: 22');
  });

  it('the "lines now" window of edit_file does not show the body of a key above or below the edit', async () => {
    await using workspace = await createTempWorkspace({ files });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session();
    const below = await call(session, 'edit_file', { path: 'config/deploy.yml', old_string: 'port: 22', new_string: 'port: 2222' });
    expect(below).toMatchObject({ ok: true });
    expect(below.content).toContain('port: 2222');
    const middle = bodyLines.indexOf(rsa.bodyLines[8]!);
    const inside = await call(session, 'edit_file', { path: 'keys/dev.pem', old_string: rsa.bodyLines[middle]!, new_string: 'A'.repeat(64) });
    expect(inside).toMatchObject({ ok: true });
    for (const result of [below, inside]) for (const line of bodyLines) expect(result.content).not.toContain(line.slice(0, 24));
  });
});
