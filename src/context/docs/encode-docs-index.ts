import type { DocsIndexData } from './docs-index.js';
import { isConsistentPageBlocks } from './page-blocks.js';
import type { PageMeta } from './page-meta.js';
import { isConsistentPagePositions } from './page-positions.js';

/**
 * Bumped whenever tokenisation, weights, titles or this layout change: older
 * entries are then rebuilt. 2: Hugo `_index.md` section pages, navigation
 * labels and escapes in titles. 3: page blocks stored, the vocabulary as one
 * string, frontmatter keywords indexed. 4: the fingerprint covers the listed
 * files (not their targets) and the warnings include the target clashes, so
 * a hit assigns no targets. 5: every page's words as term ids (reranking
 * tokenises no page). 6: the fingerprint is the listing itself, not its
 * SHA-256, and slots are named by a 64-bit FNV-1a.
 */
export const DOCS_INDEX_FORMAT_VERSION = 6;
/** Joins the vocabulary in the header; no term holds it (terms never hold whitespace). */
const TERM_SEPARATOR = '\n';

/** What a cache entry holds besides the index: the key it was built for and the build's warnings (target clashes first, then the pages'). */
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
 * and the vocabulary (one string) as JSON, then the posting arrays as raw
 * typed arrays, then the offsets of the page blocks and of the page words,
 * the blocks' bytes (padded to 4) and the words. Loading is one small
 * JSON parse and views into one buffer: no page is re-read or re-tokenised,
 * and a page's blocks are decoded only when a search needs them.
 */
export function encodeDocsIndex(entry: CachedDocsIndex): Uint8Array {
  const { index } = entry;
  if (index.terms.some((term) => term.includes(TERM_SEPARATOR))) throw new Error('a docs index term holds a line break');
  const json = new TextEncoder().encode(
    asciiJson({
      fingerprint: entry.fingerprint,
      warnings: entry.warnings,
      pages: index.pages,
      terms: index.terms.join(TERM_SEPARATOR),
      termCount: index.terms.length,
      blockBytes: index.pageBlocks.bytes.length,
    }),
  );
  const jsonPadded = Math.ceil(json.length / 4) * 4;
  // The byte array goes last but one: everything before it is 4-byte aligned, and the words after it are padded to be.
  const blockBytesPadded = Math.ceil(index.pageBlocks.bytes.length / 4) * 4;
  const arrays = [index.postingStarts, index.postingPages, index.postingWeights, index.pageBlocks.offsets, index.pagePositions.offsets, index.pageBlocks.bytes];
  const total = HEADER_WORDS * 4 + jsonPadded + arrays.reduce((sum, array) => sum + array.byteLength, 0) + (blockBytesPadded - index.pageBlocks.bytes.length) + index.pagePositions.words.byteLength;
  const bytes = new Uint8Array(total);
  new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS).set([MAGIC, BYTE_ORDER_MARK, DOCS_INDEX_FORMAT_VERSION, json.length]);
  bytes.set(json, HEADER_WORDS * 4);
  let offset = HEADER_WORDS * 4 + jsonPadded;
  for (const array of arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += array.byteLength;
  }
  offset += blockBytesPadded - index.pageBlocks.bytes.length;
  const words = index.pagePositions.words;
  bytes.set(new Uint8Array(words.buffer, words.byteOffset, words.byteLength), offset);
  return bytes;
}

/**
 * JSON with every character past ASCII written as a `\\u` escape: the
 * header then decodes to a one-byte string, which V8 decodes and parses
 * faster than the two-byte string a single `’` in a title makes of the
 * whole header (a warm search decodes it at every call).
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Whether an entry's first bytes say it is a docs index of another format
 * version (of this byte order): no reader of this version can use it, so a
 * cache may remove it (each version bump would otherwise leave one entry per
 * workspace behind). Anything else, ours or not, is not stale.
 */
export function isStaleDocsIndexEntry(head: Uint8Array): boolean {
  if (head.byteLength < 12) return false;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const isLittleEndian = new Uint8Array(new Uint32Array([BYTE_ORDER_MARK]).buffer)[0] === 0x04;
  const [magic, byteOrder, version] = [0, 4, 8].map((offset) => view.getUint32(offset, isLittleEndian));
  return magic === MAGIC && byteOrder === BYTE_ORDER_MARK && version !== DOCS_INDEX_FORMAT_VERSION;
}

