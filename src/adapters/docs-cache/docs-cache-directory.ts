import path from 'node:path';

/** Folder of brass-agent's docs index entries under the user's cache directory. */
const DOCS_CACHE_SUBDIRECTORY = path.join('brass-agent', 'docs-index');

/**
 * Where docs map indexes are cached: `$XDG_CACHE_HOME/brass-agent/docs-index`,
 * else `<homeDir>/.cache/brass-agent/docs-index`. A relative XDG_CACHE_HOME
 * is ignored, as the XDG Base Directory specification requires.
 *
 * @example
 * docsCacheDirectory({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/me'); // '/var/cache/me/brass-agent/docs-index'
 */
export function docsCacheDirectory(env: { readonly XDG_CACHE_HOME?: string | undefined }, homeDir: string): string {
  const xdgCacheHome = env.XDG_CACHE_HOME;
  const base = xdgCacheHome !== undefined && path.isAbsolute(xdgCacheHome) ? xdgCacheHome : path.join(homeDir, '.cache');
  return path.join(base, DOCS_CACHE_SUBDIRECTORY);
}
