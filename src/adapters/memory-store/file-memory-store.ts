import fs from 'node:fs';
import path from 'node:path';
import {
  BrassError,
  InvalidInputError,
  MEMORY_ID_PATTERN,
  type MemoryFile,
  type MemoryFileProblem,
  type MemoryListing,
  type MemoryScope,
  type MemoryStore,
  type MemoryWriteResult,
  nodeCrypto,
} from '../../core/index.js';
import { fileKindOf } from '../file-system/assert-regular-file.js';
import { pathExists } from '../file-system/path-exists.js';
import { syncDirectory } from '../file-system/sync-directory.js';
import { errnoCode } from '../file-system/to-file-access-error.js';
import { withStoreErrors } from '../file-system/with-store-errors.js';
import { writeViaTempFile } from '../file-system/write-via-temp-file.js';
import { acquireLock, type HeldLock } from '../session-store/session-lock.js';
import { userMemoryDirectory, workspaceMemoryDirectory } from './memory-directory.js';

/** An entry file larger than this is refused when written and reported (not read) when listed. */
export const MAX_MEMORY_FILE_BYTES = 64 * 1024;
// Memory holds what the agent learned about your code: private to the user.
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const ENTRY_EXTENSION = '.md';
const WORKSPACE_RECORD = 'workspace.json';
const LOCK_FILE = '.lock';
/** Read-only, never through a symlink, never blocking on a FIFO. */
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
/** Entry files read at once while listing. */
const READ_CONCURRENCY = 32;
/** Tries to take a scope's lock held by another live writer, LOCK_RETRY_MS apart: about ten seconds in all. */
const LOCK_ATTEMPTS = 400;
const LOCK_RETRY_MS = 25;

/** Options of `createFileMemoryStore`. */
export interface FileMemoryStoreOptions {
  /** See memoryDirectory. */
  root: string;
  /** Absolute real path of the workspace whose memory the `workspace` scope is. */
  workspace: string;
  /** Bounds of each scope (config `memory.maxEntries`, `memory.maxBytes`). */
  maxEntries: number;
  maxBytes: number;
  /** Test seam: the time new ids are made from. Internal. */
  now?: () => Date;
}

/**
 * The memory store as files: `<root>/user/` and
 * `<root>/workspaces/<name>-<hash>/` (0700; the workspace's folder records
 * its path in `workspace.json`), one `<id>.md` per entry (0600, written to
 * a temp file and renamed). Writes of a scope take its `.lock` (see
 * acquireLock; a writer waits up to about ten seconds for another), so two
 * sessions writing at once each add their entry and eviction never removes
 * one being written. Entries are evicted oldest first (by id, which is the
 * creation time) while a scope holds more than `maxEntries` entries or
 * `maxBytes` bytes; the write returns them so the caller can say so.
 *
 * Throws InvalidInputError for an id that is not one (MEMORY_ID_PATTERN)
 * and for an entry file that cannot be read (naming it); BrassError
 * `too-large`, `not-found`, `conflict` (the lock stayed held, or the
 * workspace folder belongs to another path) and `memory-store-failed`
 * when the disk refuses.
 *
 * @example
 * const store = createFileMemoryStore({ root: memoryDirectory(process.env, os.homedir()), workspace: root, maxEntries: 1000, maxBytes: 4 << 20 });
 * const { id, evicted } = await store.create('workspace', entryText);
 */
