import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../core/index.js';
import { JOURNAL_RETENTION_MS, createFileJournal } from './file-journal.js';
import { journalDirectory } from './journal-directory.js';

async function tempDirectory(): Promise<{ root: string } & AsyncDisposable> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-journal-')));
  return { root, [Symbol.asyncDispose]: async () => fs.rmSync(root, { recursive: true, force: true }) };
}

function entry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: 'patch-1',
    runId: 'run-1',
    workspaceRoot: '/srv/app',
    createdAt: '2030-01-02T03:04:05.678Z',
    state: 'applying',
    files: [
      { path: 'src/a.ts', before: 'old\r\n', after: 'new ✓\n' },
      { path: 'src/b.ts', before: null, after: 'created\n' },
      { path: 'src/c.ts', before: 'deleted\n', after: null },
    ],
    ...overrides,
  };
}

/** The entry files under the journal, relative to it. */
function entryFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return (fs.readdirSync(directory, { recursive: true }) as string[]).filter((name) => name.endsWith('.json')).sort();
}

describe('createFileJournal', () => {
  it('writes one private JSON file per entry, reads it back newest first, and moves it between states', async () => {
    await using temp = await tempDirectory();
    const directory = path.join(temp.root, 'state', 'journal');
    const journal = createFileJournal({ directory, clock: { now: () => Date.parse('2030-01-03T00:00:00Z') } });
    await journal.begin(entry());
    await journal.begin(entry({ id: 'patch-2', createdAt: '2030-01-02T03:04:06.000Z' }));

    const [file] = entryFiles(directory);
    expect(file).toMatch(/^[0-9a-f]{16}\/20300102T030405678Z-patch-1\.json$/);
    expect(fs.statSync(path.join(directory, file!)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(path.join(directory, file!))).mode & 0o777).toBe(0o700);
    expect(fs.statSync(directory).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.dirname(path.join(directory, file!))).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    expect((await journal.pending('/srv/app')).map((item) => item.id)).toEqual(['patch-2', 'patch-1']);
    expect((await journal.pending('/srv/app'))[1]).toEqual(entry());
    await journal.setState('patch-2', 'applied');
    await journal.setState('patch-1', 'kept');
    expect(await journal.pending('/srv/app')).toEqual([entry({ id: 'patch-2', createdAt: '2030-01-02T03:04:06.000Z', state: 'applied' })]);

    // Another process (a fresh journal) finds the entry by its id alone.
    await createFileJournal({ directory }).setState('patch-2', 'rolled-back');
    expect(await journal.pending('/srv/app')).toEqual([]);
    await expect(journal.setState('no-such-patch', 'kept')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('keeps workspaces apart', async () => {
    await using temp = await tempDirectory();
    const journal = createFileJournal({ directory: temp.root });
    await journal.begin(entry({ id: 'in-app', workspaceRoot: '/srv/app' }));
    await journal.begin(entry({ id: 'in-app2', workspaceRoot: '/srv/app2' }));
    expect((await journal.pending('/srv/app')).map((item) => item.id)).toEqual(['in-app']);
    expect((await journal.pending('/srv/app2')).map((item) => item.id)).toEqual(['in-app2']);
    expect(await journal.pending('/srv/other')).toEqual([]);
    expect(new Set(entryFiles(temp.root).map((file) => path.dirname(file))).size).toBe(2);
  });

  it('skips corrupt, truncated, misshapen and symlinked entry files without failing', async () => {
    await using temp = await tempDirectory();
    const journal = createFileJournal({ directory: temp.root });
    await journal.begin(entry({ id: 'good' }));
    const folder = path.join(temp.root, path.dirname(entryFiles(temp.root)[0]!));
    fs.writeFileSync(path.join(folder, '20300102T030405679Z-torn.json'), '{"id":"torn","runId":"r","workspa');
    fs.writeFileSync(path.join(folder, '20300102T030405680Z-shape.json'), JSON.stringify({ ...entry({ id: 'shape' }), files: [{ path: 'a', before: 1 }] }));
    fs.writeFileSync(path.join(folder, '20300102T030405681Z-state.json'), JSON.stringify(entry({ id: 'state', state: 'weird' as JournalEntry['state'] })));
    fs.writeFileSync(path.join(temp.root, 'elsewhere.json'), JSON.stringify(entry({ id: 'linked' })));
    fs.symlinkSync(path.join(temp.root, 'elsewhere.json'), path.join(folder, '20300102T030405682Z-linked.json'));
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not an entry');
    expect((await journal.pending('/srv/app')).map((item) => item.id)).toEqual(['good']);
    await expect(journal.setState('torn', 'kept')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('prunes final entries older than 30 days when a patch begins, and keeps pending ones', async () => {
    await using temp = await tempDirectory();
    const now = Date.parse('2030-06-01T00:00:00Z');
    const old = new Date(now - JOURNAL_RETENTION_MS - 60_000).toISOString();
    const recent = new Date(now - JOURNAL_RETENTION_MS + 60_000).toISOString();
    // Written back then, by a journal whose clock says so.
    const earlier = createFileJournal({ directory: temp.root, clock: { now: () => Date.parse(old) } });
    await earlier.begin(entry({ id: 'old-kept', createdAt: old, state: 'kept' }));
    await earlier.begin(entry({ id: 'old-rolled', createdAt: old, state: 'rolled-back', workspaceRoot: '/srv/other' }));
    await earlier.begin(entry({ id: 'old-applied', createdAt: old, state: 'applied' }));
    await earlier.begin(entry({ id: 'recent-kept', createdAt: recent, state: 'kept' }));
    expect(entryFiles(temp.root)).toHaveLength(4);
    // Temp files a killed write left behind: the old one goes, a fresh one (maybe being written) stays.
    const folder = path.join(temp.root, path.dirname(entryFiles(temp.root)[0]!));
    const staleTemp = path.join(folder, '.20300101T000000000Z-x.json.0123456789ab.tmp');
    const freshTemp = path.join(folder, '.20300101T000000000Z-y.json.ba9876543210.tmp');
    fs.writeFileSync(staleTemp, '{');
    fs.writeFileSync(freshTemp, '{');
    fs.utimesSync(staleTemp, new Date(old), new Date(old));
    fs.utimesSync(freshTemp, new Date(now), new Date(now));

    const journal = createFileJournal({ directory: temp.root, clock: { now: () => now } });
    await journal.begin(entry({ id: 'new', createdAt: new Date(now).toISOString() }));
    const names = entryFiles(temp.root).map((file) => path.basename(file).replace(/^\d{8}T\d{9}Z-/, ''));
    expect(names.sort()).toEqual(['new.json', 'old-applied.json', 'recent-kept.json']);
    expect([fs.existsSync(staleTemp), fs.existsSync(freshTemp)]).toEqual([false, true]);
  });

  it('refuses an entry larger than 64 MiB, or with an id that is not a plain name, before writing anything', async () => {
    await using temp = await tempDirectory();
    const journal = createFileJournal({ directory: temp.root });
    const huge = 'x'.repeat(33 * 1024 * 1024);
    await expect(journal.begin(entry({ files: [{ path: 'a', before: huge, after: `${huge}y` }] }))).rejects.toMatchObject({ code: 'too-large' });
    await expect(journal.begin(entry({ id: '../escape' }))).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(journal.begin(entry({ createdAt: 'yesterday' }))).rejects.toMatchObject({ code: 'invalid-input' });
    expect(entryFiles(temp.root)).toEqual([]);
  });

  it('reports a journal it cannot write as one error', async () => {
    await using temp = await tempDirectory();
    fs.writeFileSync(path.join(temp.root, 'file'), '');
    const journal = createFileJournal({ directory: path.join(temp.root, 'file', 'journal') });
    await expect(journal.begin(entry())).rejects.toMatchObject({ code: 'journal-failed', message: expect.stringContaining('ENOTDIR') });
  });
});

describe('journalDirectory', () => {
  it('uses an absolute XDG_STATE_HOME, else ~/.local/state', () => {
    expect(journalDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me')).toBe('/var/state/me/brass-agent/journal');
    expect(journalDirectory({ XDG_STATE_HOME: 'relative/state' }, '/home/me')).toBe('/home/me/.local/state/brass-agent/journal');
    expect(journalDirectory({}, '/home/me')).toBe('/home/me/.local/state/brass-agent/journal');
  });
});
