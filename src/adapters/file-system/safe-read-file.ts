import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { FileAccessError, InvalidInputError } from '../../core/index.js';
import type { FileContent, ReadFileRequest } from '../../core/index.js';
import { assertRegularFile } from './assert-regular-file.js';
import { assertSingleLink } from './assert-single-link.js';
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
}

/**
 * Reads at most `maxBytes` of a regular file inside the workspace, safely
 * against hostile or changing files:
 *
 * - opens without following a final symlink and without blocking on a FIFO,
 *   then refuses anything `fstat` does not call a regular file, and a file
 *   with more than one hard link unless `isHardLinkAllowed`;
 * - re-checks that what was opened is still inside the workspace (the path
 *   of the descriptor via `/proc/self/fd`, or a fresh realpath compared by
 *   device and inode), so a swap after the scope check is refused;
 * - reads only the first `maxBytes` (+3 lookahead) bytes, cut on a UTF-8
 *   character boundary; a BOM is kept; invalid UTF-8 is replaced (U+FFFD).
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
  request.signal?.throwIfAborted();
  await refuseUnlessRegularPath(request.path);
  await _internal.beforeOpen?.();
  const handle = await openWithoutFollowing(request.path);
  try {
    await _internal.afterOpen?.();
    const opened = await handle.stat({ bigint: true });
    assertRegularFile(opened, request.path);
    if (request.isHardLinkAllowed !== true) assertSingleLink(opened, request.path);
    await verifyOpenedInside(handle, opened, request, _internal.useProcFd ?? true);
    return await readCapped(handle, Number(opened.size), request);
  } finally {
    await handle.close();
  }
}

/** Refuses special files before opening them: opening some devices has side effects. */
async function refuseUnlessRegularPath(target: string): Promise<void> {
  let stats: fs.Stats;
  try {
    stats = await fs.promises.lstat(target);
  } catch (error) {
    throw toFileAccessError(error, target);
  }
  if (stats.isSymbolicLink()) throw changedDuringAccess(target, 'is now a symbolic link');
  assertRegularFile(stats, target);
}

async function openWithoutFollowing(target: string): Promise<FileHandle> {
  try {
    return await fs.promises.open(target, OPEN_FLAGS);
  } catch (error) {
    // The path is a realpath checked by the scope: a symlink there now means it was swapped.
    if (errnoCode(error) === 'ELOOP' || errnoCode(error) === 'EMLINK') throw changedDuringAccess(target, 'is now a symbolic link', error);
    if (errnoCode(error) === 'ENXIO') {
      throw new FileAccessError({ reason: 'not-a-regular-file', path: target, message: `${target} is a socket or device, not a regular file`, cause: error });
    }
    throw toFileAccessError(error, target);
  }
}

async function verifyOpenedInside(handle: FileHandle, opened: fs.BigIntStats, request: ReadFileRequest, useProcFd: boolean): Promise<void> {
  const descriptorPath = useProcFd ? await readDescriptorPath(handle.fd) : null;
  if (descriptorPath !== null) {
    if (!request.isContained(descriptorPath)) throw changedDuringAccess(request.path, `now leads to ${descriptorPath}, outside the workspace`);
    return;
  }
  let current: fs.BigIntStats;
  try {
    const realPath = await fs.promises.realpath(request.path);
    if (!request.isContained(realPath)) throw changedDuringAccess(request.path, `now leads to ${realPath}, outside the workspace`);
    current = await fs.promises.stat(realPath, { bigint: true });
  } catch (error) {
    if (FileAccessError.isInstance(error)) throw error;
    throw changedDuringAccess(request.path, 'disappeared while it was opened', error);
  }
  if (current.dev !== opened.dev || current.ino !== opened.ino) throw changedDuringAccess(request.path, 'was replaced while it was opened');
}

/** The kernel's path of an open descriptor (Linux), or null where `/proc` cannot tell. */
async function readDescriptorPath(descriptor: number): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  try {
    return await fs.promises.readlink(`/proc/self/fd/${descriptor}`);
  } catch (error) {
    // No /proc (a container without it, a sandbox): the caller falls back to realpath + inode.
    if (errnoCode(error) !== undefined) return null;
    throw error;
  }
}

async function readCapped(handle: FileHandle, totalBytes: number, request: ReadFileRequest): Promise<FileContent> {
  const capacity = Math.min(totalBytes, Math.max(request.maxBytes + UTF8_LOOKAHEAD_BYTES, BINARY_SNIFF_BYTES));
  const buffer = Buffer.alloc(capacity);
  let filled = 0;
  while (filled < capacity) {
    request.signal?.throwIfAborted();
    const { bytesRead } = await handle.read(buffer, filled, Math.min(READ_CHUNK_BYTES, capacity - filled), filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  const data = buffer.subarray(0, filled);
  if (data.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    throw new FileAccessError({ reason: 'binary', path: request.path, message: `${request.path} is a binary file (${totalBytes} bytes); not shown` });
  }
  const cut = utf8CutPoint(data, request.maxBytes);
  const kept = data.subarray(0, cut);
  return {
    content: kept.toString('utf8'),
    bytes: cut,
    totalBytes,
    truncated: cut < Math.max(totalBytes, filled),
    encoding: isUtf8(kept) ? 'utf8' : 'utf8-lossy',
  };
}

function changedDuringAccess(target: string, what: string, cause?: unknown): FileAccessError {
  return new FileAccessError({
    reason: 'changed-during-access',
    path: target,
    message: `${target} ${what}; it changed after the path was checked, so it is not read`,
    cause,
  });
}
