import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { createFileSessionStore } from './file-session-store.js';

// Two real processes on one session: the second sees it read-only (and whole) while the first writes,
// and takes it over once the first is gone, killed or exited.

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const identity = <T>(value: T): T => value;

/** A holder script: creates session `shared`, says "ready", then appends 3,000 records of varying size and stays alive until killed (or exits at once). */
function writeHolderScript(temp: TempWorkspace): string {
  const moduleUrl = new URL('./file-session-store.ts', import.meta.url).href;
  return temp.write(
    'holder.mjs',
    `import { createFileSessionStore } from ${JSON.stringify(moduleUrl)};\n` +
      `const [directory, workspace, mode] = process.argv.slice(2);\n` +
      `const store = createFileSessionStore({ directory, redactValue: (value) => value });\n` +
      `const writer = await store.create({ kind: 'session', version: 1, id: 'shared', workspace, createdAt: new Date().toISOString() });\n` +
      `await writer.append({ kind: 'tick', index: 0, payload: '' });\n` +
      `if (mode === 'exit') process.exit(0);\n` +
      `process.stdout.write('ready\\n');\n` +
      // Bounded (about 30 MiB): unbounded, a slow reader let the file reach the store's size cap, the append threw and the holder exited early.
      `for (let index = 1; index <= 3000; index += 1) await writer.append({ kind: 'tick', index, payload: 'x'.repeat((index * 7919) % 20000) });\n` +
      `setInterval(() => {}, 60000);\n`,
  );
}

function startHolder(script: string, directory: string, workspace: string, mode: 'hold' | 'exit'): { child: ChildProcess; ready: Promise<void>; closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, directory, workspace, mode], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('ready\n')) resolve();
    });
    void closed.then(({ code, signal }) => reject(new Error(`the holder ended before it was ready (code ${code}, signal ${signal}): ${stderr}`)));
  });
  return { child, ready, closed };
}

function expectConsecutive(records: readonly { kind: string; index?: unknown }[]): void {
  records.forEach((record, position) => expect(record).toMatchObject({ kind: 'tick', index: position }));
}

describe('createFileSessionStore across processes', () => {
  it('opens a session another live process is writing read-only and whole, and takes it over after that process is killed', async () => {
    await using temp = await createTempWorkspace();
    const directory = temp.path('sessions');
    const workspace = temp.path('ws');
    fs.mkdirSync(workspace);
    const holder = startHolder(writeHolderScript(temp), directory, workspace, 'hold');
    try {
      await holder.ready;
      const store = createFileSessionStore({ directory, redactValue: identity });
      let lastCount = 0;
      for (let round = 0; round < 25; round += 1) {
        const opened = await store.open('shared', workspace);
        expect(opened.writer).toBeNull();
        expect(opened.readOnlyReason).toBe(`session shared is open in another brass-agent process (pid ${holder.child.pid})`);
        expectConsecutive(opened.records);
        expect(opened.records.length).toBeGreaterThanOrEqual(lastCount);
        lastCount = opened.records.length;
      }
      await expect(store.create({ kind: 'session', version: 1, id: 'shared', workspace, createdAt: new Date().toISOString() })).rejects.toMatchObject({ code: 'conflict' });
    } finally {
      holder.child.kill('SIGKILL');
    }
    expect((await holder.closed).signal).toBe('SIGKILL');
    // SIGKILL skips the exit hook: the lock is left behind, with a dead pid.
    expect(fs.existsSync(path.join(directory, 'shared.lock'))).toBe(true);

    const store = createFileSessionStore({ directory, redactValue: identity });
    const taken = await store.open('shared', workspace);
    expect(taken.readOnlyReason).toBeNull();
    expect(taken.records.length).toBeGreaterThan(1);
    expectConsecutive(taken.records);
    await taken.writer!.append({ kind: 'tick', index: taken.records.length });
    await taken.writer!.close();
    expect(fs.existsSync(path.join(directory, 'shared.lock'))).toBe(false);
    const reopened = await store.open('shared', workspace);
    expectConsecutive(reopened.records);
    await reopened.writer!.close();
    // Starting a TypeScript child through tsx is slow on a loaded machine; no time is asserted.
  }, 60_000);

  it('removes its lock when the holding process exits without closing', async () => {
    await using temp = await createTempWorkspace();
    const directory = temp.path('sessions');
    const workspace = temp.path('ws');
    fs.mkdirSync(workspace);
    const holder = startHolder(writeHolderScript(temp), directory, workspace, 'exit');
    holder.ready.catch(() => undefined);
    expect(await holder.closed).toEqual({ code: 0, signal: null });
    expect(fs.readdirSync(directory).sort()).toEqual(['shared.jsonl', 'shared.summary.json']);
    const opened = await createFileSessionStore({ directory, redactValue: identity }).open('shared', workspace);
    expect(opened.records).toEqual([{ kind: 'tick', index: 0, payload: '' }]);
    await opened.writer!.close();
  }, 60_000);
});
