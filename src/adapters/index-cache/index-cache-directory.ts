import path from 'node:path';

/**
 * Where brass-agent caches one kind of index (`name`, e.g. `docs-index`,
 * `retrieval-index`): `$XDG_CACHE_HOME/brass-agent/<name>`, else
 * `<homeDir>/.cache/brass-agent/<name>`. A relative XDG_CACHE_HOME is
 * ignored, as the XDG Base Directory specification requires.
 *
 * @example
 * indexCacheDirectory({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/me', 'retrieval-index'); // '/var/cache/me/brass-agent/retrieval-index'
 */
export function indexCacheDirectory(env: { readonly XDG_CACHE_HOME?: string | undefined }, homeDir: string, name: string): string {
  const xdgCacheHome = env.XDG_CACHE_HOME;
  const base = xdgCacheHome !== undefined && path.isAbsolute(xdgCacheHome) ? xdgCacheHome : path.join(homeDir, '.cache');
  return path.join(base, 'brass-agent', name);
}
