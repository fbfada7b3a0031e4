import fs from 'node:fs';
import path from 'node:path';
import { FileAccessError, InvalidInputError, nodeCrypto } from '../../core/index.js';

/** Entries larger than this are not read back (a 3,000-page docs index is a few MiB, a 5,000-file code index tens). */
export const MAX_INDEX_CACHE_ENTRY_BYTES = 256 * 1024 * 1024;
/** Entry names are hex digests: nothing else can reach the filesystem as a name. */
const SLOT_PATTERN = /^[0-9a-f]{16,64}$/;
// The cache holds text derived from the workspace: private to the user.
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const OPEN_READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/** An index cache as files, one per slot (`<directory>/<slot>.<extension>`), holding bytes. */
export interface FileIndexCache {
  /** The stored bytes of `slot`, or null when there are none. */
  read(slot: string): Promise<Uint8Array | null>;
  /** Replaces the bytes of `slot` atomically: a reader sees the old entry or the new one, never half of one. */
  write(slot: string, data: Uint8Array): Promise<void>;
  /**
   * Removes the entries whose first bytes `isStale` says no reader can use
   * (another format version) and that were not written for `minAgeMs`;
   * returns how many. Best effort: an entry that cannot be read or removed
   * is left.
   */
  prune(isStale: (head: Uint8Array) => boolean, minAgeMs?: number): Promise<number>;
  readonly directory: string;
}

/** Bytes of each entry handed to a prune's `isStale`: enough for any format's header. */
export const PRUNE_HEAD_BYTES = 64;
/** Most directory entries one prune looks at: the cache holds one entry per workspace setup. */
const MAX_PRUNED_ENTRIES = 1_000;

/**
 * The file's bytes, read straight into one buffer of its size (a tens-of-MiB
 * index entry: FileHandle.readFile reads it in chunks and joins them). A
 * file that grew since its size was taken is read up to that size; a shorter
 * one is returned as long as it is.
 */
async function readWhole(handle: fs.promises.FileHandle, size: number): Promise<Uint8Array> {
  // Its own ArrayBuffer at offset 0 (not the shared pool): a decoder can lay typed arrays on it without copying.
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === size ? bytes : bytes.subarray(0, filled);
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Creates a file cache under `directory` (see indexCacheDirectory). Reads
 * refuse symlinks and anything but a regular file and return null for a
 * missing entry or directory; writes go to a temp file created exclusively (mode 0600,
 * directory 0700) and renamed over the entry, so a reader never sees half
 * an entry and, of two processes writing at once, the last rename wins.
 * Throws InvalidInputError for a slot that is not a lowercase hex digest and
 * FileAccessError for other I/O failures (callers turn them into warnings).
 *
 * @example
 * const cache = createFileIndexCache({ directory: indexCacheDirectory(process.env, os.homedir(), 'docs-index') });
 */
export function createFileIndexCache(options: { directory: string; extension?: string }): FileIndexCache {
  const { directory } = options;
  const extension = options.extension ?? 'bin';
  const entryPath = (slot: string): string => {
    if (!SLOT_PATTERN.test(slot)) throw new InvalidInputError('slot', 'must be a lowercase hex digest');
    return path.join(directory, `${slot}.${extension}`);
  };
  return {
    directory,
    async read(slot) {
      const target = entryPath(slot);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(target, OPEN_READ_FLAGS);
      } catch (error) {
        // No entry, or no cache directory (a file stands where it should be: writing will say so).
        if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return null;
        throw new FileAccessError({ reason: 'io', path: target, message: `${target} cannot be opened (${errnoCode(error) ?? String(error)})`, cause: error });
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw new FileAccessError({ reason: 'not-a-regular-file', path: target, message: `${target} is not a regular file` });
        if (stats.size > MAX_INDEX_CACHE_ENTRY_BYTES) return null;
        return await readWhole(handle, stats.size);
      } finally {
        await handle.close();
      }
    },
    async write(slot, data) {
      const target = entryPath(slot);
      const temp = path.join(directory, `.${slot}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
      try {
        await fs.promises.mkdir(directory, { recursive: true, mode: DIRECTORY_MODE });
        await fs.promises.writeFile(temp, data, { flag: 'wx', mode: FILE_MODE });
        await fs.promises.rename(temp, target);
      } catch (error) {
        // The temp file may never have been created (the directory could not be).
        await fs.promises.rm(temp, { force: true }).catch((removeError: unknown) => {
          if (errnoCode(removeError) !== 'ENOTDIR') throw removeError;
        });
        throw new FileAccessError({ reason: 'io', path: target, message: `${target} cannot be written (${errnoCode(error) ?? String(error)})`, cause: error });
      }
    },
    async prune(isStale, minAgeMs = 0) {
      const writtenBefore = Date.now() - minAgeMs;
      const suffix = `.${extension}`;
      const isEntryName = (name: string) => name.endsWith(suffix) && SLOT_PATTERN.test(name.slice(0, -suffix.length));
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(directory, { withFileTypes: true });
      } catch {
        return 0;
      }
      let removed = 0;
      // Regular files only, by the listing's type (a symlink is not one), and opened without following links.
      for (const entry of entries.slice(0, MAX_PRUNED_ENTRIES)) {
        if (!entry.isFile() || !isEntryName(entry.name)) continue;
        const target = path.join(directory, entry.name);
        try {
          const handle = await fs.promises.open(target, OPEN_READ_FLAGS);
          let head: Uint8Array;
          try {
            if (minAgeMs > 0 && (await handle.stat()).mtimeMs > writtenBefore) continue;
            const buffer = new Uint8Array(PRUNE_HEAD_BYTES);
            const { bytesRead } = await handle.read(buffer, 0, PRUNE_HEAD_BYTES, 0);
            head = buffer.subarray(0, bytesRead);
          } finally {
            await handle.close();
          }
          if (!isStale(head)) continue;
          await fs.promises.unlink(target);
          removed += 1;
        } catch {
          // Gone meanwhile, or not ours to read: left as it is.
        }
      }
      return removed;
    },
  };
}
