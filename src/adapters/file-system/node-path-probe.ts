import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileAccessError } from '../../core/index.js';
import type { PathProbe } from '../../core/index.js';
import { errnoCode, toFileAccessError } from './to-file-access-error.js';

/**
 * The PathProbe the workspace scope uses on a real machine.
 *
 * - `realpath` is the kernel's own resolution where it can be had in one
 *   step (Linux: open the path with `O_PATH`, read the descriptor's path
 *   from `/proc/self/fd`), else the native realpath (which returns the
 *   canonical case of each name on a case-insensitive filesystem); `null`
 *   when the path or one of its parents does not exist; FileAccessError
 *   `symlink-loop` for a loop, `permission-denied` when a directory cannot
 *   be searched. The native realpath checks every component with its own
 *   system call, so the scope's component-by-component resolution of a path
 *   N directories deep cost N² calls (a 1,600-level chain took minutes);
 *   with `O_PATH` it is N calls.
 * - `isCaseInsensitive` flips the case of the deepest name of the directory
 *   that has a cased letter and checks whether the flipped name is the same
 *   entry (same device and inode). Probed once per directory, then cached.
 * - `homeDir` is `os.homedir()` at creation.
 *
 * @example
 * const scope = await WorkspaceScope.create({ root: cwd, probe: createNodePathProbe() });
 */
export function createNodePathProbe(): PathProbe {
  const caseCache = new Map<string, Promise<boolean>>();
  return {
    homeDir: os.homedir(),
    realpath: realpathOrNull,
    isCaseInsensitive(directory: string): Promise<boolean> {
      const key = path.resolve(directory);
      const cached = caseCache.get(key);
      if (cached !== undefined) return cached;
      const probed = probeCaseInsensitive(key);
      caseCache.set(key, probed);
      // A failed probe (missing directory) is not an answer: let a later call retry.
      probed.catch(() => caseCache.delete(key));
      return probed;
    },
  };
}

/**
 * `O_PATH` (Linux): a descriptor that only names the entry. Opening with it
 * reads nothing, never blocks on a FIFO and has no side effect on a device.
 * Node does not export the constant; its value is the generic one on these
 * architectures (alpha, parisc and sparc differ and use the native realpath).
 */
const O_PATH = process.platform === 'linux' && ['x64', 'arm64', 'arm', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64'].includes(process.arch) ? 0o10000000 : null;
/** What `/proc/self/fd/N` appends when the entry was removed after it was opened. */
const DELETED_SUFFIX = ' (deleted)';

async function realpathOrNull(target: string): Promise<string | null> {
  try {
    return realpathByDescriptor(target) ?? (await fs.promises.realpath(target));
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    if (code === 'ELOOP') {
      throw new FileAccessError({ reason: 'symlink-loop', path: target, message: `${target} is part of a symlink loop`, cause: error });
    }
    throw toFileAccessError(error, target);
  }
}

/**
 * The kernel's path of `target` through an `O_PATH` descriptor, or null where that cannot tell (then the caller asks realpath).
 *
 * All three calls are synchronous. Opening with `O_PATH` only looks the
 * path up (no file is opened for reading, no FIFO waits, no device is
 * touched), reading `/proc/self/fd/N` and closing an `O_PATH` descriptor
 * stay in the kernel's memory: each costs microseconds, far less than a
 * round trip through libuv's threadpool, which left the event loop idle
 * half the time of a run of small reads (the same reasoning as
 * SYNC_READ_MAX_BYTES in safe-read-file.ts, whose lstat is synchronous
 * too). The native realpath fallback stays on the threadpool.
 */
function realpathByDescriptor(target: string): string | null {
  if (O_PATH === null || !path.isAbsolute(target)) return null;
  const descriptor = fs.openSync(target, O_PATH);
  try {
    const resolved = fs.readlinkSync(`/proc/self/fd/${descriptor}`);
    // Not a path (no /proc mounted gives ENOENT above; a pseudo-file names "anon_inode:..."), or removed meanwhile.
    if (!path.isAbsolute(resolved) || resolved.endsWith(DELETED_SUFFIX)) return null;
    return resolved;
  } catch (error) {
    // No /proc here (a container, a sandbox): the native realpath answers instead.
    if (errnoCode(error) !== undefined) return null;
    throw error;
  } finally {
    fs.closeSync(descriptor);
  }
}

async function probeCaseInsensitive(directory: string): Promise<boolean> {
  const { root } = path.parse(directory);
  const names = directory.slice(root.length).split(path.sep).filter((name) => name.length > 0);
  const index = names.findLastIndex((name) => flipCase(name) !== name);
  // No cased letter anywhere: nothing to compare. Case-sensitive is the safe
  // answer because every path the scope compares is a canonical realpath.
  if (index === -1) return false;
  const original = path.join(root, ...names.slice(0, index + 1));
  const flipped = path.join(root, ...names.slice(0, index), flipCase(names[index]!));
  let originalStats: fs.BigIntStats;
  try {
    originalStats = await fs.promises.lstat(original, { bigint: true });
  } catch (error) {
    throw toFileAccessError(error, original);
  }
  let flippedStats: fs.BigIntStats;
  try {
    // lstat, not stat: a symlink spelled in the other case must not pass for the same entry.
    flippedStats = await fs.promises.lstat(flipped, { bigint: true });
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw toFileAccessError(error, flipped);
  }
  return flippedStats.dev === originalStats.dev && flippedStats.ino === originalStats.ino;
}

/** Swaps upper and lower case of each letter whose other case is a single character. */
function flipCase(name: string): string {
  let flipped = '';
  for (const character of name) {
    const upper = character.toUpperCase();
    const swapped = character === upper ? character.toLowerCase() : upper;
    flipped += [...swapped].length === 1 ? swapped : character;
  }
  return flipped;
}
