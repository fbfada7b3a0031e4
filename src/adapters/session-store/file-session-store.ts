import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BrassError,
  InvalidInputError,
  type OpenedSession,
  type SessionHeader,
  type SessionRecord,
  type SessionStore,
  type SessionSummary,
  type SessionWriter,
} from '../../core/index.js';
import { pathExists } from '../file-system/path-exists.js';
import { syncDirectory } from '../file-system/sync-directory.js';
import { errnoCode } from '../file-system/to-file-access-error.js';
import { withStoreErrors } from '../file-system/with-store-errors.js';
import { writeViaTempFile } from '../file-system/write-via-temp-file.js';
import { isCount, isSessionRecord, isTime, parseSessionHeader, SESSION_ID_PATTERN, summaryFromHeader } from './parse-session-files.js';
import { readSessionFile } from './read-session-file.js';
import { acquireLock, type HeldLock, type LockHolder } from './session-lock.js';
import { listSessionSummaries, readSummaryFile } from './list-session-summaries.js';

/** A record whose line would be larger than this is refused before anything is written. */
export const MAX_SESSION_RECORD_BYTES = 8 * 1024 * 1024;
/** A session file larger than this is not loaded, and an append that would pass it is refused. */
export const MAX_SESSION_FILE_BYTES = 256 * 1024 * 1024;
/** The title a summary keeps, in characters (after redaction, so no secret is cut into an unrecognizable piece). */
const MAX_TITLE_CHARACTERS = 80;
// Sessions hold the conversation, file contents and command output: private to the user.
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
// O_NONBLOCK: a FIFO swapped in for the file fails to open (ENXIO) instead of blocking; it changes nothing for a regular file.
const APPEND_FLAGS = fs.constants.O_WRONLY | fs.constants.O_APPEND | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
const CREATE_FLAGS = APPEND_FLAGS | fs.constants.O_CREAT | fs.constants.O_EXCL;
const LIMITS = { maxFileBytes: MAX_SESSION_FILE_BYTES, maxLineBytes: MAX_SESSION_RECORD_BYTES };

/** The session store on disk, and where it is. */
export interface FileSessionStore extends SessionStore {
  readonly directory: string;
}

/** Options of `createFileSessionStore`. */
export interface FileSessionStoreOptions {
  /** See sessionsDirectory. */
  directory: string;
  /** Redacts every string of a JSON-like value (the workspace redactor's `redactValue(value).value`); applied to every record and title before it is written. */
  redactValue: <T>(value: T) => T;
}

/**
 * The session store as files under `directory` (0700, created when the
 * first session is): `<id>.jsonl` (the header line, then one record per
 * line, each appended with one write on an O_APPEND descriptor and synced),
 * `<id>.summary.json` (replaced atomically: temp file, fsync, rename) and
 * `<id>.lock` while a writer holds the session; files are 0600. A session
 * whose lock a live process holds opens read-only; a lock left by a dead
 * process is taken over (see acquireLock).
 *
 * Throws InvalidInputError for an id that is not letters, digits, `-` and
 * `_` (1 to 128), a corrupt or torn session file (naming the file and line)
 * or a file that is not a regular one; BrassError `not-found`, `denied` and
 * `conflict` as SessionStore says, `too-large` for a record over
 * MAX_SESSION_RECORD_BYTES or a file over MAX_SESSION_FILE_BYTES (nothing
 * written), `closed` for a write after `close`, and `session-store-failed`
 * when the disk refuses.
 *
 * @example
 * const store = createFileSessionStore({ directory: sessionsDirectory(process.env, os.homedir()), redactValue: (value) => redactor.redactValue(value).value });
 * const writer = await store.create({ kind: 'session', version: 1, id: randomUUID(), workspace: root, createdAt: new Date().toISOString() });
 * await writer.append({ kind: 'user', text: 'hello' });
 * await writer.close();
 */
