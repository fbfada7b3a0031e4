import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
