import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { createFileMemoryStore } from './file-memory-store.js';

// Two real processes write one workspace's memory at once (issue 22): the scope's lock and one file per entry lose nothing.

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ENTRIES_PER_WRITER = 150;

function writeWriterScript(temp: TempWorkspace): string {
  const moduleUrl = new URL('./file-memory-store.ts', import.meta.url).href;
  return temp.write(
    'writer.mjs',
    `import { createFileMemoryStore } from ${JSON.stringify(moduleUrl)};\n` +
      `const [root, workspace, name, count, maxEntries] = process.argv.slice(2);\n` +
      `const store = createFileMemoryStore({ root, workspace, maxEntries: Number(maxEntries), maxBytes: 1 << 24 });\n` +
      `for (let index = 0; index < Number(count); index += 1) await store.create('workspace', name + ' ' + index + '\\n');\n`,
  );
}

function runWriter(script: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('createFileMemoryStore across processes', () => {
  it('keeps every entry two processes write at once', async () => {
    await using temp = await createTempWorkspace();
    const script = writeWriterScript(temp);
    const root = temp.path('memory');
    const count = String(ENTRIES_PER_WRITER);
    const results = await Promise.all([runWriter(script, [root, '/w', 'one', count, '10000']), runWriter(script, [root, '/w', 'two', count, '10000'])]);
    expect(results).toEqual([{ code: 0, stderr: '' }, { code: 0, stderr: '' }]);
    const listing = await createFileMemoryStore({ root, workspace: '/w', maxEntries: 10000, maxBytes: 1 << 24 }).list('workspace');
    expect(listing.problems).toEqual([]);
    const texts = new Set(listing.files.map((file) => file.text));
    for (const name of ['one', 'two']) for (let index = 0; index < ENTRIES_PER_WRITER; index += 1) expect(texts.has(`${name} ${index}\n`)).toBe(true);
    expect(listing.files).toHaveLength(2 * ENTRIES_PER_WRITER);
  }, 120_000);

  it('stays within maxEntries when two processes write past it at once', async () => {
    await using temp = await createTempWorkspace();
    const script = writeWriterScript(temp);
    const root = temp.path('memory');
    const results = await Promise.all([runWriter(script, [root, '/w', 'one', '60', '50']), runWriter(script, [root, '/w', 'two', '60', '50'])]);
    expect(results.map((result) => result.code)).toEqual([0, 0]);
    const listing = await createFileMemoryStore({ root, workspace: '/w', maxEntries: 50, maxBytes: 1 << 24 }).list('workspace');
    expect(listing.files).toHaveLength(50);
  }, 120_000);
});
