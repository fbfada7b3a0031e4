import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRedactor, type SessionHeader } from '../../core/index.js';
import { FakeRandom, fakeSecret } from '../../../test/support/fake-secrets.js';
import { makeFifo, makeSymlink } from '../../../test/support/special-files.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { MAX_SESSION_RECORD_BYTES, createFileSessionStore } from './file-session-store.js';
import { STALE_UNPARSABLE_LOCK_MS } from './session-lock.js';
import { sessionsDirectory } from './sessions-directory.js';

const identity = <T>(value: T): T => value;

function header(id: string, workspace: string, createdAt = '2030-01-02T03:04:05.000Z'): SessionHeader {
  return { kind: 'session', version: 1, id, workspace, createdAt };
}

function setup(temp: TempWorkspace, redactValue: <T>(value: T) => T = identity) {
  const directory = temp.path('state/brass-agent/sessions');
  const workspace = temp.path('ws');
  fs.mkdirSync(workspace);
  return { directory, workspace, store: createFileSessionStore({ directory, redactValue }) };
}

describe('createFileSessionStore', () => {
  it('round-trips a session: header, records in order, summary; private files and an unlocked session after close', async () => {
    await using temp = await createTempWorkspace();
    const { directory, workspace, store } = setup(temp);
    const writer = await store.create(header('s-1', workspace));
    await writer.append({ kind: 'user', text: 'hello\nworld ünï' });
    await writer.append({ kind: 'assistant', parts: [{ type: 'text', text: 'hi' }] });
    await writer.updateSummary({ title: 'hello', turns: 1, updatedAt: '2030-01-02T03:05:00.000Z' });
    expect(fs.existsSync(path.join(directory, 's-1.lock'))).toBe(true);
    await writer.close();
    await writer.close();
    expect(fs.readdirSync(directory).sort()).toEqual(['s-1.jsonl', 's-1.summary.json']);
    expect(fs.statSync(directory).mode & 0o777).toBe(0o700);
    for (const name of fs.readdirSync(directory)) expect(fs.statSync(path.join(directory, name)).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(directory, 's-1.jsonl'), 'utf8').split('\n')).toHaveLength(4);

    const opened = await store.open('s-1', workspace);
    expect(opened.header).toEqual(header('s-1', workspace));
    expect(opened.records).toEqual([
      { kind: 'user', text: 'hello\nworld ünï' },
      { kind: 'assistant', parts: [{ type: 'text', text: 'hi' }] },
    ]);
    expect(opened.summary).toEqual({ id: 's-1', title: 'hello', workspace, createdAt: '2030-01-02T03:04:05.000Z', updatedAt: '2030-01-02T03:05:00.000Z', turns: 1 });
    expect(opened.readOnlyReason).toBeNull();
    await opened.writer!.append({ kind: 'user', text: 'again' });
    await opened.writer!.close();
    await expect(opened.writer!.append({ kind: 'user', text: 'late' })).rejects.toMatchObject({ code: 'closed' });
    const reopened = await store.open('s-1', workspace);
    expect(reopened.records.map((record) => record.text)).toEqual(['hello\nworld ünï', undefined, 'again']);
    await reopened.writer!.close();
    await expect(store.create(header('s-1', workspace))).rejects.toMatchObject({ code: 'conflict' });
  });

  it('tightens an existing directory of ours to 0700', async () => {
    await using temp = await createTempWorkspace();
    const { directory, workspace, store } = setup(temp);
    fs.mkdirSync(directory, { recursive: true, mode: 0o755 });
    fs.chmodSync(directory, 0o755);
    await (await store.create(header('a', workspace))).close();
    expect(fs.statSync(directory).mode & 0o777).toBe(0o700);
  });

  it('redacts records and the title with the workspace redactor before writing', async () => {
    await using temp = await createTempWorkspace();
    const redactor = createRedactor();
    const { directory, workspace, store } = setup(temp, (value) => redactor.redactValue(value).value);
    const secret = fakeSecret(new FakeRandom(16), 'github-classic').value;
    const writer = await store.create(header('r', workspace));
    await writer.append({ kind: 'tool-result', output: `GITHUB_TOKEN=${secret}`, nested: [{ text: `using ${secret}` }] });
    await writer.updateSummary({ title: `deploy with ${secret}`, turns: 1, updatedAt: '2030-01-02T03:05:00.000Z' });
    await writer.close();
    for (const name of fs.readdirSync(directory)) {
      const text = fs.readFileSync(path.join(directory, name), 'utf8');
      expect(text).not.toContain(secret);
    }
    expect(fs.readFileSync(path.join(directory, 'r.jsonl'), 'utf8')).toContain('[REDACTED:github-token]');
    const opened = await store.open('r', workspace);
    expect(opened.summary.title).toBe('deploy with [REDACTED:github-token]');
    await opened.writer!.close();
  });

  it('refuses an oversized record whole and keeps the file as it was', async () => {
    await using temp = await createTempWorkspace();
    const { directory, workspace, store } = setup(temp);
    const writer = await store.create(header('big', workspace));
    await writer.append({ kind: 'user', text: 'small' });
    const before = fs.readFileSync(path.join(directory, 'big.jsonl'));
    await expect(writer.append({ kind: 'tool-result', output: 'x'.repeat(MAX_SESSION_RECORD_BYTES) })).rejects.toMatchObject({ code: 'too-large', message: expect.stringContaining('nothing was written') });
    expect(fs.readFileSync(path.join(directory, 'big.jsonl'))).toEqual(before);
    await writer.append({ kind: 'user', text: 'still fine' });
    await writer.close();
    const reopened = await store.open('big', workspace);
    expect(reopened.records).toHaveLength(2);
    await reopened.writer!.close();
  });

  it.each([
    { description: 'a corrupt middle line', tail: '{"kind":"user","text":"a"}\n{"kind":"us\n{"kind":"user","text":"b"}\n', line: 3, problem: 'is not valid JSON' },
    { description: 'a torn last line', tail: '{"kind":"user","text":"a"}\n{"kind":"user","te', line: 3, problem: 'is cut off' },
    { description: 'a record without a kind', tail: '[1,2]\n', line: 2, problem: 'is not a session record' },
    { description: 'invalid UTF-8', tail: '{"kind":"user","text":"\xff"}\n', line: 2, problem: 'is not valid UTF-8' },
  ])('names the file and the line for $description', async ({ tail, line, problem }) => {
    await using temp = await createTempWorkspace();
    const { directory, workspace, store } = setup(temp);
    await (await store.create(header('c', workspace))).close();
    const file = path.join(directory, 'c.jsonl');
    fs.appendFileSync(file, Buffer.from(tail, 'latin1'));
    const error = await store.open('c', workspace).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'invalid-input' });
    expect((error as Error).message).toContain(`${file} line ${line} ${problem}`);
    // The failed open left no lock behind.
    expect(fs.existsSync(path.join(directory, 'c.lock'))).toBe(false);
  });

  it('refuses another workspace, an unknown id and an id that is not one', async () => {
    await using temp = await createTempWorkspace();
    const { directory, workspace, store } = setup(temp);
    await (await store.create(header('mine', workspace))).close();
    await expect(store.open('mine', '/other')).rejects.toMatchObject({ code: 'denied', message: `session mine belongs to workspace ${workspace}, not /other` });
    await expect(store.open('nope', workspace)).rejects.toMatchObject({ code: 'not-found', message: expect.stringContaining('session nope') });
    for (const id of ['../escape', '', 'a/b', 'x'.repeat(129), 'dot.ted', 'nul\0']) {
      await expect(store.open(id, workspace)).rejects.toMatchObject({ code: 'invalid-input' });
      await expect(store.create(header(id, workspace))).rejects.toMatchObject({ code: 'invalid-input' });
    }
    expect(fs.readdirSync(directory).sort()).toEqual(['mine.jsonl', 'mine.summary.json']);
  });

  it('refuses a FIFO, a symlink and an oversized file in place of a session file, in bounded time', async () => {
    await using temp = await createTempWorkspace();
    const { directory, workspace, store } = setup(temp);
    await (await store.create(header('real', workspace))).close();
    makeFifo(path.join(directory, 'fifo.jsonl'));
    await expect(store.open('fifo', workspace)).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('fifo.jsonl is a FIFO, not a regular file') });
    makeSymlink(path.join(directory, 'link.jsonl'), path.join(directory, 'real.jsonl'));
    await expect(store.open('link', workspace)).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('link.jsonl is a symbolic link') });
    // A sparse file: over the cap without writing 256 MiB.
    const huge = path.join(directory, 'huge.jsonl');
    fs.writeFileSync(huge, `${JSON.stringify(header('huge', workspace))}\n`);
    fs.truncateSync(huge, 257 * 1024 * 1024);
    await expect(store.open('huge', workspace)).rejects.toMatchObject({ code: 'too-large', message: expect.stringContaining('over the 256 MiB') });
  });

  it('lists the sessions of one workspace, newest first, with a corrupt summary as a problem and a missing one rebuilt from the header', async () => {
    await using temp = await createTempWorkspace();
    const { directory, workspace, store } = setup(temp);
    const times = { old: '2030-01-01T00:00:00.000Z', new: '2030-03-01T00:00:00.000Z', mid: '2030-02-01T00:00:00.000Z' };
    for (const [id, updatedAt] of Object.entries(times)) {
      const writer = await store.create(header(id, workspace, '2029-12-31T00:00:00.000Z'));
      await writer.updateSummary({ title: `title ${id}`, turns: 2, updatedAt });
      await writer.close();
    }
    await (await store.create(header('elsewhere', '/other/ws'))).close();
    await (await store.create(header('broken', workspace))).close();
    fs.writeFileSync(path.join(directory, 'broken.summary.json'), '{"id":"broken","tit');
    await (await store.create(header('orphan', workspace))).close();
    fs.rmSync(path.join(directory, 'orphan.summary.json'));
    makeFifo(path.join(directory, 'pipe.summary.json'));

    const { sessions, problems } = await store.list(workspace);
    expect(sessions.map((session) => session.id)).toEqual(['new', 'mid', 'old', 'orphan']);
    expect(sessions[0]).toEqual({ id: 'new', title: 'title new', workspace, createdAt: '2029-12-31T00:00:00.000Z', updatedAt: times.new, turns: 2 });
    expect(sessions[3]).toMatchObject({ id: 'orphan', title: '', turns: 0 });
    expect(problems).toEqual([
      { file: path.join(directory, 'broken.summary.json'), message: `${path.join(directory, 'broken.summary.json')} is not valid JSON` },
      { file: path.join(directory, 'pipe.summary.json'), message: `${path.join(directory, 'pipe.summary.json')} is a FIFO, not a regular file` },
    ]);
    // The open of a session with a corrupt summary still works: the records are the truth.
    const opened = await store.open('broken', workspace);
    expect(opened.summary).toMatchObject({ id: 'broken', title: '', turns: 0 });
    await opened.writer!.close();
    expect(await createFileSessionStore({ directory: temp.path('absent'), redactValue: identity }).list(workspace)).toEqual({ sessions: [], problems: [] });
  });

  it('opens read-only while a writer of this process holds the lock, and takes over a stale or unparsable-and-old lock', async () => {
    await using temp = await createTempWorkspace();
    const { directory, workspace, store } = setup(temp);
    const writer = await store.create(header('held', workspace));
    await writer.append({ kind: 'user', text: 'one' });
    const reader = await store.open('held', workspace);
    expect(reader.writer).toBeNull();
    expect(reader.readOnlyReason).toContain(`session held is open elsewhere in this brass-agent process (pid ${process.pid})`);
    expect(reader.records).toHaveLength(1);
    await expect(store.create(header('held', workspace))).rejects.toMatchObject({ code: 'conflict' });
    await writer.close();

    const lock = path.join(directory, 'held.lock');
    // A dead pid (beyond pid_max) on this host: stale.
    fs.writeFileSync(lock, JSON.stringify({ pid: 2 ** 30, hostname: (await import('node:os')).hostname(), createdAt: '2030-01-01T00:00:00.000Z', token: 'dead' }));
    const afterDead = await store.open('held', workspace);
    expect(afterDead.writer).not.toBeNull();
    await afterDead.writer!.close();
    expect(fs.existsSync(lock)).toBe(false);

    fs.writeFileSync(lock, '{"pid":');
    expect((await store.open('held', workspace)).readOnlyReason).toContain('session held is open in another brass-agent process');
    const old = (Date.now() - STALE_UNPARSABLE_LOCK_MS - 5_000) / 1000;
    fs.utimesSync(lock, old, old);
    const afterOld = await store.open('held', workspace);
    expect(afterOld.writer).not.toBeNull();
    await afterOld.writer!.close();
  });
});

describe('sessionsDirectory', () => {
  it('uses an absolute XDG_STATE_HOME, else ~/.local/state', () => {
    expect(sessionsDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me')).toBe('/var/state/me/brass-agent/sessions');
    expect(sessionsDirectory({ XDG_STATE_HOME: 'relative' }, '/home/me')).toBe('/home/me/.local/state/brass-agent/sessions');
    expect(sessionsDirectory({}, '/home/me')).toBe('/home/me/.local/state/brass-agent/sessions');
  });
});
