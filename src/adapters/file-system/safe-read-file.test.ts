import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { isPathInside } from '../../core/index.js';
import type { ReadFileRequest } from '../../core/index.js';
import { SYNC_READ_MAX_BYTES, safeReadFile } from './safe-read-file.js';

const MIB = 1024 * 1024;
/** Fails a test that would hang (an open blocking on a FIFO) instead of waiting forever. */
const HANG_GUARD_MS = 5_000;

/** A temp dir holding the workspace `ws/` and a sibling `outside/` with a secret. */
async function createLayout(): Promise<{ base: TempWorkspace; workspace: string; outside: string; secret: string }> {
  const base = await createTempWorkspace({ files: { 'ws/.keep': '', 'outside/secret.txt': 'TOP-SECRET' } });
  return { base, workspace: base.path('ws'), outside: base.path('outside'), secret: base.path('outside/secret.txt') };
}

function requestFor(target: string, workspace: string, overrides: Partial<ReadFileRequest> = {}): ReadFileRequest {
  return { path: target, maxBytes: MIB, isContained: (realPath) => isPathInside(realPath, workspace, false), ...overrides };
}

function openDescriptorCount(): number {
  return fs.readdirSync('/proc/self/fd').length;
}

describe('safeReadFile', () => {
  it.each([
    { name: 'a normal file', bytes: Buffer.from('line one\nline two\n'), content: 'line one\nline two\n', encoding: 'utf8' },
    { name: 'an empty file', bytes: Buffer.alloc(0), content: '', encoding: 'utf8' },
    { name: 'a BOM, kept as-is', bytes: Buffer.from('\uFEFFhello', 'utf8'), content: '\uFEFFhello', encoding: 'utf8' },
    { name: 'invalid UTF-8, replaced', bytes: Buffer.from([0x61, 0xff, 0x62, 0xc3]), content: 'a\uFFFDb\uFFFD', encoding: 'utf8-lossy' },
    { name: 'a NUL byte after the first 8 KiB', bytes: Buffer.concat([Buffer.alloc(8 * 1024, 'x'), Buffer.from([0])]), content: `${'x'.repeat(8 * 1024)}\0`, encoding: 'utf8' },
  ])('reads $name whole', async ({ bytes, content, encoding }) => {
    await using base = await createTempWorkspace();
    const target = base.write('file.txt', bytes);
    const result = await safeReadFile(requestFor(target, base.root));
    expect(result).toEqual({ content, bytes: bytes.length, totalBytes: bytes.length, truncated: false, encoding });
  });

  it.each([
    { name: 'exactly at the cap', text: 'abcdefghij', maxBytes: 10, content: 'abcdefghij', truncated: false },
    { name: 'a character ending at the cap', text: 'abcdefg€xyz', maxBytes: 10, content: 'abcdefg€', truncated: true },
    { name: '3-byte character straddling the cap by 1', text: 'abcdefghi€xyz', maxBytes: 10, content: 'abcdefghi', truncated: true },
    { name: '3-byte character straddling the cap by 2', text: 'abcdefgh€xyz', maxBytes: 10, content: 'abcdefgh', truncated: true },
    { name: '4-byte character straddling the cap by 1', text: 'abcdefg😀xyz', maxBytes: 10, content: 'abcdefg', truncated: true },
    { name: '4-byte character straddling the cap by 3', text: 'abcdefghi😀xyz', maxBytes: 10, content: 'abcdefghi', truncated: true },
    { name: 'a cap of zero', text: 'abc', maxBytes: 0, content: '', truncated: true },
  ])('cuts $name on a character boundary', async ({ text, maxBytes, content, truncated }) => {
    await using base = await createTempWorkspace();
    const target = base.write('file.txt', text);
    const result = await safeReadFile(requestFor(target, base.root, { maxBytes }));
    expect(result).toEqual({
      content,
      bytes: Buffer.byteLength(content),
      totalBytes: Buffer.byteLength(text),
      truncated,
      encoding: 'utf8',
    });
  });

  it('reads only about maxBytes of a 200 MB file', async () => {
    await using base = await createTempWorkspace();
    const target = base.write('huge.log', 'a log line of text\n'.repeat(200_000));
    fs.truncateSync(target, 200 * MIB);
    const readBefore = readSyscallBytes();
    const result = await safeReadFile(requestFor(target, base.root, { maxBytes: MIB }));
    const readBytes = readSyscallBytes() - readBefore;
    expect(result.bytes).toBe(MIB);
    expect(result.content.length).toBe(MIB);
    expect(result.totalBytes).toBe(200 * MIB);
    expect(result.truncated).toBe(true);
    // /proc/self/io counts every byte this process read; the whole file would be 200 MiB.
    expect(readBytes).toBeLessThan(8 * MIB);
  });

  it('refuses a binary file without returning its content', async () => {
    await using base = await createTempWorkspace();
    const target = base.write('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a, 0x0a]));
    await expect(safeReadFile(requestFor(target, base.root))).rejects.toMatchObject({
      reason: 'binary',
      message: `${target} is a binary file (7 bytes); not shown`,
    });
  });

  it('refuses a FIFO without hanging', { timeout: HANG_GUARD_MS }, async () => {
    await using base = await createTempWorkspace();
    const fifo = base.path('pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(safeReadFile(requestFor(fifo, base.root))).rejects.toMatchObject({
      reason: 'not-a-regular-file',
      message: `${fifo} is a FIFO, not a regular file`,
    });
  });

  it('refuses a socket', async () => {
    await using base = await createTempWorkspace();
    const socketPath = base.path('app.sock');
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      await expect(safeReadFile(requestFor(socketPath, base.root))).rejects.toMatchObject({ reason: 'not-a-regular-file', message: expect.stringContaining('is a socket') });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a character device (/dev/zero) even when told it is contained', { timeout: HANG_GUARD_MS }, async () => {
    await expect(safeReadFile({ path: '/dev/zero', maxBytes: MIB, isContained: () => true })).rejects.toMatchObject({
      reason: 'not-a-regular-file',
      message: '/dev/zero is a device, not a regular file',
    });
  });

  it('refuses a directory', async () => {
    await using base = await createTempWorkspace({ files: { 'src/a.ts': '' } });
    await expect(safeReadFile(requestFor(base.path('src'), base.root))).rejects.toMatchObject({ reason: 'is-a-directory' });
  });

  it.each([
    { name: 'a missing file', relative: 'missing.txt' },
    { name: 'a path under a file', relative: 'file.txt/child' },
  ])('reports $name as not found', async ({ relative }) => {
    await using base = await createTempWorkspace({ files: { 'file.txt': 'x' } });
    await expect(safeReadFile(requestFor(base.path(relative), base.root))).rejects.toMatchObject({
      reason: 'not-found',
      message: `${base.path(relative)} does not exist`,
    });
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects maxBytes %s as invalid input', async (maxBytes) => {
    await using base = await createTempWorkspace({ files: { 'a.txt': 'hello' } });
    await expect(safeReadFile(requestFor(base.path('a.txt'), base.root, { maxBytes }))).rejects.toMatchObject({ code: 'invalid-input', field: 'maxBytes' });
  });

  it('rejects with the abort reason when already aborted', async () => {
    await using base = await createTempWorkspace({ files: { 'a.txt': 'hello' } });
    const controller = new AbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(safeReadFile(requestFor(base.path('a.txt'), base.root, { signal: controller.signal }))).rejects.toBe(reason);
  });

  it('stops between reads when aborted after the open, and closes the descriptor', async () => {
    await using base = await createTempWorkspace({ files: { 'a.txt': 'hello' } });
    const controller = new AbortController();
    const reason = new Error('stop');
    const before = openDescriptorCount();
    const reading = safeReadFile(requestFor(base.path('a.txt'), base.root, { signal: controller.signal }), {
      afterOpen: async () => controller.abort(reason),
    });
    await expect(reading).rejects.toBe(reason);
    expect(openDescriptorCount()).toBe(before);
  });

  describe('when the file changes between the scope check and the open', () => {
    it('reports a file deleted before the open as not found', async () => {
      await using base = await createTempWorkspace({ files: { 'a.txt': 'hello' } });
      const target = base.path('a.txt');
      const reading = safeReadFile(requestFor(target, base.root), { beforeOpen: async () => fs.rmSync(target) });
      await expect(reading).rejects.toMatchObject({ reason: 'not-found' });
    });

    it.each([true, false])('refuses a file replaced by a symlink to an outside file (useProcFd %s)', async (useProcFd) => {
      const { base, workspace, secret } = await createLayout();
      await using _base = base;
      const target = path.join(workspace, 'a.txt');
      fs.writeFileSync(target, 'inside');
      const reading = safeReadFile(requestFor(target, workspace), {
        useProcFd,
        beforeOpen: async () => {
          fs.rmSync(target);
          fs.symlinkSync(secret, target);
        },
      });
      await expect(reading).rejects.toMatchObject({ reason: 'changed-during-access' });
      await expect(reading).rejects.not.toHaveProperty('message', expect.stringContaining('TOP-SECRET'));
    });

    it('refuses a file replaced by a symlink even to another inside file (O_NOFOLLOW)', async () => {
      await using base = await createTempWorkspace({ files: { 'a.txt': 'hello', 'b.txt': 'other' } });
      const target = base.path('a.txt');
      const reading = safeReadFile(requestFor(target, base.root), {
        beforeOpen: async () => {
          fs.rmSync(target);
          fs.symlinkSync(base.path('b.txt'), target);
        },
      });
      await expect(reading).rejects.toMatchObject({ reason: 'changed-during-access', message: expect.stringContaining('is now a symbolic link') });
    });

    it.each([true, false])('refuses a parent directory replaced by a symlink to an outside one (useProcFd %s)', async (useProcFd) => {
      const { base, workspace, outside } = await createLayout();
      await using _base = base;
      const directory = path.join(workspace, 'config');
      fs.mkdirSync(directory);
      fs.writeFileSync(path.join(directory, 'secret.txt'), 'inside');
      const reading = safeReadFile(requestFor(path.join(directory, 'secret.txt'), workspace), {
        useProcFd,
        beforeOpen: async () => {
          fs.renameSync(directory, path.join(workspace, 'config-moved'));
          fs.symlinkSync(outside, directory);
        },
      });
      await expect(reading).rejects.toMatchObject({ reason: 'changed-during-access', message: expect.stringContaining('outside the workspace') });
    });

    it('refuses a file replaced by a FIFO without hanging (fstat check)', { timeout: HANG_GUARD_MS }, async () => {
      await using base = await createTempWorkspace({ files: { 'a.txt': 'hello' } });
      const target = base.path('a.txt');
      const before = openDescriptorCount();
      const reading = safeReadFile(requestFor(target, base.root), {
        beforeOpen: async () => {
          fs.rmSync(target);
          execFileSync('mkfifo', [target]);
        },
      });
      await expect(reading).rejects.toMatchObject({ reason: 'not-a-regular-file', message: `${target} is a FIFO, not a regular file` });
      expect(openDescriptorCount()).toBe(before);
    });
  });

  describe('hard links (issue 15, item 10)', () => {
    it('refuses a file with a second name outside the workspace, and any file with more than one link', async () => {
      const { base, workspace, secret } = await createLayout();
      await using _base = base;
      fs.linkSync(secret, path.join(workspace, 'planted.txt'));
      await expect(safeReadFile(requestFor(path.join(workspace, 'planted.txt'), workspace))).rejects.toMatchObject({ reason: 'not-a-regular-file', message: expect.stringMatching(/has 2 hard links/) });
      fs.writeFileSync(path.join(workspace, 'own.txt'), 'inside');
      fs.linkSync(path.join(workspace, 'own.txt'), path.join(workspace, 'twin.txt'));
      await expect(safeReadFile(requestFor(path.join(workspace, 'own.txt'), workspace))).rejects.toMatchObject({ reason: 'not-a-regular-file' });
    });

    it('reads a hard-linked file a person named when the caller allows it', async () => {
      const { base, workspace, secret } = await createLayout();
      await using _base = base;
      fs.linkSync(secret, path.join(workspace, 'mine.txt'));
      const result = await safeReadFile({ ...requestFor(path.join(workspace, 'mine.txt'), workspace), isHardLinkAllowed: true });
      expect(result.content).toBe('TOP-SECRET');
    });
  });
});

