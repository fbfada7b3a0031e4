import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFileJournal } from '../src/adapters/patch-journal/index.js';
import { rollbackLast } from '../src/agent/patch/index.js';
import { openTestRuntime } from './support/open-test-runtime.js';
import { type TempWorkspace, createTempWorkspace } from './support/temp-workspace.js';

// Issue 7: `kill -9` during apply, then `rollback --last` restores every file
// byte for byte from the journal (the killed process's memory is gone).

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'patch-kill', 'apply-then-hang.ts');

/** Every file under the workspace with its bytes and mode. */
function snapshotTree(workspace: TempWorkspace): Record<string, { bytes: string; mode: number }> {
  const tree: Record<string, { bytes: string; mode: number }> = {};
  for (const entry of fs.readdirSync(workspace.root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    tree[path.relative(workspace.root, absolute)] = { bytes: fs.readFileSync(absolute).toString('base64'), mode: fs.statSync(absolute).mode & 0o777 };
  }
  return tree;
}

/** Runs the fixture until it says "written", then kills it with SIGKILL. */
function applyAndKill(root: string, journalDirectory: string, writesBeforeHang: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, root, journalDirectory, String(writesBeforeHang)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let isKilled = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!isKilled && stdout.includes('written\n')) {
        isKilled = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (isKilled && signal === 'SIGKILL') resolve();
      else reject(new Error(`the fixture ended before it was killed (code ${code}, signal ${signal}): ${stdout}${stderr}`));
    });
  });
}

describe('kill -9 during apply', () => {
  it.each([
    { writesBeforeHang: 1, description: 'after the first file (a creation) was written' },
    { writesBeforeHang: 4, description: 'after every file, the deletion included, was written' },
  ])('rollback --last restores every file byte for byte $description', async ({ writesBeforeHang }) => {
    await using workspace = await createTempWorkspace({
      files: { 'run.sh': '#!/bin/sh\necho hi\n', 'src/a.ts': 'export const a = 1;\r\n// ünïcödé\n', 'src/gone.ts': 'export {};\n' },
    });
    fs.chmodSync(workspace.path('run.sh'), 0o755);
    const journalDirectory = fs.mkdtempSync(`${workspace.root}-journal-`);
    try {
      const before = snapshotTree(workspace);
      await applyAndKill(workspace.root, journalDirectory, writesBeforeHang);
      expect(fs.existsSync(workspace.path('new/created.ts'))).toBe(true);
      expect(snapshotTree(workspace)).not.toEqual(before);

      const journal = createFileJournal({ directory: journalDirectory });
      expect((await journal.pending(workspace.root)).map((entry) => [entry.runId, entry.state])).toEqual([['killed-run', 'applying']]);
      const runtime = await openTestRuntime(workspace.root, { rules: { allow: ['Tool(edit_file)'] } });
      const result = await rollbackLast({ runtime, journal, workspaceRoot: workspace.root });

      expect(result.removed).toEqual(['new/created.ts']);
      expect(snapshotTree(workspace)).toEqual(before);
      expect(fs.existsSync(workspace.path('new/created.ts'))).toBe(false);
      expect(await journal.pending(workspace.root)).toEqual([]);
    } finally {
      fs.rmSync(journalDirectory, { recursive: true, force: true });
    }
    // Starting a TypeScript child through tsx is slow on a loaded machine; no time is asserted.
  }, 60_000);
});