export function createFileSessionStore(options: FileSessionStoreOptions): FileSessionStore {
  const { directory, redactValue } = options;
  const files = (id: string) => ({
    session: path.join(directory, `${id}.jsonl`),
    summary: path.join(directory, `${id}.summary.json`),
    lock: path.join(directory, `${id}.lock`),
  });

  async function writeSummary(file: string, summary: SessionSummary): Promise<void> {
    await writeViaTempFile(file, `${JSON.stringify(summary)}\n`, { mode: FILE_MODE, isDurable: true });
    await syncDirectory(directory);
  }

  function openWriter(header: SessionHeader, handle: fs.promises.FileHandle, sizeBytes: number, lock: HeldLock): SessionWriter {
    const paths = files(header.id);
    let size = sizeBytes;
    let isClosed = false;
    // One operation at a time: an append's rollback on a short write relies on knowing the size before it.
    let queue: Promise<unknown> = Promise.resolve();
    const serialized = <T>(work: () => Promise<T>): Promise<T> => {
      const next = queue.then(() => {
        if (isClosed) throw new BrassError('closed', `session ${header.id} is closed; it takes no more writes`);
        return guarded(directory, work);
      });
      queue = next.catch(() => undefined);
      return next;
    };
    return {
      append: (record) =>
        serialized(async () => {
          const line = Buffer.from(serializeRecord(redactValue(record), header.id), 'utf8');
          if (size + line.length > MAX_SESSION_FILE_BYTES) {
            throw new BrassError('too-large', `session ${header.id} would pass ${MAX_SESSION_FILE_BYTES / (1024 * 1024)} MiB with this record; nothing was written`, { hint: 'start a new session' });
          }
          try {
            const { bytesWritten } = await handle.write(line, 0, line.length);
            if (bytesWritten !== line.length) throw new BrassError('session-store-failed', `session ${header.id}: only ${bytesWritten} of ${line.length} bytes of a record were written (disk full?)`);
            await handle.datasync();
          } catch (error) {
            // Never leave half a line: the file goes back to its last whole record.
            await handle.truncate(size);
            throw error;
          }
          size += line.length;
        }),
      updateSummary: (update) =>
        serialized(async () => {
          if (typeof update.title !== 'string') throw new InvalidInputError('title', 'must be a string');
          if (!isCount(update.turns)) throw new InvalidInputError('turns', `${String(update.turns)} is not a count of turns`);
          if (!isTime(update.updatedAt)) throw new InvalidInputError('updatedAt', `${JSON.stringify(update.updatedAt)} is not an ISO time`);
          const title = Array.from(redactValue(update.title)).slice(0, MAX_TITLE_CHARACTERS).join('');
          await writeSummary(paths.summary, { id: header.id, title, workspace: header.workspace, createdAt: header.createdAt, updatedAt: update.updatedAt, turns: update.turns });
        }),
      close: async () => {
        if (isClosed) return;
        await queue;
        isClosed = true;
        try {
          await handle.close();
        } finally {
          await lock.release();
        }
      },
    };
  }

  async function ensureDirectory(): Promise<void> {
    await fs.promises.mkdir(directory, { recursive: true, mode: DIRECTORY_MODE });
    const stats = await fs.promises.lstat(directory);
    if (!stats.isDirectory()) throw new BrassError('session-store-failed', `the session directory ${directory} is not a directory; move it away`);
    // An existing directory of ours (an older version, a umask) is tightened; someone else's is left as it is.
    if ((stats.mode & 0o777) !== DIRECTORY_MODE && stats.uid === process.getuid?.()) await fs.promises.chmod(directory, DIRECTORY_MODE);
  }

  return {
    directory,
    create: (header) =>
      guarded(directory, async () => {
        const checked = checkHeader(header);
        const paths = files(checked.id);
        await ensureDirectory();
        const attempt = await acquireLock(paths.lock);
        if (!attempt.isAcquired) throw new BrassError('conflict', `session ${checked.id} already exists (${describeHolder(checked.id, attempt.holder)})`);
        let handle: fs.promises.FileHandle;
        try {
          handle = await fs.promises.open(paths.session, CREATE_FLAGS, FILE_MODE);
        } catch (error) {
          await attempt.lock.release();
          if (errnoCode(error) === 'EEXIST') throw new BrassError('conflict', `session ${checked.id} already exists in ${directory}`);
          throw error;
        }
        try {
          await handle.chmod(FILE_MODE);
          const line = Buffer.from(`${JSON.stringify(checked)}\n`, 'utf8');
          await handle.write(line, 0, line.length);
          await handle.sync();
          await writeSummary(paths.summary, summaryFromHeader(checked));
          return openWriter(checked, handle, line.length, attempt.lock);
        } catch (error) {
          await handle.close();
          await fs.promises.rm(paths.session, { force: true });
          await attempt.lock.release();
          throw error;
        }
      }),
    open: (id, workspace) =>
      guarded(directory, async (): Promise<OpenedSession> => {
        assertId(id);
        const paths = files(id);
        // Whether the file exists decides not-found before any lock is made for it.
        if (!(await pathExists(paths.session))) throw notFound(id, directory);
        const attempt = await acquireLock(paths.lock);
        const lock = attempt.isAcquired ? attempt.lock : null;
        const holder = attempt.isAcquired ? null : attempt.holder;
        try {
          const content = await readSessionFile(paths.session, id, LIMITS, { isTornTailIgnored: lock === null });
          if (content === null) throw notFound(id, directory);
          if (content.header.workspace !== workspace) throw new BrassError('denied', `session ${id} belongs to workspace ${content.header.workspace}, not ${workspace}`);
          const summary = await readSummary(paths.summary, content.header);
          if (lock === null || holder !== null) return { ...content, summary, writer: null, readOnlyReason: describeHolder(id, holder ?? { pid: null, hostname: null }) };
          const handle = await fs.promises.open(paths.session, APPEND_FLAGS);
          const stats = await handle.stat();
          if (!stats.isFile()) {
            await handle.close();
            throw new InvalidInputError('session', `${paths.session} was replaced by something that is not a regular file while it was opened`);
          }
          return { ...content, summary, writer: openWriter(content.header, handle, stats.size, lock), readOnlyReason: null };
        } catch (error) {
          await lock?.release();
          throw error;
        }
      }),
    list: (workspace) => guarded(directory, () => listSessionSummaries(directory, workspace)),
  };
}

