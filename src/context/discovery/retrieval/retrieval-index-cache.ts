import { createHash } from 'node:crypto';
import type { Segment } from './index-segment.js';

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
  /**
   * Optional, for a long-lived process (an MCP connection): the segment last
   * loaded or built under `key`, kept decoded in memory by `retain`, so the
   * next build neither reads nor decodes the entry. Freshness stays the
   * build's own check (every file's size and mtime, the racy window), as
   * with the entry on disk.
   */
  recall?(key: string): Segment | undefined;
  retain?(key: string, segment: Segment): void;
}

/** The cache key of a workspace: a hex digest of its real path (the same root reuses, and overwrites, one entry). */
export function retrievalCacheKeyOf(root: string): string {
  return createHash('sha256').update(`brass-agent retrieval index\u0000${root}`).digest('hex').slice(0, 32);
}
