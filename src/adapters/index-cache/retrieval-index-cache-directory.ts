import { indexCacheDirectory } from './index-cache-directory.js';

/** Folder name of discovery's retrieval index entries under `<cache>/brass-agent/`. */
export const RETRIEVAL_INDEX_CACHE_NAME = 'retrieval-index';

/**
 * Where discovery caches its retrieval index: `$XDG_CACHE_HOME/brass-agent/retrieval-index`,
 * else `<homeDir>/.cache/brass-agent/retrieval-index`. Deleting the folder clears the cache.
 */
export function retrievalIndexCacheDirectory(env: { readonly XDG_CACHE_HOME?: string | undefined }, homeDir: string): string {
  return indexCacheDirectory(env, homeDir, RETRIEVAL_INDEX_CACHE_NAME);
}
