import { type FileIndexCache, MAX_INDEX_CACHE_ENTRY_BYTES, createFileIndexCache } from '../index-cache/index.js';

/** Entries larger than this are not read back (a 3,000-page index is a few MiB). */
export const MAX_DOCS_CACHE_ENTRY_BYTES = MAX_INDEX_CACHE_ENTRY_BYTES;

/**
 * The docs index cache as files, one per slot (`<directory>/<slot>.bin`).
 * It has the shape of the docs map's `DocsIndexCache` (src/context/docs),
 * which this layer may not import; the CLI passes one to `createDocsMap`.
 */
export type FileDocsCache = FileIndexCache;

/**
 * Creates the docs index cache under `directory` (see docsCacheDirectory):
 * the shared file index cache (createFileIndexCache) with `.bin` entries —
 * symlinks refused, temp file + rename writes, mode 0600 in a 0700 folder.
 *
 * @example
 * const cache = createFileDocsCache({ directory: docsCacheDirectory(process.env, os.homedir()) });
 */
export function createFileDocsCache(options: { directory: string }): FileDocsCache {
  return createFileIndexCache({ directory: options.directory, extension: 'bin' });
}
