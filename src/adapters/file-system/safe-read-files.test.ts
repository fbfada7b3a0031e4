import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { isPathInside } from '../../core/index.js';
import { safeReadFiles } from './safe-read-files.js';

/** Fails a test that would hang (an open blocking on a FIFO) instead of waiting forever. */
const HANG_GUARD_MS = 5_000;

const decode = (data: Uint8Array, file: { start: number; end: number }) => Buffer.from(data.subarray(file.start, file.end)).toString('utf8');

describe('safeReadFiles', () => {
  it('refuses each hostile file in its own slot and reads every other file, end to end in one buffer', { timeout: HANG_GUARD_MS }, async () => {
    await using base = await createTempWorkspace({ files: { 'ws/a.ts': 'export const a = 1;\n', 'ws/b.ts': 'é'.repeat(10), 'ws/own.ts': 'own\n', 'outside/secret.txt': 'TOP-SECRET' } });
    const workspace = base.path('ws');
    const isContained = (realPath: string) => isPathInside(realPath, workspace, false);
    fs.symlinkSync(base.path('outside/secret.txt'), base.path('ws/link-out.ts'));
    execFileSync('mkfifo', [base.path('ws/pipe.ts')]);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(base.path('ws/socket.ts'), resolve));
    fs.linkSync(base.path('outside/secret.txt'), base.path('ws/planted.ts'));
    base.write('ws/binary.ts', Buffer.from([0x61, 0x00, 0x62]));
    const paths = ['a.ts', 'link-out.ts', 'pipe.ts', 'socket.ts', 'planted.ts', 'binary.ts', 'missing.ts', 'b.ts'].map((name) => base.path(`ws/${name}`));
    try {
      const { files, data } = await safeReadFiles({ paths: [...paths, '/dev/zero', base.path('ws/own.ts')], maxBytes: 15, isContained });
      const outcomes = files.map((file) => ('error' in file ? (file.error as { reason: string }).reason : decode(data, file)));
      expect(outcomes).toEqual([
        'export const a ',
        'changed-during-access',
        'not-a-regular-file',
        'not-a-regular-file',
        'not-a-regular-file',
        'binary',
        'not-found',
        // 15 bytes of two-byte characters: cut before the one the cap splits.
        'é'.repeat(7),
        'not-a-regular-file',
        'own\n',
      ]);
      expect(files[0]).toMatchObject({ totalBytes: 20, truncated: true });
      expect(files[9]).toMatchObject({ totalBytes: 4, truncated: false });
      expect(Buffer.from(data).toString('utf8')).toBe(`export const a ${'é'.repeat(7)}own\n`);
      expect(Buffer.from(data).toString('utf8')).not.toContain('SECRET');
      expect(files.map((file) => ('error' in file ? (file.error as Error).message : '')).filter((message) => message !== '')).toEqual([
        `${paths[1]} is now a symbolic link; it changed after the path was checked, so it is not read`,
        `${paths[2]} is a FIFO, not a regular file`,
        `${paths[3]} is a socket, not a regular file`,
        expect.stringContaining(`${paths[4]} has 2 hard links`),
        `${paths[5]} is a binary file (3 bytes); not shown`,
        `${paths[6]} does not exist`,
        '/dev/zero is a device, not a regular file',
      ]);
    } finally {
      server.close();
    }
  });

  it('refuses a file whose parent is a symlink to an outside folder, checked on the opened descriptor', async () => {
    await using base = await createTempWorkspace({ files: { 'ws/a.ts': 'a\n', 'outside/secret.ts': 'TOP-SECRET' } });
    const workspace = base.path('ws');
    fs.symlinkSync(base.path('outside'), base.path('ws/linked'));
    const { files, data } = await safeReadFiles({ paths: [base.path('ws/linked/secret.ts'), base.path('ws/a.ts')], maxBytes: 1024, isContained: (realPath) => isPathInside(realPath, workspace, false) });
    expect(files[0]).toMatchObject({ error: { reason: 'changed-during-access', message: expect.stringContaining(`now leads to ${base.path('outside/secret.ts')}, outside the workspace`) } });
    expect(Buffer.from(data).toString('utf8')).toBe('a\n');
  });

  it('grows its buffer past the first size for many files', async () => {
    const files: Record<string, string> = {};
    for (let number = 0; number < 40; number += 1) files[`f${number}.ts`] = `${number}:${'x'.repeat(20_000)}\n`;
    await using base = await createTempWorkspace({ files });
    const paths = Object.keys(files).map((name) => base.path(name));
    const read = await safeReadFiles({ paths, maxBytes: 64 * 1024, isContained: () => true });
    expect(read.files.map((file) => ('error' in file ? null : decode(read.data, file)))).toEqual(Object.values(files));
  });

  it.each([-1, 1.5, Number.NaN, 1024 * 1024 + 1])('rejects maxBytes %s as invalid input', async (maxBytes) => {
    await expect(safeReadFiles({ paths: [], maxBytes, isContained: () => true })).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('rejects with the abort reason when aborted', async () => {
    await using base = await createTempWorkspace({ files: { 'a.ts': 'a\n' } });
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(safeReadFiles({ paths: [base.path('a.ts')], maxBytes: 10, isContained: () => true, signal: controller.signal })).rejects.toThrow('stop');
  });
});
