import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeOutsideSecret, makeSymlink } from '../../../test/support/special-files.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { writeRunRecord } from './write-run-record.js';

describe('writeRunRecord', () => {
  it('creates DIR and DIR/<runId> with the files', async () => {
    await using temp = await createTempWorkspace();
    const written = await writeRunRecord({ directory: temp.path('runs/nested'), runId: 'run-1', files: { 'result.json': '{}\n', 'patch.diff': 'diff\n' } });
    expect(written).toBe(temp.path('runs/nested/run-1'));
    expect(fs.readdirSync(written).sort()).toEqual(['patch.diff', 'result.json']);
    expect(fs.readFileSync(temp.path('runs/nested/run-1/result.json'), 'utf8')).toBe('{}\n');
  });

  it('never overwrites an existing record', async () => {
    await using temp = await createTempWorkspace({ files: { 'runs/run-1/result.json': 'old' } });
    await expect(writeRunRecord({ directory: temp.path('runs'), runId: 'run-1', files: { 'result.json': 'new' } })).rejects.toThrow(/--save-run: .*already exists/);
    expect(fs.readFileSync(temp.path('runs/run-1/result.json'), 'utf8')).toBe('old');
  });

  it('refuses a run id or file name that is not one plain segment', async () => {
    await using temp = await createTempWorkspace();
    await expect(writeRunRecord({ directory: temp.root, runId: '../escape', files: {} })).rejects.toThrow(/plain file name/);
    await expect(writeRunRecord({ directory: temp.root, runId: 'ok', files: { '../x': '' } })).rejects.toThrow(/plain file name/);
    expect(fs.readdirSync(temp.root)).toEqual([]);
  });

  it('refuses a DIR that is a symlink, as --patch-file refuses one, and writes nothing where it points (issue 15, item 13)', async () => {
    await using temp = await createTempWorkspace();
    const outside = makeOutsideSecret();
    try {
      const target = path.dirname(outside.file);
      makeSymlink(temp.path('runs'), target);
      await expect(writeRunRecord({ directory: temp.path('runs'), runId: 'run-1', files: { 'result.json': '{}' } })).rejects.toThrow(/--save-run: .*runs is a symbolic link/);
      expect(fs.readdirSync(target)).toEqual(['id_rsa']);
      // A dangling one, too: mkdir must not create its target.
      makeSymlink(temp.path('dangling'), path.join(target, 'made-by-brass'));
      await expect(writeRunRecord({ directory: temp.path('dangling'), runId: 'run-1', files: {} })).rejects.toThrow(/--save-run/);
      expect(fs.readdirSync(target)).toEqual(['id_rsa']);
    } finally {
      outside.dispose();
    }
  });

  it('refuses a DIR that is a file', async () => {
    await using temp = await createTempWorkspace({ files: { 'runs': 'x' } });
    await expect(writeRunRecord({ directory: temp.path('runs'), runId: 'run-1', files: {} })).rejects.toThrow(/--save-run/);
  });
});
