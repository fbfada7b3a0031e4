import fs from 'node:fs';
import path from 'node:path';
import { BrassError, type Clock, InvalidInputError, type JournalEntry, type JournalState, type PatchJournal, systemClock, nodeCrypto } from '../../core/index.js';
import { parseJournalEntry } from './parse-journal-entry.js';
import { syncDirectory } from '../file-system/sync-directory.js';
import { writeViaTempFile } from '../file-system/write-via-temp-file.js';
import { withStoreErrors } from '../file-system/with-store-errors.js';

/** A patch whose journal entry would be larger than this is refused before anything is written. */
export const MAX_JOURNAL_ENTRY_BYTES = 64 * 1024 * 1024;
/** Entries in a final state (`rolled-back`, `kept`) older than this are removed when a new patch begins. */
export const JOURNAL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
// The journal holds file contents, secrets included: private to the user.
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const OPEN_READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
/** Entry ids become file names: nothing else may reach the filesystem as one. */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** `<yyyymmdd>T<hhmmssSSS>Z-<id>.json`. */
const ENTRY_NAME_PATTERN = /^(\d{8}T\d{9}Z)-([A-Za-z0-9][A-Za-z0-9_-]{0,127})\.json$/;
/** A temp file a write left behind when the process died before its rename. */
const TEMP_NAME_PATTERN = /^\..+\.json\.[0-9a-f]{12}\.tmp$/;
const FINAL_STATES: ReadonlySet<JournalState> = new Set<JournalState>(['rolled-back', 'kept']);
const PENDING_STATES: ReadonlySet<JournalState> = new Set<JournalState>(['applying', 'applied']);

/** The patch journal on disk, and where it is. */
export interface FileJournal extends PatchJournal {
  readonly directory: string;
}

/** Options of `createFileJournal`. */
export interface FileJournalOptions {
  /** See journalDirectory. */
  directory: string;
  /** Ages entries for pruning; default the system clock. */
  clock?: Clock;
}

/**
 * The patch journal as files: one JSON file per patch,
 * `<directory>/<sha256(workspaceRoot), 16 hex>/<createdAt compact>-<id>.json`.
 * Every write goes to a temp file (mode 0600, directories 0700) that is
 * synced, renamed over the entry, and followed by a sync of the directory,
 * so an entry is either wholly there or not at all, even across a crash.
 * Files that do not parse are skipped, never trusted; entries in a final
 * state older than 30 days (and temp files a crash left) are pruned when a
 * new patch begins.
 *
 * Throws BrassError `too-large` when an entry exceeds MAX_JOURNAL_ENTRY_BYTES
 * (nothing written), `not-found` for `setState` of an unknown id,
 * `journal-failed` when the disk refuses (full, permissions), and
 * InvalidInputError for a malformed id or date.
 *
 * @example
 * const journal = createFileJournal({ directory: journalDirectory(process.env, os.homedir()) });
 * const [last] = await journal.pending(workspaceRoot);
 */
export function createFileJournal(options: FileJournalOptions): FileJournal {
  const { directory } = options;
  const clock = options.clock ?? systemClock;
  // Where each entry this process has seen lives, so setState finds it without a scan.
  const locations = new Map<string, string>();

  const workspaceDirectory = (workspaceRoot: string) => path.join(directory, nodeCrypto().createHash('sha256').update(workspaceRoot).digest('hex').slice(0, 16));

  async function locate(id: string): Promise<string | null> {
    const known = locations.get(id);
    if (known !== undefined) return known;
    for (const workspace of await listDirectory(directory)) {
      const folder = path.join(directory, workspace);
      const name = (await listDirectory(folder)).find((candidate) => ENTRY_NAME_PATTERN.exec(candidate)?.[2] === id);
      if (name !== undefined) return path.join(folder, name);
    }
    return null;
  }

  async function prune(): Promise<void> {
    const cutoff = clock.now() - JOURNAL_RETENTION_MS;
    for (const workspace of await listDirectory(directory)) {
      const folder = path.join(directory, workspace);
      for (const name of await listDirectory(folder)) {
        const target = path.join(folder, name);
        if (TEMP_NAME_PATTERN.test(name)) {
          await removeTempIfStale(target, cutoff);
          continue;
        }
        const match = ENTRY_NAME_PATTERN.exec(name);
        // The name carries the date: recent entries are not even opened.
        if (match === null || compactToTime(match[1]!) >= cutoff) continue;
        const entry = await readEntryFile(target);
        if (entry !== null && FINAL_STATES.has(entry.state)) await removeIfPresent(target);
      }
    }
  }

  return {
    directory,
    begin: (entry) => guarded(directory, async () => {
      if (!ID_PATTERN.test(entry.id)) throw new InvalidInputError('id', `${JSON.stringify(entry.id)} is not a journal id (letters, digits, - and _)`);
      if (!path.isAbsolute(entry.workspaceRoot)) throw new InvalidInputError('workspaceRoot', `${entry.workspaceRoot} is not an absolute path`);
      const target = path.join(workspaceDirectory(entry.workspaceRoot), `${toCompact(entry.createdAt)}-${entry.id}.json`);
      const data = serialize(entry);
      await prune();
      await writeDurably(target, data);
      locations.set(entry.id, target);
    }),
    setState: (id, state) => guarded(directory, async () => {
      const target = await locate(id);
      const entry = target === null ? null : await readEntryFile(target);
      if (target === null || entry === null) throw new BrassError('not-found', `the patch journal has no readable entry ${id}`);
      await writeDurably(target, serialize({ ...entry, state }));
      locations.set(id, target);
    }),
    pending: (workspaceRoot) => guarded(directory, async () => {
      const folder = workspaceDirectory(workspaceRoot);
      const found: { name: string; entry: JournalEntry }[] = [];
      for (const name of await listDirectory(folder)) {
        if (!ENTRY_NAME_PATTERN.test(name)) continue;
        const target = path.join(folder, name);
        const entry = await readEntryFile(target);
        // Another workspace whose hash prefix collides, or a corrupt file: not this workspace's patch.
        if (entry === null || entry.workspaceRoot !== workspaceRoot || !PENDING_STATES.has(entry.state)) continue;
        locations.set(entry.id, target);
        found.push({ name, entry });
      }
      return found.sort((left, right) => compareNewestFirst(left.entry.createdAt, right.entry.createdAt) || (left.name < right.name ? 1 : left.name > right.name ? -1 : 0)).map((item) => item.entry);
    }),
  };
}

