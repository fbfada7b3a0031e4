import { indexCacheDirectory } from '../index-cache/index.js';

/**
 * Where docs map indexes are cached: `$XDG_CACHE_HOME/brass-agent/docs-index`,
 * else `<homeDir>/.cache/brass-agent/docs-index`. A relative XDG_CACHE_HOME
 * is ignored, as the XDG Base Directory specification requires.
 *
 * @example
 * docsCacheDirectory({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/me'); // '/var/cache/me/brass-agent/docs-index'
 */
export function docsCacheDirectory(env: { readonly XDG_CACHE_HOME?: string | undefined }, homeDir: string): string {
  return indexCacheDirectory(env, homeDir, 'docs-index');
}
