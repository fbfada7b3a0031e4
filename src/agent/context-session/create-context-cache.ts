import type { Config } from '../../config/index.js';
import type { Runtime } from '../../core/index.js';
import type { GuidanceResult } from '../../context/guidance/index.js';
import type { ToolResultTrace } from '../memory/index.js';
import { discoverContext, type ContextDiscovery } from '../../context/nested/index.js';
import { createScopedContextResolver, type ScopedContextResolver } from '../../context/scoped/index.js';

/**
 * What the sessions of one workspace share: the guidance (resolved once),
 * the scoped context memo and the discovery walk (run once). Sub-agents get
 * their own ContextSession, and with the same cache the same system prompt
 * parts and no second walk. Use one cache per workspace and configuration.
 * A conversation (one session engine) has one cache, so its prompt's memory
 * index and its tool-result trace last across its turns.
 */
export interface ContextCache {
  /** Internal: the memoized parts, created on first use. */
  readonly _internal: {
    guidance?: Promise<GuidanceResult>;
    scoped?: ScopedContextResolver;
    discovery?: Promise<ContextDiscovery>;
    /** The memory index of the system prompt, read once: entries written later show in recall and the next session's index. */
    memoryIndex?: Promise<string>;
    /** What the conversation's tool results said, so `remember` can tell a quote from the model's own words. */
    toolResultTrace?: ToolResultTrace;
  };
}

/** Creates an empty cache; see ContextCache. */
export function createContextCache(): ContextCache {
  return { _internal: {} };
}

/** The cached discovery of the cache's workspace, walking it on first use. */
export function cachedDiscovery(cache: ContextCache, runtime: Runtime, config: Config): Promise<ContextDiscovery> {
  cache._internal.discovery ??= discoverContext({ runtime, config });
  return cache._internal.discovery;
}

/** The cached scoped resolver, created on first use with the guidance files as exclusions. */
export function cachedScopedResolver(cache: ContextCache, runtime: Runtime, config: Config, guidanceRealPaths: ReadonlySet<string>): ScopedContextResolver {
  cache._internal.scoped ??= createScopedContextResolver({ runtime, config, excludeRealPaths: guidanceRealPaths });
  return cache._internal.scoped;
}
