import fs from 'node:fs';
import { FileAccessError } from '../../core/index.js';
import { assertRegularFile } from './assert-regular-file.js';
import { assertSingleLink } from './assert-single-link.js';
import { errnoCode, toFileAccessError } from './to-file-access-error.js';

// O_NOFOLLOW: a final symlink fails the open. O_NONBLOCK: a FIFO opens at once instead of waiting for a writer.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/** What readRegularFileSync checks besides the file's kind. */
export interface ReadRegularFileSyncOptions {
  /** Bytes read at most from the start of the file; 0 opens and checks it without reading. */
  maxBytes: number;
  /** When given, the real path of what was opened must satisfy it (checked on the open descriptor). */
  isContained?: (realPath: string) => boolean;
  /** Refuse a file with more than one hard link (see assertSingleLink). Default false. */
  isSingleLinkRequired?: boolean;
  /** A file larger than `maxBytes` is not read at all: `data` is empty and `totalBytes` says why. Default false (read its start). */
  isLargerSkipped?: boolean;
}

/** The start of a regular file and its whole size. */
export interface RegularFileHead {
  data: Buffer;
  totalBytes: number;
}

/**
 * The synchronous safe read, for the walks that read files of their own
 * (ignore files, the Node search): opens `file` without following a final
 * symlink and without blocking on a FIFO, refuses anything `fstat` does not
 * call a regular file (FIFO, socket, device, directory), optionally refuses
 * hard links and checks where the opened file really is, then reads at most
 * `maxBytes`. Never opens a device by name in blocking mode, so a FIFO or
 * `/dev/tty` planted in a repository cannot hang the process.
 *
 * Throws FileAccessError: `not-found`, `not-a-regular-file` (also for a
 * symlink), `is-a-directory`, `permission-denied`, `changed-during-access`
 * (the opened file is not contained), `io`.
 *
 * @example
 * const head = readRegularFileSync('/repo/.gitignore', { maxBytes: MAX_IGNORE_FILE_BYTES });
 */
export function readRegularFileSync(file: string, options: ReadRegularFileSyncOptions): RegularFileHead {
  let descriptor: number;
  try {
    descriptor = fs.openSync(file, OPEN_FLAGS);
  } catch (error) {
    if (errnoCode(error) === 'ELOOP' || errnoCode(error) === 'EMLINK') {
      throw new FileAccessError({ reason: 'not-a-regular-file', path: file, message: `${file} is a symbolic link, not a regular file`, cause: error });
    }
    if (errnoCode(error) === 'ENXIO') throw new FileAccessError({ reason: 'not-a-regular-file', path: file, message: `${file} is a socket or device, not a regular file`, cause: error });
    throw toFileAccessError(error, file);
  }
  try {
    const stats = fs.fstatSync(descriptor);
    assertRegularFile(stats, file);
    if (options.isSingleLinkRequired === true) assertSingleLink(stats, file);
    if (options.isContained !== undefined) assertOpenedInside(descriptor, stats, file, options.isContained);
    const wanted = options.isLargerSkipped === true && stats.size > options.maxBytes ? 0 : Math.min(stats.size, options.maxBytes);
    const buffer = Buffer.allocUnsafe(wanted);
    let filled = 0;
    while (filled < wanted) {
      const bytesRead = fs.readSync(descriptor, buffer, filled, wanted - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { data: filled === wanted ? buffer : buffer.subarray(0, filled), totalBytes: stats.size };
  } catch (error) {
    throw toFileAccessError(error, file);
  } finally {
    fs.closeSync(descriptor);
  }
}

/** The real path of the open descriptor (Linux `/proc/self/fd`), else a fresh realpath compared by device and inode. */
function assertOpenedInside(descriptor: number, opened: fs.Stats, file: string, isContained: (realPath: string) => boolean): void {
  const descriptorPath = readDescriptorPathSync(descriptor);
  if (descriptorPath !== null) {
    if (!isContained(descriptorPath)) throw changed(file, `now leads to ${descriptorPath}, outside the folder it was read from`);
    return;
  }
  let realPath: string;
  let current: fs.Stats;
  try {
    realPath = fs.realpathSync(file);
    current = fs.statSync(realPath);
  } catch (error) {
    throw changed(file, 'disappeared while it was opened', error);
  }
  if (!isContained(realPath)) throw changed(file, `now leads to ${realPath}, outside the folder it was read from`);
  if (current.dev !== opened.dev || current.ino !== opened.ino) throw changed(file, 'was replaced while it was opened');
}

function readDescriptorPathSync(descriptor: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    return fs.readlinkSync(`/proc/self/fd/${descriptor}`);
  } catch (error) {
    // No /proc (a container without it, a sandbox): the caller falls back to realpath + inode.
    if (errnoCode(error) !== undefined) return null;
    throw error;
  }
}

function changed(file: string, what: string, cause?: unknown): FileAccessError {
  return new FileAccessError({ reason: 'changed-during-access', path: file, message: `${file} ${what}; it changed after the path was checked, so it is not read`, cause });
}
