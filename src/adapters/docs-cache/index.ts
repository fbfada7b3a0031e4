/**
 * The docs map's index cache on disk: one file per workspace docs setup under
 * the user's cache directory (never inside the workspace or the docs).
 */
export { docsCacheDirectory } from './docs-cache-directory.js';
export { MAX_DOCS_CACHE_ENTRY_BYTES, createFileDocsCache } from './file-docs-cache.js';
export type { FileDocsCache } from './file-docs-cache.js';
