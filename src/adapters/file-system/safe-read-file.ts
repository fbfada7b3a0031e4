import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { FileAccessError, InvalidInputError } from '../../core/index.js';
import type { FileContent, ReadFileRequest } from '../../core/index.js';
import { assertRegularFile } from './assert-regular-file.js';
import { assertSingleLink } from './assert-single-link.js';
import { ASYNC_READ_FILE_OPS, type ReadFileOps, SYNC_READ_FILE_OPS } from './read-file-ops.js';
import { errnoCode, toFileAccessError } from './to-file-access-error.js';
import { utf8CutPoint } from './utf8-cut-point.js';

/** A NUL byte in this many leading bytes marks a file as binary. */
export const BINARY_SNIFF_BYTES = 8 * 1024;
/** Size of one read; the abort signal is checked between reads. */
const READ_CHUNK_BYTES = 256 * 1024;
/** Bytes read past the cap so a character straddling it is recognised and cut whole. */
const UTF8_LOOKAHEAD_BYTES = 3;
// O_NOFOLLOW: a final symlink fails the open instead of being followed.
// O_NONBLOCK: a FIFO opens at once instead of waiting for a writer.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/** A read request, plus whether the file may have several hard links. */
export interface SafeReadFileRequest extends ReadFileRequest {
  /**
   * Default false: a file with more than one hard link is refused, since its
   * other names may lie outside the workspace (see assertSingleLink). True
   * only for a file the person named or owns (a `--batch-file`, their own
   * config or guidance), never for a workspace read.
   */
  isHardLinkAllowed?: boolean;
}

/** Test seams of safeReadFile. Internal: not part of the public API. */
export interface SafeReadFileInternal {
  /** Runs after the pre-open check, just before the open (the race window). */
  beforeOpen?: () => Promise<void>;
  /** Runs right after the open, before the checks on the descriptor. */
  afterOpen?: () => Promise<void>;
  /** Default true; false forces the portable re-check instead of `/proc/self/fd`. */
  useProcFd?: boolean;
  /** Default `auto` (synchronous calls for a small read, see SYNC_READ_MAX_BYTES); `sync` or `async` forces one set of calls for every step. */
  calls?: 'auto' | 'sync' | 'async';
}

/**
 * A read of at most this many bytes runs on synchronous calls: each of its
 * six steps (lstat, open, fstat, the descriptor's path, read, close) would
 * otherwise be one round trip through libuv's threadpool, which costs far
 * more than the call itself for a small file (8.7k files: 5.8 s against
 * 0.15 s). A local read of 1 MiB takes well under a millisecond; a larger
 * one stays on the threadpool so it never holds the event loop for long.
 */
export const SYNC_READ_MAX_BYTES = 1024 * 1024;

/**
 * Reads at most `maxBytes` of a regular file inside the workspace, safely
 * against hostile or changing files:
 *
 * - refuses a symlink, FIFO, socket, device or directory by `lstat` before
 *   opening it (opening some devices has side effects);
 * - opens without following a final symlink and without blocking on a FIFO,
 *   then refuses anything `fstat` does not call a regular file, and a file
 *   with more than one hard link unless `isHardLinkAllowed`;
 * - re-checks that what was opened is still inside the workspace (the path
 *   of the descriptor via `/proc/self/fd`, or a fresh realpath compared by
 *   device and inode), so a swap after the scope check is refused;
 * - reads only the first `maxBytes` (+3 lookahead) bytes, cut on a UTF-8
 *   character boundary; a BOM is kept; invalid UTF-8 is replaced (U+FFFD).
 *
 * The same steps and checks run on synchronous calls when the file's start
 * to read is at most SYNC_READ_MAX_BYTES, else on the threadpool.
 *
 * Throws FileAccessError: `not-found`, `is-a-directory`, `not-a-regular-file`,
 * `binary` (NUL in the first 8 KiB), `not-a-regular-file` for a hard link, `permission-denied`,
 * `changed-during-access`; InvalidInputError for a bad `maxBytes`; rethrows
 * the signal's reason when aborted.
 *
 * @param _internal test seams; internal, do not use.
 * @example
 * const file = await safeReadFile({ path: resolved.absolutePath, maxBytes: DEFAULT_MAX_READ_BYTES, isContained });
 */
export async function safeReadFile(request: SafeReadFileRequest, _internal: SafeReadFileInternal = {}): Promise<FileContent> {
  if (!Number.isSafeInteger(request.maxBytes) || request.maxBytes < 0) throw new InvalidInputError('maxBytes', `must be a non-negative integer, got ${request.maxBytes}`);
  const head = await readCheckedHead(request, (capacity) => ({ buffer: Buffer.alloc(capacity), offset: 0 }), _internal);
  const kept = Buffer.from(head.buffer.buffer, head.buffer.byteOffset + head.offset, head.cut);
  return {
    content: kept.toString('utf8'),
    bytes: head.cut,
    totalBytes: head.totalBytes,
    truncated: head.truncated,
    encoding: isUtf8(kept) ? 'utf8' : 'utf8-lossy',
  };
}

/** Where a read puts a file's bytes: a buffer with room for `capacity` bytes from `offset`. */
export type ReadTarget = (capacity: number) => { buffer: Uint8Array; offset: number };

/** The checked start of a file: its bytes are `buffer[offset, offset + cut)`, cut on a UTF-8 character boundary. */
export interface CheckedHead {
  buffer: Uint8Array;
  offset: number;
  cut: number;
  totalBytes: number;
  truncated: boolean;
}

/**
 * Every step and check of safeReadFile (see there) but the decoding: the
 * file's first bytes, read into the buffer `target` gives for them. The one
 * definition of a checked read, for safeReadFile and safeReadFiles alike.
 * `request.maxBytes` must already be validated.
 */