export function createFileMemoryStore(options: FileMemoryStoreOptions): MemoryStore {
  const directories: Record<MemoryScope, string> = {
    workspace: workspaceMemoryDirectory(options.root, options.workspace),
    user: userMemoryDirectory(options.root),
  };
  const now = options.now ?? (() => new Date());
  const fileOf = (scope: MemoryScope, id: string) => path.join(directories[scope], `${id}${ENTRY_EXTENSION}`);
  const guarded = <T>(scope: MemoryScope, work: () => Promise<T>) => withStoreErrors({ code: 'memory-store-failed', name: 'the memory store', directory: directories[scope] }, work);

  async function ensureDirectory(scope: MemoryScope): Promise<void> {
    const directory = directories[scope];
    await fs.promises.mkdir(directory, { recursive: true, mode: DIRECTORY_MODE });
    const stats = await fs.promises.lstat(directory);
    if (!stats.isDirectory()) throw new BrassError('memory-store-failed', `the memory directory ${directory} is not a directory; move it away`);
    if ((stats.mode & 0o777) !== DIRECTORY_MODE && stats.uid === process.getuid?.()) await fs.promises.chmod(directory, DIRECTORY_MODE);
    if (scope === 'workspace') await recordWorkspace(directory, options.workspace);
  }

  async function locked<T>(scope: MemoryScope, work: () => Promise<T>): Promise<T> {
    await ensureDirectory(scope);
    const lock = await waitForLock(path.join(directories[scope], LOCK_FILE));
    try {
      return await work();
    } finally {
      await lock.release();
    }
  }

  async function evict(scope: MemoryScope, keptId: string): Promise<MemoryFile[]> {
    const directory = directories[scope];
    const entries = await entrySizes(directory);
    let count = entries.length;
    let bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    const evicted: MemoryFile[] = [];
    for (const entry of entries) {
      if (count <= options.maxEntries && bytes <= options.maxBytes) break;
      if (entry.id === keptId) continue;
      const file = fileOf(scope, entry.id);
      const text = (await readEntryText(file).catch(() => null)) ?? '';
      await fs.promises.rm(file, { force: true });
      evicted.push({ id: entry.id, scope, text, file });
      count -= 1;
      bytes -= entry.bytes;
    }
    return evicted;
  }

  async function write(scope: MemoryScope, id: string, text: string): Promise<MemoryWriteResult> {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > MAX_MEMORY_FILE_BYTES) throw new BrassError('too-large', `a memory entry of ${bytes} bytes is larger than ${MAX_MEMORY_FILE_BYTES} bytes; nothing was written`, { hint: 'keep an entry to a few short paragraphs' });
    await writeViaTempFile(fileOf(scope, id), text, { mode: FILE_MODE, isDurable: true });
    await syncDirectory(directories[scope]);
    return { id, evicted: await evict(scope, id) };
  }

  return {
    directoryOf: (scope) => directories[scope],
    list: (scope) =>
      guarded(scope, async (): Promise<MemoryListing> => {
        const directory = directories[scope];
        if (!(await pathExists(directory))) return { files: [], problems: [] };
        if (scope === 'workspace') await checkWorkspaceRecord(directory, options.workspace);
        const ids = (await entrySizes(directory)).map((entry) => entry.id);
        const files: MemoryFile[] = [];
        const problems: MemoryFileProblem[] = [];
        for (let start = 0; start < ids.length; start += READ_CONCURRENCY) {
          const batch = ids.slice(start, start + READ_CONCURRENCY);
          const texts = await Promise.all(batch.map((id) => readEntryText(fileOf(scope, id)).then((text) => ({ text }), (error: unknown) => ({ error }))));
          texts.forEach((outcome, index) => {
            const id = batch[index]!;
            const file = fileOf(scope, id);
            if ('text' in outcome) {
              if (outcome.text !== null) files.push({ id, scope, text: outcome.text, file });
            } else problems.push({ id, file, message: describeProblem(outcome.error) });
          });
        }
        return { files, problems };
      }),
    listIds: (scope) =>
      guarded(scope, async () => {
        const directory = directories[scope];
        if (!(await pathExists(directory))) return [];
        if (scope === 'workspace') await checkWorkspaceRecord(directory, options.workspace);
        return entryIdsOf(await fs.promises.readdir(directory));
      }),
    read: (scope, id) =>
      guarded(scope, async () => {
        assertId(id);
        const file = fileOf(scope, id);
        const text = await readEntryText(file);
        return text === null ? null : { id, scope, text, file };
      }),
    create: (scope, text) => guarded(scope, () => locked(scope, async () => write(scope, await newId(scope), text))),
    replace: (scope, id, text) =>
      guarded(scope, () =>
        locked(scope, async () => {
          assertId(id);
          if (!(await pathExists(fileOf(scope, id)))) throw new BrassError('not-found', `there is no memory entry ${id} in the ${scope} memory`);
          return write(scope, id, text);
        }),
      ),
    remove: (scope, id) =>
      guarded(scope, async () => {
        assertId(id);
        if (!(await pathExists(fileOf(scope, id)))) return false;
        return locked(scope, async () => {
          try {
            await fs.promises.unlink(fileOf(scope, id));
            return true;
          } catch (error) {
            if (errnoCode(error) === 'ENOENT') return false;
            throw error;
          }
        });
      }),
  };

  async function newId(scope: MemoryScope): Promise<string> {
    // Under the lock: no other writer of this scope can take the same id between the check and the write.
    for (;;) {
      const id = `${now().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}-${nodeCrypto().randomBytes(3).toString('hex')}`;
      if (!(await pathExists(fileOf(scope, id)))) return id;
    }
  }
}

