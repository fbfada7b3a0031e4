import { createHash } from 'node:crypto';

/**
 * Where discovery keeps its retrieval index between runs: a capability the
 * entry point supplies (the Node adapter stores files under the user's
 * cache directory, never inside the workspace). The index is one byte
 * entry per workspace, under retrievalCacheKeyOf(root) (see index-segment:
 * it carries its own format version and a size and mtime per file, which
 * buildRetrievalIndex checks itself); the git history is a JSON value.
 * Nothing derived from a goal is ever written here.
 */
export interface RetrievalIndexCache {
  /** The value stored under `key`, or null when there is none. Throws for an unreadable or corrupt entry. */
  load(key: string): Promise<unknown | null>;
  /** Replaces the value of `key` atomically: a concurrent reader sees the old or the new entry, never half of one. */
  save(key: string, value: unknown): Promise<void>;
  /** The bytes stored under `key`, or null when there are none. Throws for an unreadable entry. */
  read(key: string): Promise<Uint8Array | null>;
  /** Replaces the bytes of `key` atomically, as `save` does. */
  write(key: string, bytes: Uint8Array): Promise<void>;
}

/** The cache key of a workspace: a hex digest of its real path (the same root reuses, and overwrites, one entry). */
export function retrievalCacheKeyOf(root: string): string {
  return createHash('sha256').update(`brass-agent retrieval index\u0000${root}`).digest('hex').slice(0, 32);
}
