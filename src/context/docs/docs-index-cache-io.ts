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

/**
 * A 64-bit FNV-1a of the text's UTF-16 code units, as 16 hex digits: enough
 * to name a cache slot (two workspaces whose slots collide only replace each
 * other's entry: the entry's fingerprint names its root). No crypto module to
 * load at every warm search (some 2.5 ms, issue 20).
 */
function slotHash(text: string): string {
  // Two 32-bit lanes: the FNV-1a 64-bit prime 2^40 + 0x1b3 as a carry from the low word into the high one.
  let low = 0x84222325;
  let high = 0xcbf29ce4;
  for (let index = 0; index < text.length; index += 1) {
    low ^= text.charCodeAt(index);
    const lowTimesLow = Math.imul(low, 0x1b3) >>> 0;
    const carry = Math.floor(((low >>> 0) * 0x1b3) / 0x100000000);
    high = (Math.imul(high, 0x1b3) + Math.imul(low, 0x100) + carry) >>> 0;
    low = lowTimesLow;
  }
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}

/** The entry name of a workspace's docs setup: the same workspace and docs dirs reuse (overwrite) one entry. */
export function cacheSlotOf(key: DocsCacheKey): string {
  return slotHash(JSON.stringify({ version: DOCS_INDEX_FORMAT_VERSION, root: key.root, dirs: key.dirs, maxPageBytes: key.maxPageBytes }));
}

/**
 * The fingerprint of the corpus: the workspace, and every listed page's path,
 * size and mtime in listing order, in full. An entry is current only when its
 * fingerprint is this text: no hash to collide and none to compute.
 */
export function cacheFingerprintOf(key: DocsCacheKey): string {
  const lines = [`${DOCS_INDEX_FORMAT_VERSION}\0${key.maxPageBytes}\0${key.root}`];
  for (const file of key.files) lines.push(`${file.path}\0${file.relativePath}\0${file.sizeBytes}\0${file.modifiedMs}`);
  return lines.join('\n');
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
