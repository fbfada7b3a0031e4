import fs from 'node:fs';

/**
 * Reads at most `maxBytes` from the start of an open file descriptor,
 * looping because one `read` may return fewer bytes than asked. Returns the
 * bytes read (fewer when the file is shorter).
 */
export function readFileHeadSync(fd: number, maxBytes: number): Buffer {
  const buffer = Buffer.allocUnsafe(maxBytes);
  let filled = 0;
  while (filled < maxBytes) {
    const bytesRead = fs.readSync(fd, buffer, filled, maxBytes - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === maxBytes ? buffer : buffer.subarray(0, filled);
}