function guarded<T>(directory: string, work: () => Promise<T>): Promise<T> {
  return withStoreErrors({ code: 'session-store-failed', name: 'the session store', directory }, work);
}

function assertId(id: string): void {
  if (typeof id !== 'string' || !SESSION_ID_PATTERN.test(id)) {
    throw new InvalidInputError('id', `${JSON.stringify(id).slice(0, 140)} is not a session id (1 to 128 letters, digits, - and _)`);
  }
}

function checkHeader(header: SessionHeader): SessionHeader {
  assertId(header.id);
  const checked = parseSessionHeader(header);
  if (checked === null) throw new InvalidInputError('header', `is not a session header (kind "session", version 1, an ISO createdAt)`);
  if (!path.isAbsolute(checked.workspace)) throw new InvalidInputError('workspace', `${checked.workspace} is not an absolute path`);
  return checked;
}

function serializeRecord(record: SessionRecord, id: string): string {
  if (!isSessionRecord(record)) throw new InvalidInputError('record', 'must be an object with a string "kind"');
  let text: string;
  try {
    text = JSON.stringify(record);
  } catch (error) {
    throw new InvalidInputError('record', `cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  // Length first: a string this long is too large whatever its encoding, and needs no byte count.
  if (text.length >= MAX_SESSION_RECORD_BYTES || Buffer.byteLength(text, 'utf8') >= MAX_SESSION_RECORD_BYTES) {
    throw new BrassError('too-large', `a record of session ${id} is larger than ${MAX_SESSION_RECORD_BYTES / (1024 * 1024)} MiB; nothing was written`, {
      hint: 'cut large tool output before it is recorded',
    });
  }
  return `${text}\n`;
}

/** The summary file, or one rebuilt from the header when it is missing or unusable (the records are the truth). */
async function readSummary(file: string, header: SessionHeader): Promise<SessionSummary> {
  const result = await readSummaryFile(file);
  const summary = result.kind === 'summary' ? result.summary : null;
  return summary !== null && summary.id === header.id && summary.workspace === header.workspace ? summary : summaryFromHeader(header);
}

function describeHolder(id: string, holder: LockHolder): string {
  if (holder.pid === null) return `session ${id} is open in another brass-agent process (its lock is being written)`;
  if (holder.pid === process.pid) return `session ${id} is open elsewhere in this brass-agent process (pid ${holder.pid})`;
  return `session ${id} is open in another brass-agent process (pid ${holder.pid}${holder.hostname !== null && holder.hostname !== os.hostname() ? ` on ${holder.hostname}` : ''})`;
}

function notFound(id: string, directory: string): BrassError {
  return new BrassError('not-found', `there is no session ${id} in ${directory}`);
}