async function waitForLock(file: string): Promise<HeldLock> {
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt += 1) {
    const result = await acquireLock(file);
    if (result.isAcquired) return result.lock;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
  throw new BrassError('conflict', `the memory in ${path.dirname(file)} stayed locked by another brass-agent process (${file}); try again, or remove the lock if no brass-agent runs`);
}

function assertId(id: string): void {
  if (typeof id !== 'string' || !MEMORY_ID_PATTERN.test(id)) {
    throw new InvalidInputError('id', `${JSON.stringify(id).slice(0, 80)} is not a memory id (like 20261202-024512-3fa9c1; \`brass-agent memory list\` shows them)`);
  }
}

/** The entry files of a folder and their sizes, oldest first; other names (temp files, the lock) are left out. */
async function entrySizes(directory: string): Promise<{ id: string; bytes: number }[]> {
  const ids = entryIdsOf(await fs.promises.readdir(directory));
  const sizes: { id: string; bytes: number }[] = [];
  for (let start = 0; start < ids.length; start += READ_CONCURRENCY) {
    const batch = ids.slice(start, start + READ_CONCURRENCY);
    const stats = await Promise.all(batch.map((id) => fs.promises.lstat(path.join(directory, `${id}${ENTRY_EXTENSION}`)).catch(() => null)));
    stats.forEach((stat, index) => {
      if (stat !== null) sizes.push({ id: batch[index]!, bytes: stat.size });
    });
  }
  return sizes;
}

/** The entry ids among a folder's names, oldest first. */
function entryIdsOf(names: readonly string[]): string[] {
  return names
    .filter((name) => name.endsWith(ENTRY_EXTENSION) && MEMORY_ID_PATTERN.test(name.slice(0, -ENTRY_EXTENSION.length)))
    .map((name) => name.slice(0, -ENTRY_EXTENSION.length))
    .sort();
}

/** An entry file's text; null when it does not exist. Throws InvalidInputError naming it for a file that is not a regular one, too large, or not UTF-8. */
async function readEntryText(file: string): Promise<string | null> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, READ_FLAGS);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    if (errnoCode(error) === 'ELOOP') throw new InvalidInputError('memory entry', `${file} is a symbolic link, not a memory entry; remove it`);
    if (errnoCode(error) === 'ENXIO') throw new InvalidInputError('memory entry', `${file} is a FIFO or socket, not a memory entry; remove it`);
    throw error;
  }
  try {
    const stats = await handle.stat();
    const kind = fileKindOf(stats);
    if (kind !== 'file') throw new InvalidInputError('memory entry', `${file} is ${kind === 'fifo' ? 'a FIFO' : `a ${kind}`}, not a memory entry; remove it`);
    if (stats.size > MAX_MEMORY_FILE_BYTES) throw new InvalidInputError('memory entry', `${file} is larger than ${MAX_MEMORY_FILE_BYTES} bytes, so it is not a memory entry; remove it or cut it down`);
    const data = await handle.readFile();
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      throw new InvalidInputError('memory entry', `${file} is not UTF-8 text, so it is not a memory entry; fix or remove it`);
    }
  } finally {
    await handle.close();
  }
}

function describeProblem(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Records which workspace a folder belongs to, once. */
async function recordWorkspace(directory: string, workspace: string): Promise<void> {
  const record = path.join(directory, WORKSPACE_RECORD);
  if (await pathExists(record)) return checkWorkspaceRecord(directory, workspace);
  await writeViaTempFile(record, `${JSON.stringify({ workspace })}\n`, { mode: FILE_MODE, isDurable: true });
}

/** A folder whose record names another path (a hash collision, a copied state dir) is never used for this workspace. */
async function checkWorkspaceRecord(directory: string, workspace: string): Promise<void> {
  let recorded: unknown;
  try {
    recorded = (JSON.parse((await readEntryText(path.join(directory, WORKSPACE_RECORD))) ?? 'null') as { workspace?: unknown } | null)?.workspace;
  } catch (error) {
    if (InvalidInputError.isInstance(error)) throw error;
    throw new InvalidInputError('memory entry', `${path.join(directory, WORKSPACE_RECORD)} is not valid JSON; fix or remove it`);
  }
  if (recorded !== undefined && recorded !== null && recorded !== workspace) {
    throw new BrassError('conflict', `the memory folder ${directory} belongs to ${String(recorded)}, not ${workspace}; move it away`);
  }
}
