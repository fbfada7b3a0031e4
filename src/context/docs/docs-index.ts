import { FIELD_PARAMETERS } from './bm25f-parameters.js';
import { type EncodedPageBlocks, decodePageBlocks, encodePageBlocks } from './page-blocks.js';
import { PAGE_FIELDS, type PageMeta } from './page-meta.js';
import { type EncodedPagePositions, encodePagePositions, storedPageWords } from './page-positions.js';
import type { PageRecord } from './page-record.js';
import type { MarkdownBlock } from './scan-markdown.js';

/** Decoded page blocks an open index remembers (a long-lived MCP server searches many pages); past it, it starts over. */
const MAX_DECODED_PAGES = 1_000;

/**
 * The inverted index in the compact form the cache stores: the sorted
 * vocabulary and, per term, the pages that contain it with the term's
 * BM25F weighted frequency in that page (field weights and length
 * normalisation already applied), in compressed sparse rows.
 */
export interface DocsIndexData {
  pages: PageMeta[];
  /** The vocabulary, sorted by UTF-16 code units. */
  terms: string[];
  /** Postings of term i are entries postingStarts[i] .. postingStarts[i + 1] - 1. */
  postingStarts: Uint32Array;
  postingPages: Uint32Array;
  postingWeights: Float32Array;
  /** Every page's blocks, decoded page by page when a search needs them. */
  pageBlocks: EncodedPageBlocks;
  /** Every page's words as term ids, so reranking reads a page without tokenising it. */
  pagePositions: EncodedPagePositions;
}

/** The index with the lookups the ranker needs. */
export interface DocsIndex extends DocsIndexData {
  termId(term: string): number | undefined;
  /** A page's blocks (decoded once, then remembered), or null when its stored form is damaged. */
  blocksOf(page: number): readonly MarkdownBlock[] | null;
  /** A page's stored words (see EncodedPagePositions), or null when they are damaged. */
  wordsOf(page: number): Uint32Array | null;
  /** Ids [start, end) of the terms that start with `prefix`. */
  prefixRange(prefix: string): [number, number];
}

/**
 * Builds the index of pages: per field, term frequencies weighted and
 * length-normalised by FIELD_PARAMETERS against the corpus average field
 * length, summed over fields (BM25F), one posting per (term, page).
 */
export function buildDocsIndex(records: readonly PageRecord[]): DocsIndexData {
  const averageLengths = new Map<string, number>();
  for (const field of PAGE_FIELDS) {
    const total = records.reduce((sum, record) => sum + record.fields[field].length, 0);
    averageLengths.set(field, records.length === 0 ? 0 : total / records.length);
  }
  const ids = new Map<string, number>();
  const pageTerms: Map<number, number>[] = [];
  for (const record of records) {
    const weights = new Map<number, number>();
    for (const field of PAGE_FIELDS) {
      const { counts, length } = record.fields[field];
      if (length === 0) continue;
      const { weight, b } = FIELD_PARAMETERS[field];
      const average = averageLengths.get(field) ?? 0;
      const normalizer = average > 0 ? 1 - b + (b * length) / average : 1;
      const perMention = weight / normalizer;
      for (const [term, count] of counts) {
        let id = ids.get(term);
        if (id === undefined) {
          id = ids.size;
          ids.set(term, id);
        }
        weights.set(id, (weights.get(id) ?? 0) + count * perMention);
      }
    }
    pageTerms.push(weights);
  }

  const terms = [...ids.keys()].sort(compareCodeUnits);
  const rank = new Uint32Array(ids.size);
  terms.forEach((term, index) => (rank[ids.get(term)!] = index));
  const counts = new Uint32Array(terms.length + 1);
  for (const weights of pageTerms) for (const id of weights.keys()) counts[rank[id]! + 1]! += 1;
  for (let index = 1; index < counts.length; index += 1) counts[index]! += counts[index - 1]!;
  const postingStarts = counts.slice();
  const cursor = counts.slice(0, terms.length);
  const postingPages = new Uint32Array(postingStarts[terms.length]!);
  const postingWeights = new Float32Array(postingPages.length);
  pageTerms.forEach((weights, page) => {
    for (const [id, weight] of weights) {
      const slot = cursor[rank[id]!]!;
      postingPages[slot] = page;
      postingWeights[slot] = weight;
      cursor[rank[id]!] = slot + 1;
    }
  });
  return {
    pages: records.map((record) => record.meta),
    terms,
    postingStarts,
    postingPages,
    postingWeights,
    pageBlocks: encodePageBlocks(records.map((record) => record.blocks)),
    pagePositions: encodePagePositions(
      records.map((record) => record.blocks),
      (term) => {
        const id = ids.get(term);
        return id === undefined ? undefined : rank[id];
      },
    ),
  };
}

/**
 * Adds the lookups (term ids, prefix ranges, page blocks and words) to
 * index data. Nothing is built up front: a term's id is a binary search of
 * the sorted vocabulary, so opening a cached index costs no pass over it.
 */
export function openDocsIndex(data: DocsIndexData): DocsIndex {
  const decodedBlocks = new Map<number, readonly MarkdownBlock[] | null>();
  return {
    ...data,
    termId(term) {
      const index = lowerBound(data.terms, term);
      return data.terms[index] === term ? index : undefined;
    },
    blocksOf(page) {
      let blocks = decodedBlocks.get(page);
      if (blocks === undefined) {
        if (decodedBlocks.size >= MAX_DECODED_PAGES) decodedBlocks.clear();
        blocks = decodePageBlocks(data.pageBlocks, page);
        decodedBlocks.set(page, blocks);
      }
      return blocks;
    },
    wordsOf(page) {
      return storedPageWords(data.pagePositions, page, data.terms.length);
    },
    prefixRange(prefix) {
      const start = lowerBound(data.terms, prefix);
      let end = start;
      while (end < data.terms.length && data.terms[end]!.startsWith(prefix)) end += 1;
      return [start, end];
    },
  };
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
