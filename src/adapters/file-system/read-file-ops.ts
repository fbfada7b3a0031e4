import fs from 'node:fs';
import { promisify } from 'node:util';

/** A value now (the synchronous calls) or later (the threadpool ones); the safe read awaits either. */
type Maybe<T> = T | Promise<T>;

/**
 * The file system calls safeReadFile makes, on a path or an open descriptor.
 * There are two sets with the same meaning: SYNC_READ_FILE_OPS (one system
 * call each, no threadpool round trip) and ASYNC_READ_FILE_OPS (each call
 * on libuv's threadpool). The checks between the calls are written once, in
 * safeReadFile, whichever set runs them.
 */
export interface ReadFileOps {
  lstat(target: string): Maybe<fs.Stats>;
  open(target: string, flags: number): Maybe<number>;
  fstat(descriptor: number): Maybe<fs.BigIntStats>;
  readlink(target: string): Maybe<string>;
  realpath(target: string): Maybe<string>;
  stat(target: string): Maybe<fs.BigIntStats>;
  read(descriptor: number, buffer: Uint8Array, offset: number, length: number, position: number): Maybe<number>;
  close(descriptor: number): Maybe<void>;
}

/**
 * The synchronous calls. Each blocks the event loop for one system call, so
 * safeReadFile uses them only for a small read (see SYNC_READ_MAX_BYTES):
 * the open never waits (O_NONBLOCK, and a FIFO or device is refused by the
 * `lstat` before it), and a read of at most that many bytes from a local
 * disk takes well under a millisecond.
 */
export const SYNC_READ_FILE_OPS: ReadFileOps = {
  lstat: (target) => fs.lstatSync(target),
  open: (target, flags) => fs.openSync(target, flags),
  fstat: (descriptor) => fs.fstatSync(descriptor, { bigint: true }),
  readlink: (target) => fs.readlinkSync(target),
  realpath: (target) => fs.realpathSync(target),
  stat: (target) => fs.statSync(target, { bigint: true }),
  read: (descriptor, buffer, offset, length, position) => fs.readSync(descriptor, buffer, offset, length, position),
  close: (descriptor) => fs.closeSync(descriptor),
};

// Raw descriptors, not FileHandles: a FileHandle closed through fs.close would close its number again when collected.
const openAsync = promisify(fs.open);
const fstatAsync = promisify(fs.fstat);
const readAsync = promisify(fs.read);
const closeAsync = promisify(fs.close);

/** The threadpool calls, for a large read (it may take long and must not hold the event loop). */
export const ASYNC_READ_FILE_OPS: ReadFileOps = {
  lstat: (target) => fs.promises.lstat(target),
  open: (target, flags) => openAsync(target, flags),
  fstat: (descriptor) => fstatAsync(descriptor, { bigint: true }),
  readlink: (target) => fs.promises.readlink(target),
  realpath: (target) => fs.promises.realpath(target),
  stat: (target) => fs.promises.stat(target, { bigint: true }),
  read: async (descriptor, buffer, offset, length, position) => (await readAsync(descriptor, buffer, offset, length, position)).bytesRead,
  close: (descriptor) => closeAsync(descriptor),
};
