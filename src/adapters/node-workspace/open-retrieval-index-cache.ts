import { isPathInside } from '../../core/index.js';
import { type JsonIndexCache, createJsonIndexCache, retrievalIndexCacheDirectory } from '../index-cache/index.js';
import type { OpenedWorkspace } from './open-workspace.js';

/** The retrieval index cache for a workspace, or why there is none. */
export type RetrievalIndexCacheChoice = { cache: JsonIndexCache; warning: null } | { cache: null; warning: string };

/**
 * The on-disk cache of discovery's retrieval index for `workspace`, under
 * the user's cache directory (`$XDG_CACHE_HOME/brass-agent/retrieval-index`,
 * else `~/.cache/brass-agent/retrieval-index`). None, with a warning, when
 * that directory lies inside the workspace: the cache must never show up in
 * the repository. Nothing is created until the first entry is saved.
 *
 * @example
 * const { cache, warning } = openRetrievalIndexCache(workspace, process.env);
 * await discoverContext({ runtime: workspace.runtime, config, goal, ...(cache ? { retrievalCache: cache } : {}) });
 */
export function openRetrievalIndexCache(workspace: Pick<OpenedWorkspace, 'root' | 'probe' | 'scope'>, env: { readonly XDG_CACHE_HOME?: string | undefined }): RetrievalIndexCacheChoice {
  const directory = retrievalIndexCacheDirectory(env, workspace.probe.homeDir);
  if (isPathInside(directory, workspace.root, workspace.scope.workspace.isCaseInsensitive)) {
    return { cache: null, warning: 'the retrieval index cache directory is inside the workspace; the index is not cached (set XDG_CACHE_HOME elsewhere)' };
  }
  return { cache: createJsonIndexCache({ directory }), warning: null };
}
