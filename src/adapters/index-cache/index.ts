/**
 * Index caches on disk: one file per entry under the user's cache directory
 * (never inside the workspace), written atomically. The docs map stores
 * bytes (docs-cache), discovery's retrieval index stores JSON.
 */
export { indexCacheDirectory } from './index-cache-directory.js';
export { MAX_INDEX_CACHE_ENTRY_BYTES, createFileIndexCache } from './file-index-cache.js';
export type { FileIndexCache } from './file-index-cache.js';
export { createJsonIndexCache } from './json-index-cache.js';
export type { JsonIndexCache } from './json-index-cache.js';
export { RETRIEVAL_INDEX_CACHE_NAME, retrievalIndexCacheDirectory } from './retrieval-index-cache-directory.js';
