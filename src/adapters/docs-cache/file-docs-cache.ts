import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FileAccessError, InvalidInputError } from '../../core/index.js';

/** Entries larger than this are not read back (a 3,000-page index is a few MiB). */
export const MAX_DOCS_CACHE_ENTRY_BYTES = 256 * 1024 * 1024;
/** Entry names are hex digests: nothing else can reach the filesystem as a name. */
const SLOT_PATTERN = /^[0-9a-f]{16,64}$/;
// The cache holds text derived from the docs: private to the user.
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const OPEN_READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/**
 * The docs index cache as files, one per slot (`<directory>/<slot>.bin`).
 * It has the shape of the docs map's `DocsIndexCache` (src/context/docs),
 * which this layer may not import; the CLI passes one to `createDocsMap`.
 */
export interface FileDocsCache {
  read(slot: string): Promise<Uint8Array | null>;
  write(slot: string, data: Uint8Array): Promise<void>;
  readonly directory: string;
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function entryPath(directory: string, slot: string): string {
  if (!SLOT_PATTERN.test(slot)) throw new InvalidInputError('slot', 'must be a lowercase hex digest');
  return path.join(directory, `${slot}.bin`);
}

/**
 * Creates the file cache under `directory` (see docsCacheDirectory). Reads
 * refuse symlinks and anything but a regular file and return null for a
 * missing entry; writes go to a temp file created exclusively (mode 0600,
 * directory 0700) and renamed over the entry, so a reader never sees half
 * an entry. Throws FileAccessError for other I/O failures (the docs map turns
 * them into warnings).
 *
 * @example
 * const cache = createFileDocsCache({ directory: docsCacheDirectory(process.env, os.homedir()) });
 */
export function createFileDocsCache(options: { directory: string }): FileDocsCache {
  const { directory } = options;
  return {
    directory,
    async read(slot) {
      const target = entryPath(directory, slot);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(target, OPEN_READ_FLAGS);
      } catch (error) {
        if (errnoCode(error) === 'ENOENT') return null;
        throw new FileAccessError({ reason: 'io', path: target, message: `${target} cannot be opened (${errnoCode(error) ?? String(error)})`, cause: error });
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw new FileAccessError({ reason: 'not-a-regular-file', path: target, message: `${target} is not a regular file` });
        if (stats.size > MAX_DOCS_CACHE_ENTRY_BYTES) return null;
        return new Uint8Array(await handle.readFile());
      } finally {
        await handle.close();
      }
    },
    async write(slot, data) {
      const target = entryPath(directory, slot);
      const temp = path.join(directory, `.${slot}.${randomBytes(6).toString('hex')}.tmp`);
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
  };
}