export async function readCheckedHead(request: SafeReadFileRequest, target: ReadTarget, _internal: SafeReadFileInternal = {}): Promise<CheckedHead> {
  request.signal?.throwIfAborted();
  const calls = _internal.calls ?? 'auto';
  // One lstat is a single metadata call: it runs synchronously unless forced, and its size picks the calls for the rest.
  const pathStats = await refuseUnlessRegularPath(calls === 'async' ? ASYNC_READ_FILE_OPS : SYNC_READ_FILE_OPS, request.path);
  const opsFor = (size: number): ReadFileOps => (calls === 'sync' || (calls === 'auto' && capacityOf(size, request.maxBytes) <= SYNC_READ_MAX_BYTES) ? SYNC_READ_FILE_OPS : ASYNC_READ_FILE_OPS);
  const ops = opsFor(pathStats.size);
  await _internal.beforeOpen?.();
  const descriptor = await openWithoutFollowing(ops, request.path);
  try {
    await _internal.afterOpen?.();
    const opened = await ops.fstat(descriptor);
    assertRegularFile(opened, request.path);
    if (request.isHardLinkAllowed !== true) assertSingleLink(opened, request.path);
    await verifyOpenedInside(ops, descriptor, opened, request, _internal.useProcFd ?? true);
    // The size the descriptor reports now picks the read's calls: a file grown since the lstat is read on the threadpool.
    const totalBytes = Number(opened.size);
    return await readCapped(opsFor(totalBytes), descriptor, totalBytes, request, target);
  } finally {
    await ops.close(descriptor);
  }
}

/** Bytes read of a file of `totalBytes`: the cap plus the lookahead, at least the binary sniff. */
function capacityOf(totalBytes: number, maxBytes: number): number {
  return Math.min(totalBytes, Math.max(maxBytes + UTF8_LOOKAHEAD_BYTES, BINARY_SNIFF_BYTES));
}

/** Refuses special files before opening them: opening some devices has side effects. */
async function refuseUnlessRegularPath(ops: ReadFileOps, target: string): Promise<fs.Stats> {
  let stats: fs.Stats;
  try {
    stats = await ops.lstat(target);
  } catch (error) {
    throw toFileAccessError(error, target);
  }
  if (stats.isSymbolicLink()) throw changedDuringAccess(target, 'is now a symbolic link');
  assertRegularFile(stats, target);
  return stats;
}

async function openWithoutFollowing(ops: ReadFileOps, target: string): Promise<number> {
  try {
    return await ops.open(target, OPEN_FLAGS);
  } catch (error) {
    // The path is a realpath checked by the scope: a symlink there now means it was swapped.
    if (errnoCode(error) === 'ELOOP' || errnoCode(error) === 'EMLINK') throw changedDuringAccess(target, 'is now a symbolic link', error);
    if (errnoCode(error) === 'ENXIO') {
      throw new FileAccessError({ reason: 'not-a-regular-file', path: target, message: `${target} is a socket or device, not a regular file`, cause: error });
    }
    throw toFileAccessError(error, target);
  }
}

async function verifyOpenedInside(ops: ReadFileOps, descriptor: number, opened: fs.BigIntStats, request: ReadFileRequest, useProcFd: boolean): Promise<void> {
  const descriptorPath = useProcFd ? await readDescriptorPath(ops, descriptor) : null;
  if (descriptorPath !== null) {
    if (!request.isContained(descriptorPath)) throw changedDuringAccess(request.path, `now leads to ${descriptorPath}, outside the workspace`);
    return;
  }
  let current: fs.BigIntStats;
  try {
    const realPath = await ops.realpath(request.path);
    if (!request.isContained(realPath)) throw changedDuringAccess(request.path, `now leads to ${realPath}, outside the workspace`);
    current = await ops.stat(realPath);
  } catch (error) {
    if (FileAccessError.isInstance(error)) throw error;
    throw changedDuringAccess(request.path, 'disappeared while it was opened', error);
  }
  if (current.dev !== opened.dev || current.ino !== opened.ino) throw changedDuringAccess(request.path, 'was replaced while it was opened');
}

/** The kernel's path of an open descriptor (Linux), or null where `/proc` cannot tell. */
async function readDescriptorPath(ops: ReadFileOps, descriptor: number): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  try {
    return await ops.readlink(`/proc/self/fd/${descriptor}`);
  } catch (error) {
    // No /proc (a container without it, a sandbox): the caller falls back to realpath + inode.
    if (errnoCode(error) !== undefined) return null;
    throw error;
  }
}

async function readCapped(ops: ReadFileOps, descriptor: number, totalBytes: number, request: ReadFileRequest, target: ReadTarget): Promise<CheckedHead> {
  const capacity = capacityOf(totalBytes, request.maxBytes);
  const { buffer, offset } = target(capacity);
  let filled = 0;
  while (filled < capacity) {
    request.signal?.throwIfAborted();
    const bytesRead = await ops.read(descriptor, buffer, offset + filled, Math.min(READ_CHUNK_BYTES, capacity - filled), filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  const data = buffer.subarray(offset, offset + filled);
  if (data.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    throw new FileAccessError({ reason: 'binary', path: request.path, message: `${request.path} is a binary file (${totalBytes} bytes); not shown` });
  }
  const cut = utf8CutPoint(data, request.maxBytes);
  return { buffer, offset, cut, totalBytes, truncated: cut < Math.max(totalBytes, filled) };
}

function changedDuringAccess(target: string, what: string, cause?: unknown): FileAccessError {
  return new FileAccessError({
    reason: 'changed-during-access',
    path: target,
    message: `${target} ${what}; it changed after the path was checked, so it is not read`,
    cause,
  });
}
