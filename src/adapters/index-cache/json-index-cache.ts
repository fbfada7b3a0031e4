import { BrassError } from '../../core/index.js';
import { createFileIndexCache } from './file-index-cache.js';

/**
 * An index cache of JSON values (`<directory>/<key>.json`) and byte entries
 * (`<directory>/<key>.bin`), one file per key and kind. It has the shape of
 * discovery's `RetrievalIndexCache` (src/context/discovery/retrieval),
 * which this layer may not import.
 */
export interface JsonIndexCache {
  /** The value stored under `key`, or null when there is none. */
  load(key: string): Promise<unknown | null>;
  /** Replaces the value of `key` atomically (temp file + rename). */
  save(key: string, value: unknown): Promise<void>;
  /** The bytes stored under `key`, or null when there are none. */
  read(key: string): Promise<Uint8Array | null>;
  /** Replaces the bytes of `key` atomically (temp file + rename). */
  write(key: string, bytes: Uint8Array): Promise<void>;
  readonly directory: string;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/**
 * Creates a JSON index cache under `directory` (see indexCacheDirectory),
 * on top of createFileIndexCache: the same hex-digest keys, private modes,
 * symlink refusal and atomic writes. `load` throws BrassError
 * `cache-corrupt` for an entry that is not UTF-8 JSON (a torn or foreign
 * file), FileAccessError for I/O failures; the caller rebuilds either way.
 *
 * @example
 * const cache = createJsonIndexCache({ directory: indexCacheDirectory(process.env, os.homedir(), 'retrieval-index') });
 * await cache.save(key, { version: 1 });
 */
export function createJsonIndexCache(options: { directory: string }): JsonIndexCache {
  const files = createFileIndexCache({ directory: options.directory, extension: 'json' });
  const binaries = createFileIndexCache({ directory: options.directory, extension: 'bin' });
  return {
    directory: files.directory,
    read: (key) => binaries.read(key),
    write: (key, bytes) => binaries.write(key, bytes),
    async load(key) {
      const bytes = await files.read(key);
      if (bytes === null) return null;
      try {
        return JSON.parse(decoder.decode(bytes)) as unknown;
      } catch (error) {
        if (!(error instanceof SyntaxError) && !(error instanceof TypeError)) throw error;
        throw new BrassError('cache-corrupt', `the cache entry ${key}.json is not valid JSON`, { cause: error });
      }
    },
    async save(key, value) {
      await files.write(key, encoder.encode(JSON.stringify(value)));
    },
  };
}
