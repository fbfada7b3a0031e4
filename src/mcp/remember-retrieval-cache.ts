import type { RetrievalIndexCache, RetrievalSegment } from '../context/discovery/index.js';

/** Entries kept in memory: a connection serves one workspace, whose index and git history are one entry each. */
const MAX_REMEMBERED_ENTRIES = 4;

/**
 * The retrieval index cache of a connection: `cache` (the on-disk one) with
 * the last entry read or written under each key kept in memory, so a
 * discovery after the first reads no file to get the index and the git
 * history back; the index is kept as the segment the last build loaded or
 * built (see RetrievalIndexCache.retain), so it is not decoded again either
 * (its bytes are then dropped: the segment supersedes them). Freshness is not decided here: the index checks every
 * file's size and mtime against the entry (and reads changed files again),
 * the history is checked against HEAD, as with the entry on disk. An entry
 * another process wrote since is at worst older than the remembered one,
 * which only means more files are read again. At most
 * MAX_REMEMBERED_ENTRIES entries are kept, the oldest dropped first.
 */
export function rememberRetrievalCache(cache: RetrievalIndexCache): RetrievalIndexCache {
  const bytes = new Map<string, Uint8Array | null>();
  const values = new Map<string, unknown>();
  const segments = new Map<string, RetrievalSegment>();
  const remember = <Value>(entries: Map<string, Value>, key: string, value: Value): void => {
    entries.delete(key);
    entries.set(key, value);
    if (bytes.size + values.size + segments.size > MAX_REMEMBERED_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };
  return {
    recall: (key) => segments.get(key),
    retain(key, segment) {
      bytes.delete(key);
      remember(segments, key, segment);
    },
    async read(key) {
      if (bytes.has(key)) return bytes.get(key) ?? null;
      const stored = await cache.read(key);
      remember(bytes, key, stored);
      return stored;
    },
    async write(key, entry) {
      await cache.write(key, entry);
      // The segment retained for this key stands for the entry just written.
      if (!segments.has(key)) remember(bytes, key, entry);
    },
    async load(key) {
      if (values.has(key)) return values.get(key) ?? null;
      const stored = await cache.load(key);
      remember(values, key, stored);
      return stored;
    },
    async save(key, value) {
      await cache.save(key, value);
      remember(values, key, value);
    },
  };
}
