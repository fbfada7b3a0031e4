import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import { FileAccessError } from '../../core/index.js';

/**
 * The first and last halves of `maxBytes` of a file (joined by a line that
 * says how many bytes were dropped), for a log whose end matters: call it
 * after safeReadFile has found the file regular, readable and larger. Opened again without following a
 * symlink and without blocking (a FIFO swapped in meanwhile is refused, not
 * waited on), and checked to be a regular file once open.
 */
export async function readHeadAndTail(file: string, maxBytes: number, what: string): Promise<string> {
  const half = Math.floor(maxBytes / 2);
  const handle = await fs.open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new FileAccessError({ reason: 'not-a-regular-file', path: file, message: `${file} is no longer a regular file` });
    const head = Buffer.alloc(half);
    const tail = Buffer.alloc(half);
    const { bytesRead: headBytes } = await handle.read(head, 0, half, 0);
    const tailStart = Math.max(headBytes, stats.size - half);
    const { bytesRead: tailBytes } = await handle.read(tail, 0, half, tailStart);
    const dropped = tailStart - headBytes;
    const marker = dropped > 0 ? `\n[... ${dropped} bytes of ${what} dropped ...]\n` : '';
    return `${head.subarray(0, headBytes).toString('utf8')}${marker}${tail.subarray(0, tailBytes).toString('utf8')}`;
  } finally {
    await handle.close();
  }
}