/**
 * Reads a cache entry back, or returns null for anything that is not an
 * intact entry of this format version (another version, another byte order,
 * truncated, or corrupt): the caller rebuilds.
 */
export function decodeDocsIndex(stored: Uint8Array): CachedDocsIndex | null {
  // Typed array views need 4-byte alignment: an unaligned entry is copied (a file read is aligned, and is the caller's to give away).
  const bytes = stored.byteOffset % 4 === 0 ? stored : stored.slice();
  if (bytes.byteLength < HEADER_WORDS * 4) return null;
  const [magic, byteOrder, version, jsonLength] = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS);
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
  const terms = header.termCount === 0 ? [] : header.terms.split(TERM_SEPARATOR);
  const termCount = terms.length;
  if (termCount !== header.termCount) return null;
  // Term lookups are binary searches: an unsorted vocabulary is a damaged entry.
  for (let term = 1; term < termCount; term += 1) if (!(terms[term - 1]! < terms[term]!)) return null;
  let offset = jsonStart + Math.ceil(jsonLength / 4) * 4;
  const startsBytes = (termCount + 1) * 4;
  if (offset + startsBytes > bytes.byteLength) return null;
  const postingStarts = new Uint32Array(bytes.buffer, bytes.byteOffset + offset, termCount + 1);
  offset += startsBytes;
  const postingCount = postingStarts[termCount]!;
  const pageCount = header.pages.length;
  const blocksStart = offset + postingCount * 8;
  if (blocksStart + (pageCount + 1) * 8 > bytes.byteLength) return null;
  const postingPages = new Uint32Array(bytes.buffer, bytes.byteOffset + offset, postingCount);
  const postingWeights = new Float32Array(bytes.buffer, bytes.byteOffset + offset + postingCount * 4, postingCount);
  const blockOffsets = new Uint32Array(bytes.buffer, bytes.byteOffset + blocksStart, pageCount + 1);
  const wordOffsetsStart = blocksStart + (pageCount + 1) * 4;
  const blockBytesStart = wordOffsetsStart + (pageCount + 1) * 4;
  const wordsStart = blockBytesStart + Math.ceil(header.blockBytes / 4) * 4;
  if (wordsStart > bytes.byteLength || (bytes.byteLength - wordsStart) % 4 !== 0) return null;
  const wordOffsets = new Uint32Array(bytes.buffer, bytes.byteOffset + wordOffsetsStart, pageCount + 1);
  const pageBlocks = { offsets: blockOffsets, bytes: bytes.subarray(blockBytesStart, blockBytesStart + header.blockBytes) };
  if (!isConsistentPageBlocks(pageBlocks, pageCount)) return null;
  const pagePositions = { offsets: wordOffsets, words: new Uint32Array(bytes.buffer, bytes.byteOffset + wordsStart, (bytes.byteLength - wordsStart) / 4) };
  if (!isConsistentPagePositions(pagePositions, pageCount)) return null;
  for (let term = 0; term < termCount; term += 1) if (postingStarts[term]! > postingStarts[term + 1]!) return null;
  if (postingCount > 0 && maxOf(postingPages) >= pageCount) return null;
  return {
    fingerprint: header.fingerprint,
    warnings: header.warnings,
    index: { pages: header.pages, terms, postingStarts, postingPages, postingWeights, pageBlocks, pagePositions },
  };
}

/** Elements handed to one Math.max call: far below any engine's argument limit. */
const MAX_CHUNK = 8_192;

/**
 * The largest element, through Math.max over chunks: a builtin loop, several
 * times faster than a JavaScript loop over 100,000 postings in a process that
 * just started (the warm CLI search decodes once and exits).
 */
function maxOf(values: Uint32Array): number {
  let max = 0;
  for (let start = 0; start < values.length; start += MAX_CHUNK) {
    max = Math.max(max, Math.max.apply(null, values.subarray(start, start + MAX_CHUNK) as unknown as number[]));
  }
  return max;
}

interface Header {
  fingerprint: string;
  warnings: string[];
  pages: PageMeta[];
  terms: string;
  termCount: number;
  /** Bytes of the page blocks (the positions' words follow them, padded to 4 bytes). */
  blockBytes: number;
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
    typeof header.terms === 'string' &&
    typeof header.termCount === 'number' &&
    Number.isSafeInteger(header.blockBytes) &&
    (header.blockBytes as number) >= 0 &&
    Array.isArray(header.pages) &&
    header.pages.every(isPageMeta)
  );
}