function guarded<T>(directory: string, work: () => Promise<T>): Promise<T> {
  return withStoreErrors({ code: 'journal-failed', name: 'the patch journal', directory }, work);
}

function serialize(entry: JournalEntry): string {
  const data = JSON.stringify(entry);
  // Length first: a string this long is too large whatever its encoding, and needs no byte count.
  if (data.length > MAX_JOURNAL_ENTRY_BYTES || Buffer.byteLength(data, 'utf8') > MAX_JOURNAL_ENTRY_BYTES) {
    throw new BrassError('too-large', `the patch is too large to journal (more than ${MAX_JOURNAL_ENTRY_BYTES / (1024 * 1024)} MiB with the files' previous contents); nothing was written`, {
      hint: 'split the change into smaller patches',
    });
  }
  return data;
}

/** `2024-05-01T12:34:56.789Z` -> `20240501T123456789Z`. */
function toCompact(createdAt: string): string {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) throw new InvalidInputError('createdAt', `${JSON.stringify(createdAt)} is not an ISO date`);
  return new Date(time).toISOString().replace(/[-:.]/g, '');
}

function compactToTime(compact: string): number {
  const iso = `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}T${compact.slice(9, 11)}:${compact.slice(11, 13)}:${compact.slice(13, 15)}.${compact.slice(15, 18)}Z`;
  const time = Date.parse(iso);
  // An unparsable name is kept (treated as new): pruning only ever removes what it understands.
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

function compareNewestFirst(left: string, right: string): number {
  return Date.parse(right) - Date.parse(left) || 0;
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Names in a directory; none when it does not exist (no patch was journaled there yet). */
async function listDirectory(folder: string): Promise<string[]> {
  try {
    return (await fs.promises.readdir(folder)).sort();
  } catch (error) {
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return [];
    throw error;
  }
}

/** An entry file's content, or null when it is gone, not a regular file, too large, or corrupt. */
async function readEntryFile(target: string): Promise<JournalEntry | null> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(target, OPEN_READ_FLAGS);
  } catch (error) {
    // Gone (pruned by another process) or a symlink (O_NOFOLLOW): not an entry to trust.
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ELOOP') return null;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_JOURNAL_ENTRY_BYTES) return null;
    return parseJournalEntry(await handle.readFile('utf8'));
  } finally {
    await handle.close();
  }
}

async function removeTempIfStale(target: string, cutoff: number): Promise<void> {
  let stats: fs.Stats;
  try {
    stats = await fs.promises.lstat(target);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return;
    throw error;
  }
  if (stats.isFile() && stats.mtimeMs < cutoff) await removeIfPresent(target);
}

async function removeIfPresent(target: string): Promise<void> {
  try {
    await fs.promises.unlink(target);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
}

/**
 * Replaces `target` with `data` durably: temp file created exclusively
 * (0600), written, synced, renamed over the target, then the directory
 * synced so the rename itself survives a power loss.
 */
async function writeDurably(target: string, data: string): Promise<void> {
  const folder = path.dirname(target);
  const firstCreated = await fs.promises.mkdir(folder, { recursive: true, mode: DIRECTORY_MODE });
  await writeViaTempFile(target, data, { mode: FILE_MODE, isDurable: true });
  // The rename lives in the folder; new folders live in their parents, up to the one that existed.
  const stop = firstCreated === undefined ? folder : path.dirname(firstCreated);
  for (let current = folder; ; current = path.dirname(current)) {
    await syncDirectory(current);
    if (current === stop || current === path.dirname(current)) break;
  }
}

