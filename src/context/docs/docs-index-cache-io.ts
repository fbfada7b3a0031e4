import { createHash } from 'node:crypto';
import type { DocsIndexCache } from './docs-index-cache.js';
import type { DocsIndexData } from './docs-index.js';
import { type CachedDocsIndex, DOCS_INDEX_FORMAT_VERSION, decodeDocsIndex, encodeDocsIndex, isStaleDocsIndexEntry } from './encode-docs-index.js';
import type { DocsFile } from './list-docs-files.js';

/**
 * What identifies a cache entry: the workspace and docs setup (the slot) and
 * every page file as listed (the fingerprint). The page targets are a
 * function of the listed paths, so a hit needs no target assignment.
 */
export interface DocsCacheKey {
  root: string;
  dirs: readonly string[];
  files: readonly DocsFile[];
  maxPageBytes: number;
}

/**
 * How long an entry of another format version is kept unwritten before a
 * cold build removes it: two versions in use on one workspace (an MCP server
 * and a newer CLI) would otherwise remove each other's entry at each build.
 */
export const STALE_ENTRY_MIN_AGE_MS = 14 * 24 * 60 * 60 * 1000;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The entry name of a workspace's docs setup: the same workspace and docs dirs reuse (overwrite) one entry. */
export function cacheSlotOf(key: DocsCacheKey): string {
  return sha256(JSON.stringify({ version: DOCS_INDEX_FORMAT_VERSION, root: key.root, dirs: key.dirs, maxPageBytes: key.maxPageBytes })).slice(0, 32);
}

/** The fingerprint of the corpus: every listed page's path, size and mtime, in listing order. */
export function cacheFingerprintOf(key: DocsCacheKey): string {
  const hash = createHash('sha256').update(`${DOCS_INDEX_FORMAT_VERSION}\n${key.maxPageBytes}\n`);
  for (const file of key.files) hash.update(`${file.path}\0${file.relativePath}\0${file.sizeBytes}\0${file.modifiedMs}\n`);
  return hash.digest('hex');
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

/**
 * The cached index for this key, or null (no entry, another corpus, an
 * unreadable or corrupt entry). Trouble with the cache is a warning, never a
 * failure: the index is then built from the pages.
 */
export async function readDocsIndexCache(cache: DocsIndexCache, key: DocsCacheKey, warnings: string[]): Promise<CachedDocsIndex | null> {
  let stored: Uint8Array | null;
  try {
    stored = await cache.read(cacheSlotOf(key));
  } catch (error) {
    warnings.push(`the docs index cache could not be read (${describe(error)}); the index is rebuilt`);
    return null;
  }
  if (stored === null) return null;
  const decoded = decodeDocsIndex(stored);
  if (decoded === null) {
    warnings.push('the docs index cache entry is corrupt or from another version; the index is rebuilt');
    return null;
  }
  return decoded.fingerprint === cacheFingerprintOf(key) ? decoded : null;
}

/** Stores a freshly built index and removes entries of other format versions; a failure to write is a warning. */
export async function writeDocsIndexCache(
  cache: DocsIndexCache,
  key: DocsCacheKey,
  entry: { index: DocsIndexData; warnings: string[] },
  warnings: string[],
): Promise<void> {
  try {
    await cache.write(cacheSlotOf(key), encodeDocsIndex({ fingerprint: cacheFingerprintOf(key), ...entry }));
  } catch (error) {
    warnings.push(`the docs index cache could not be written (${describe(error)}); the next run rebuilds the index`);
    return;
  }
  // Best effort, and only after a cold build: what it would free is disk space, never correctness.
  await cache.prune?.(isStaleDocsIndexEntry, STALE_ENTRY_MIN_AGE_MS).catch(() => 0);
}
