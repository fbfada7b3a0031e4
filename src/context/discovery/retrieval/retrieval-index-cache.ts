import { createHash } from 'node:crypto';

/**
 * Where discovery keeps its retrieval index between runs: a capability the
 * entry point supplies (the Node adapter stores JSON files under the user's
 * cache directory, never inside the workspace). One entry per workspace,
 * under retrievalCacheKeyOf(root); the entry carries its own format version
 * and a size and mtime per file, which buildRetrievalIndex checks itself.
 * Nothing derived from a goal is ever written here.
 */
export interface RetrievalIndexCache {
  /** The value stored under `key`, or null when there is none. Throws for an unreadable or corrupt entry. */
  load(key: string): Promise<unknown | null>;
  /** Replaces the value of `key` atomically: a concurrent reader sees the old or the new entry, never half of one. */
  save(key: string, value: unknown): Promise<void>;
}

/** The cache key of a workspace: a hex digest of its real path (the same root reuses, and overwrites, one entry). */
export function retrievalCacheKeyOf(root: string): string {
  return createHash('sha256').update(`brass-agent retrieval index\u0000${root}`).digest('hex').slice(0, 32);
}
