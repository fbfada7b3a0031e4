import fs from 'node:fs';
import { BrassError, InvalidInputError, type SessionHeader, type SessionRecord } from '../../core/index.js';
import { fileKindOf } from '../file-system/assert-regular-file.js';
import { errnoCode } from '../file-system/to-file-access-error.js';
import { isSessionRecord, parseSessionHeader, SESSION_FORMAT_VERSION } from './parse-session-files.js';

/** Read-only, never through a symlink, never blocking on a FIFO swapped in after the lstat. */
export const OPEN_READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
const READ_CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** Limits of one read. */
export interface SessionFileLimits {
  maxFileBytes: number;
  maxLineBytes: number;
}

/** A session file's content. */
export interface SessionFileContent {
  header: SessionHeader;
  records: SessionRecord[];
}

/**
 * Reads a session file line by line (chunks of 64 KiB, never one string of
 * the whole file), up to its size when opened: a writer appending meanwhile
 * cannot make the read unbounded. Returns null when there is no file.
 *
 * Throws InvalidInputError naming the file for anything but a regular file
 * (symlink, FIFO, device), and naming the file and line for a line that is
 * not UTF-8 or JSON, a first line that is not this session's header, a
 * record without a `kind`, a line over `maxLineBytes`, and a last line with
 * no newline (a torn append) unless `isTornTailIgnored` (another process is
 * appending, so the tail may be its write in progress); BrassError
 * `too-large` for a file over `maxFileBytes`.
 */
export async function readSessionFile(file: string, id: string, limits: SessionFileLimits, options: { isTornTailIgnored: boolean }): Promise<SessionFileContent | null> {
  let handle: fs.promises.FileHandle;
  try {
    const stats = await fs.promises.lstat(file);
    assertReadable(file, stats, limits);
    handle = await fs.promises.open(file, OPEN_READ_FLAGS);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    if (errnoCode(error) === 'ELOOP') throw notRegular(file, 'a symbolic link');
    throw error;
  }
  try {
    const stats = await handle.stat();
    assertReadable(file, stats, limits);
    return await readLines(handle, stats.size, file, id, limits, options);
  } finally {
    await handle.close();
  }
}

function assertReadable(file: string, stats: fs.Stats, limits: SessionFileLimits): void {
  const kind = fileKindOf(stats);
  if (kind !== 'file') throw notRegular(file, kind === 'fifo' ? 'a FIFO' : kind === 'directory' ? 'a directory' : kind === 'symlink' ? 'a symbolic link' : `a ${kind}`);
  if (stats.size > limits.maxFileBytes) {
    throw new BrassError('too-large', `the session file ${file} is ${mebibytes(stats.size)} MiB, over the ${mebibytes(limits.maxFileBytes)} MiB a session may hold; it is not loaded`, {
      hint: 'start a new session',
    });
  }
}

async function readLines(handle: fs.promises.FileHandle, size: number, file: string, id: string, limits: SessionFileLimits, options: { isTornTailIgnored: boolean }): Promise<SessionFileContent> {
  const corrupt = (line: number, problem: string) => new InvalidInputError('session', `${file} line ${line} ${problem}`, { hint: `the session file is damaged; move it away to start over` });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let header: SessionHeader | null = null;
  const records: SessionRecord[] = [];
  let lineNumber = 0;

  const takeLine = (bytes: Uint8Array) => {
    lineNumber += 1;
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(bytes));
    } catch (error) {
      throw corrupt(lineNumber, error instanceof TypeError ? 'is not valid UTF-8' : 'is not valid JSON');
    }
    if (header === null) {
      header = parseSessionHeader(value);
      if (header === null) {
        const version = typeof value === 'object' && value !== null ? (value as { version?: unknown }).version : undefined;
        if (typeof version === 'number' && version !== SESSION_FORMAT_VERSION) throw corrupt(1, `is a header of format version ${version}, which this brass-agent cannot read (it reads ${SESSION_FORMAT_VERSION})`);
        throw corrupt(1, 'is not a session header');
      }
      if (header.id !== id) throw corrupt(1, `is the header of session ${header.id}, not ${id}`);
      return;
    }
    if (!isSessionRecord(value)) throw corrupt(lineNumber, 'is not a session record (an object with a "kind")');
    records.push(value);
  };

  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const stream = handle.createReadStream({ start: 0, end: Math.max(size - 1, 0), highWaterMark: READ_CHUNK_BYTES, autoClose: false });
  // An empty file would still yield one byte range [0, 0]: read nothing at all.
  if (size > 0) {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(NEWLINE, start);
        const end = newline === -1 ? chunk.length : newline;
        pendingBytes += end - start;
        if (pendingBytes > limits.maxLineBytes) throw corrupt(lineNumber + 1, `is longer than ${mebibytes(limits.maxLineBytes)} MiB`);
        pending.push(chunk.subarray(start, end));
        if (newline === -1) break;
        takeLine(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
        pending = [];
        pendingBytes = 0;
        start = newline + 1;
      }
    }
  } else {
    stream.destroy();
  }
  if (pendingBytes > 0 && !options.isTornTailIgnored) throw corrupt(lineNumber + 1, 'is cut off (no newline ends the file: a write was interrupted)');
  if (header === null) throw corrupt(1, 'is missing: the file has no header');
  return { header, records };
}

function notRegular(file: string, noun: string): InvalidInputError {
  return new InvalidInputError('session', `${file} is ${noun}, not a regular file; it is not read`);
}

function mebibytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}
