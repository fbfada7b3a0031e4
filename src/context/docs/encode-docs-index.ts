import type { DocsIndexData } from './docs-index.js';
import type { PageMeta } from './page-record.js';

/**
 * Bumped whenever tokenisation, weights, titles or this layout change: older
 * entries are then rebuilt. 2: Hugo `_index.md` section pages, navigation
 * labels and escapes in titles.
 */
export const DOCS_INDEX_FORMAT_VERSION = 2;

/** What a cache entry holds besides the index: the key it was built for and the build's warnings. */
export interface CachedDocsIndex {
  fingerprint: string;
  index: DocsIndexData;
  warnings: string[];
}

const MAGIC = 0x42444d31; // "BDM1"
// Written in the machine's byte order; an entry from another byte order reads as a miss.
const BYTE_ORDER_MARK = 0x01020304;
const HEADER_WORDS = 4;

/**
 * Serialises an index for the cache: a small binary header, the metadata
 * and vocabulary as JSON, then the posting arrays as raw typed arrays (so
 * loading 3,000 pages is a JSON parse and three copies, not a re-tokenisation).
 */
export function encodeDocsIndex(entry: CachedDocsIndex): Uint8Array {
  const { index } = entry;
  const json = new TextEncoder().encode(
    JSON.stringify({ fingerprint: entry.fingerprint, warnings: entry.warnings, pages: index.pages, terms: index.terms }),
  );
  const jsonPadded = Math.ceil(json.length / 4) * 4;
  const total = HEADER_WORDS * 4 + jsonPadded + index.postingStarts.byteLength + index.postingPages.byteLength + index.postingWeights.byteLength;
  const bytes = new Uint8Array(total);
  new Uint32Array(bytes.buffer, 0, HEADER_WORDS).set([MAGIC, BYTE_ORDER_MARK, DOCS_INDEX_FORMAT_VERSION, json.length]);
  bytes.set(json, HEADER_WORDS * 4);
  let offset = HEADER_WORDS * 4 + jsonPadded;
  for (const array of [index.postingStarts, index.postingPages, index.postingWeights]) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += array.byteLength;
  }
  return bytes;
}

/**
 * Reads a cache entry back, or returns null for anything that is not an
 * intact entry of this format version (another version, another byte order,
 * truncated, or corrupt): the caller rebuilds.
 */
export function decodeDocsIndex(stored: Uint8Array): CachedDocsIndex | null {
  // A fresh copy: typed arrays need an aligned buffer of their own.
  const bytes = stored.slice();
  if (bytes.byteLength < HEADER_WORDS * 4) return null;
  const [magic, byteOrder, version, jsonLength] = new Uint32Array(bytes.buffer, 0, HEADER_WORDS);
  if (magic !== MAGIC || byteOrder !== BYTE_ORDER_MARK || version !== DOCS_INDEX_FORMAT_VERSION) return null;
  const jsonStart = HEADER_WORDS * 4;
  if (jsonLength === undefined || jsonStart + jsonLength > bytes.byteLength) return null;
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(jsonStart, jsonStart + jsonLength)));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
  if (!isHeader(header)) return null;
  const termCount = header.terms.length;
  let offset = jsonStart + Math.ceil(jsonLength / 4) * 4;
  const startsBytes = (termCount + 1) * 4;
  if (offset + startsBytes > bytes.byteLength) return null;
  const postingStarts = new Uint32Array(bytes.buffer, offset, termCount + 1);
  offset += startsBytes;
  const postingCount = postingStarts[termCount]!;
  if (offset + postingCount * 8 !== bytes.byteLength) return null;
  const postingPages = new Uint32Array(bytes.buffer, offset, postingCount);
  const postingWeights = new Float32Array(bytes.buffer, offset + postingCount * 4, postingCount);
  for (let term = 0; term < termCount; term += 1) if (postingStarts[term]! > postingStarts[term + 1]!) return null;
  for (const page of postingPages) if (page >= header.pages.length) return null;
  return {
    fingerprint: header.fingerprint,
    warnings: header.warnings,
    index: { pages: header.pages, terms: header.terms, postingStarts, postingPages, postingWeights },
  };
}

interface Header {
  fingerprint: string;
  warnings: string[];
  pages: PageMeta[];
  terms: string[];
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isPageMeta(value: unknown): value is PageMeta {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return (
    typeof page.target === 'string' &&
    typeof page.path === 'string' &&
    typeof page.relativePath === 'string' &&
    typeof page.title === 'string' &&
    (page.summary === undefined || typeof page.summary === 'string') &&
    isStringArray(page.aliases) &&
    typeof page.truncated === 'boolean'
  );
}

function isHeader(value: unknown): value is Header {
  if (typeof value !== 'object' || value === null) return false;
  const header = value as Record<string, unknown>;
  return (
    typeof header.fingerprint === 'string' &&
    isStringArray(header.warnings) &&
    isStringArray(header.terms) &&
    Array.isArray(header.pages) &&
    header.pages.every(isPageMeta)
  );
}