// The same checks on both sets of calls (see SYNC_READ_MAX_BYTES): `auto`, the default, runs every test above.
describe.each(['sync', 'async'] as const)('safeReadFile on %s calls', (calls) => {
  it('reads a normal file and closes the descriptor', async () => {
    await using base = await createTempWorkspace({ files: { 'a.txt': 'line one\n' } });
    const before = openDescriptorCount();
    await expect(safeReadFile(requestFor(base.path('a.txt'), base.root), { calls })).resolves.toEqual({ content: 'line one\n', bytes: 9, totalBytes: 9, truncated: false, encoding: 'utf8' });
    expect(openDescriptorCount()).toBe(before);
  });

  it('refuses a FIFO before opening it, without blocking', { timeout: HANG_GUARD_MS }, async () => {
    await using base = await createTempWorkspace();
    const fifo = base.path('pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(safeReadFile(requestFor(fifo, base.root), { calls })).rejects.toMatchObject({ reason: 'not-a-regular-file', message: `${fifo} is a FIFO, not a regular file` });
  });

  it('refuses a file replaced by a FIFO between the check and the open, without blocking', { timeout: HANG_GUARD_MS }, async () => {
    await using base = await createTempWorkspace({ files: { 'a.txt': 'hello' } });
    const target = base.path('a.txt');
    const before = openDescriptorCount();
    const reading = safeReadFile(requestFor(target, base.root), {
      calls,
      beforeOpen: async () => {
        fs.rmSync(target);
        execFileSync('mkfifo', [target]);
      },
    });
    await expect(reading).rejects.toMatchObject({ reason: 'not-a-regular-file', message: `${target} is a FIFO, not a regular file` });
    expect(openDescriptorCount()).toBe(before);
  });

  it('refuses a character device before opening it', { timeout: HANG_GUARD_MS }, async () => {
    await expect(safeReadFile({ path: '/dev/zero', maxBytes: MIB, isContained: () => true }, { calls })).rejects.toMatchObject({ reason: 'not-a-regular-file' });
  });

  it.each([true, false])('refuses a file swapped for a symlink to an outside file between the check and the open (useProcFd %s)', async (useProcFd) => {
    const { base, workspace, secret } = await createLayout();
    await using _base = base;
    const target = path.join(workspace, 'a.txt');
    fs.writeFileSync(target, 'inside');
    const reading = safeReadFile(requestFor(target, workspace), {
      calls,
      useProcFd,
      beforeOpen: async () => {
        fs.rmSync(target);
        fs.symlinkSync(secret, target);
      },
    });
    await expect(reading).rejects.toMatchObject({ reason: 'changed-during-access', message: expect.stringContaining('is now a symbolic link') });
  });

  it.each([true, false])('refuses an outside file opened through a parent swapped for a symlink, even when the swap is undone (useProcFd %s)', async (useProcFd) => {
    const { base, workspace, outside } = await createLayout();
    await using _base = base;
    const directory = path.join(workspace, 'config');
    const moved = path.join(workspace, 'config-moved');
    fs.mkdirSync(directory);
    fs.writeFileSync(path.join(directory, 'secret.txt'), 'inside');
    const reading = safeReadFile(requestFor(path.join(directory, 'secret.txt'), workspace), {
      calls,
      useProcFd,
      beforeOpen: async () => {
        fs.renameSync(directory, moved);
        fs.symlinkSync(outside, directory);
      },
      afterOpen: async () => {
        fs.rmSync(directory);
        fs.renameSync(moved, directory);
      },
    });
    // With /proc the descriptor's path is outside; without it the path is
    // inside again but names another inode than the one opened.
    await expect(reading).rejects.toMatchObject({ reason: 'changed-during-access' });
  });

  it('refuses a file whose parent is a symlink to an outside folder', async () => {
    const { base, workspace, outside } = await createLayout();
    await using _base = base;
    fs.symlinkSync(outside, path.join(workspace, 'linked'));
    await expect(safeReadFile(requestFor(path.join(workspace, 'linked', 'secret.txt'), workspace), { calls })).rejects.toMatchObject({
      reason: 'changed-during-access',
      message: expect.stringContaining('outside the workspace'),
    });
  });

  it('refuses a file with a second hard link unless allowed', async () => {
    const { base, workspace, secret } = await createLayout();
    await using _base = base;
    const planted = path.join(workspace, 'planted.txt');
    fs.linkSync(secret, planted);
    await expect(safeReadFile(requestFor(planted, workspace), { calls })).rejects.toMatchObject({ reason: 'not-a-regular-file', message: expect.stringMatching(/has 2 hard links/) });
    await expect(safeReadFile({ ...requestFor(planted, workspace), isHardLinkAllowed: true }, { calls })).resolves.toMatchObject({ content: 'TOP-SECRET' });
  });

  it('refuses a binary file and cuts on a character boundary', async () => {
    await using base = await createTempWorkspace({ files: { 'text.txt': 'abcdefghi€xyz' } });
    base.write('binary.bin', Buffer.from([0x61, 0, 0x62]));
    await expect(safeReadFile(requestFor(base.path('binary.bin'), base.root), { calls })).rejects.toMatchObject({ reason: 'binary' });
    await expect(safeReadFile(requestFor(base.path('text.txt'), base.root, { maxBytes: 10 }), { calls })).resolves.toMatchObject({ content: 'abcdefghi', truncated: true });
  });
});

describe('safeReadFile choosing its calls', () => {
  it('reads a file that grew past the synchronous size after the check, up to the cap', async () => {
    await using base = await createTempWorkspace({ files: { 'grows.txt': 'small' } });
    const target = base.path('grows.txt');
    const grown = Buffer.alloc(SYNC_READ_MAX_BYTES * 2, 'x');
    const result = await safeReadFile(requestFor(target, base.root, { maxBytes: SYNC_READ_MAX_BYTES * 4 }), { beforeOpen: async () => fs.writeFileSync(target, grown) });
    expect(result).toMatchObject({ bytes: grown.length, totalBytes: grown.length, truncated: false });
  });

  it('reads the capped start of a file larger than the synchronous size', async () => {
    await using base = await createTempWorkspace();
    const target = base.write('large.txt', Buffer.alloc(SYNC_READ_MAX_BYTES + 10, 'y'));
    await expect(safeReadFile(requestFor(target, base.root, { maxBytes: SYNC_READ_MAX_BYTES * 2 }))).resolves.toMatchObject({ bytes: SYNC_READ_MAX_BYTES + 10, truncated: false });
    await expect(safeReadFile(requestFor(target, base.root, { maxBytes: 4 }))).resolves.toMatchObject({ content: 'yyyy', truncated: true });
  });
});

/** Bytes this process has read through read syscalls (`rchar` of /proc/self/io). */
function readSyscallBytes(): number {
  const match = /^rchar:\s*(\d+)$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'));
  if (match === null) throw new Error('/proc/self/io has no rchar line');
  return Number(match[1]);
}
