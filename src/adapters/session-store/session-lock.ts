import fs from 'node:fs';
import os from 'node:os';
import { errnoCode } from '../file-system/to-file-access-error.js';
import { nodeCrypto } from '../../core/index.js';

/** A lock file that does not parse (its writer died between creating and filling it) is stale once this old. */
export const STALE_UNPARSABLE_LOCK_MS = 60_000;
/** A lock file is a few dozen bytes; anything larger is not one of ours and is never read whole. */
const MAX_LOCK_BYTES = 4096;
const LOCK_FILE_MODE = 0o600;
const CREATE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0);
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
/** Rounds of "create, else judge the lock there": two processes taking over the same stale lock settle within a few. */
const ACQUIRE_ATTEMPTS = 4;

/** What a lock file holds. `token` tells this holder's lock from a successor's with the same pid. */
interface LockContent {
  pid: number;
  hostname: string;
  createdAt: string;
  token: string;
}

/** Who holds a lock someone else has; null fields when the lock file does not parse yet. */
export interface LockHolder {
  pid: number | null;
  hostname: string | null;
}

/** A lock this process holds. */
export interface HeldLock {
  readonly file: string;
  /** Removes the lock file if it is still this holder's. Idempotent. */
  release(): Promise<void>;
}

export type LockAttempt = { isAcquired: true; lock: HeldLock } | { isAcquired: false; holder: LockHolder };

/** Locks held by this process, removed at exit if their owner did not release them: file -> token. */
const heldLocks = new Map<string, string>();
let isExitHookInstalled = false;

/**
 * Takes the lock file `file` (created exclusively, mode 0600, holding
 * `{ pid, hostname, createdAt, token }`), or says who holds it. A lock whose
 * pid is dead on this host, or one that does not parse and is older than
 * STALE_UNPARSABLE_LOCK_MS, is stale and taken over; a lock of another host
 * is never judged stale (its pid cannot be checked from here). The lock is
 * also removed when the process exits without releasing it (best effort:
 * not after SIGKILL, which is what the staleness rule is for).
 */
export async function acquireLock(file: string): Promise<LockAttempt> {
  let holder: LockHolder = { pid: null, hostname: null };
  for (let attempt = 0; attempt < ACQUIRE_ATTEMPTS; attempt += 1) {
    const token = nodeCrypto().randomBytes(12).toString('hex');
    if (await tryCreateLock(file, token)) return { isAcquired: true, lock: heldLock(file, token) };
    const existing = await inspectLock(file);
    // Released between our create and our look: try again.
    if (existing === null) continue;
    holder = { pid: existing.content?.pid ?? null, hostname: existing.content?.hostname ?? null };
    if (!isStale(existing)) return { isAcquired: false, holder };
    await removeIfUnchanged(file, existing.stats);
  }
  return { isAcquired: false, holder };
}

async function tryCreateLock(file: string, token: string): Promise<boolean> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, CREATE_FLAGS, LOCK_FILE_MODE);
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    const content: LockContent = { pid: process.pid, hostname: os.hostname(), createdAt: new Date().toISOString(), token };
    await handle.chmod(LOCK_FILE_MODE);
    await handle.writeFile(`${JSON.stringify(content)}\n`);
  } catch (error) {
    await handle.close();
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  await handle.close();
  return true;
}

function heldLock(file: string, token: string): HeldLock {
  heldLocks.set(file, token);
  installExitHook();
  let isReleased = false;
  return {
    file,
    async release() {
      if (isReleased) return;
      isReleased = true;
      heldLocks.delete(file);
      const current = await inspectLock(file);
      // A successor's lock (ours was judged stale and taken over) is left alone.
      if (current?.content?.token !== token) return;
      await fs.promises.rm(file, { force: true });
    },
  };
}

function installExitHook(): void {
  if (isExitHookInstalled) return;
  isExitHookInstalled = true;
  process.once('exit', () => {
    for (const [file, token] of heldLocks) {
      try {
        const descriptor = fs.openSync(file, READ_FLAGS);
        let text: string;
        try {
          text = fs.readFileSync(descriptor, 'utf8');
        } finally {
          fs.closeSync(descriptor);
        }
        if (parseLock(text)?.token === token) fs.unlinkSync(file);
      } catch {
        // Best effort while the process ends: nothing can report it now, and a lock left behind is stale (dead pid) for the next open.
      }
    }
  });
}

interface InspectedLock {
  stats: fs.Stats;
  /** null when the file is not a regular file, too large, or does not parse. */
  content: LockContent | null;
}

/** The lock file as it is now; null when there is none. */
async function inspectLock(file: string): Promise<InspectedLock | null> {
  let stats: fs.Stats;
  try {
    stats = await fs.promises.lstat(file);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    throw error;
  }
  if (!stats.isFile() || stats.size > MAX_LOCK_BYTES) return { stats, content: null };
  try {
    return { stats, content: parseLock(await fs.promises.readFile(file, { encoding: 'utf8', flag: READ_FLAGS })) };
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    // Replaced by a symlink between lstat and open (O_NOFOLLOW): not a lock that parses.
    if (errnoCode(error) === 'ELOOP') return { stats, content: null };
    throw error;
  }
}

function parseLock(text: string): LockContent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { pid, hostname, createdAt, token } = value as Record<string, unknown>;
  // pid 0 or below would signal a process group in process.kill: never a holder.
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return null;
  if (typeof hostname !== 'string' || typeof createdAt !== 'string' || typeof token !== 'string') return null;
  return { pid, hostname, createdAt, token };
}

function isStale(lock: InspectedLock): boolean {
  if (lock.content === null) return Date.now() - lock.stats.mtimeMs > STALE_UNPARSABLE_LOCK_MS;
  if (lock.content.hostname !== os.hostname()) return false;
  return !isProcessAlive(lock.content.pid);
}

/** Signal 0 checks existence only; EPERM means the process exists but belongs to someone else. */
function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM';
  }
}

/**
 * Removes the stale lock only if it is still the file that was judged (same
 * inode, size and mtime), so a lock another process has just created in its
 * place survives; the window between this check and the unlink is the only
 * race left, and the loser of it sees the winner's live lock next round.
 */
async function removeIfUnchanged(file: string, judged: fs.Stats): Promise<void> {
  let current: fs.Stats;
  try {
    current = await fs.promises.lstat(file);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return;
    throw error;
  }
  if (current.ino !== judged.ino || current.dev !== judged.dev || current.size !== judged.size || current.mtimeMs !== judged.mtimeMs) return;
  await fs.promises.rm(file, { force: true });
}
