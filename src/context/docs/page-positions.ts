import { analyzeToken, forEachRawToken } from './analyze-token.js';
import type { MarkdownBlock } from './scan-markdown.js';

/**
 * Characters of a page that reranking reads (for proximity and section
 * focus), from the top: every real page fits (the largest file of the
 * bench's corpora is 87 KB), while a 1 MiB page among the candidates costs
 * no more than this.
 */
export const MAX_PAGE_READ_CHARS = 128 * 1024;

/** A part of a token that is no vocabulary term: it is a position, and it can match nothing. */
export const UNKNOWN_TERM = 0xffff_ffff;
/** Most names or parts one token record holds (a token is at most 64 characters, so far fewer occur). */
const MAX_TERMS_PER_FIELD = 0xff;

/**
 * Every page's words as vocabulary term ids, stored with the index so that
 * reranking reads a candidate's positions without tokenising its text
 * (tokenising was the largest cost of a warm search). Page i's words are
 * `words[offsets[i]] .. words[offsets[i + 1] - 1]`: per block, in order and
 * up to MAX_PAGE_READ_CHARS, the number of words that follow for it, then
 * per token that has index terms: a header (names | parts << 8), the ids of
 * its names that are vocabulary terms, the ids of its parts (UNKNOWN_TERM
 * for one that is not). A token without terms (a stop word, one letter) is
 * not stored: it is no position.
 */
export interface EncodedPagePositions {
  offsets: Uint32Array;
  words: Uint32Array;
}

/** How many of a page's blocks reranking reads: those within MAX_PAGE_READ_CHARS from the top (what is stored, and what the text path reads). */
export function readBlockCount(blocks: readonly MarkdownBlock[]): number {
  let readChars = 0;
  for (let block = 0; block < blocks.length; block += 1) {
    readChars += blocks[block]!.text.length;
    if (readChars > MAX_PAGE_READ_CHARS) return block;
  }
  return blocks.length;
}

/** Encodes every page's blocks as term ids (see EncodedPagePositions); `termIdOf` maps a term to its id in the sorted vocabulary. */
export function encodePagePositions(pages: readonly (readonly MarkdownBlock[])[], termIdOf: (term: string) => number | undefined): EncodedPagePositions {
  const words: number[] = [];
  const offsets = new Uint32Array(pages.length + 1);
  pages.forEach((blocks, page) => {
    for (const block of blocks.slice(0, readBlockCount(blocks))) {
      const countSlot = words.length;
      words.push(0);
      const { text } = block;
      forEachRawToken(text, (start, end) => {
        const terms = analyzeToken(text.slice(start, end));
        if (terms.all.length === 0) return;
        const headerSlot = words.length;
        words.push(0);
        let names = 0;
        for (const name of terms.names) {
          const id = termIdOf(name);
          if (id === undefined || names === MAX_TERMS_PER_FIELD) continue;
          words.push(id);
          names += 1;
        }
        const parts = Math.min(terms.parts.length, MAX_TERMS_PER_FIELD);
        for (let part = 0; part < parts; part += 1) words.push(termIdOf(terms.parts[part]!) ?? UNKNOWN_TERM);
        words[headerSlot] = names | (parts << 8);
      });
      words[countSlot] = words.length - countSlot - 1;
    }
    offsets[page + 1] = words.length;
  });
  return { offsets, words: Uint32Array.from(words) };
}

/** Whether the offsets describe `words` (ascending, ending at its length): the cache's integrity check. */
export function isConsistentPagePositions(encoded: EncodedPagePositions, pageCount: number): boolean {
  const { offsets, words } = encoded;
  if (offsets.length !== pageCount + 1 || offsets[0] !== 0 || offsets[pageCount] !== words.length) return false;
  for (let page = 0; page < pageCount; page += 1) if (offsets[page]! > offsets[page + 1]!) return false;
  return true;
}

/**
 * Page `page`'s stored words (see EncodedPagePositions), checked: null when
 * they are damaged (a count or header past the end, an id outside the
 * vocabulary), and the page is then read from its text.
 */
export function storedPageWords(encoded: EncodedPagePositions, page: number, termCount: number): Uint32Array | null {
  const start = encoded.offsets[page];
  const end = encoded.offsets[page + 1];
  if (start === undefined || end === undefined || start > end || end > encoded.words.length) return null;
  const words = encoded.words.subarray(start, end);
  return isWellFormed(words, termCount) ? words : null;
}

function isWellFormed(words: Uint32Array, termCount: number): boolean {
  for (let at = 0; at < words.length; ) {
    const blockEnd = at + 1 + words[at]!;
    if (blockEnd > words.length) return false;
    for (let cursor = at + 1; cursor < blockEnd; ) {
      const header = words[cursor]!;
      if (header >>> 16 !== 0) return false;
      const next = cursor + 1 + (header & 0xff) + (header >>> 8);
      if (next > blockEnd) return false;
      for (let id = cursor + 1; id < next; id += 1) if (words[id]! >= termCount && words[id] !== UNKNOWN_TERM) return false;
      cursor = next;
    }
    at = blockEnd;
  }
  return true;
}
