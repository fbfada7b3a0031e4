import { MAX_TOKEN_CHARS, type TokenTerms, analyzeToken, forEachRawToken } from './analyze-token.js';
import type { MatchedTerm } from './rank-pages.js';
import type { MarkdownBlock } from './scan-markdown.js';
import { STOP_WORDS } from './stop-words.js';
import { createTermPrefilter } from './term-prefilter.js';

/**
 * Characters of a page that reranking reads (for proximity and section
 * focus), from the top: every real page fits (the largest file of the
 * bench's corpora is 87 KB), while a 1 MiB page among the candidates costs
 * no more than this.
 */
export const MAX_PAGE_READ_CHARS = 128 * 1024;

/** Per word of a text (stop words left out): the query concepts it matches, and those it matches in full. */
export interface ConceptPositions {
  /** Bit i: the word matches concept i (possibly as one word of a longer name). */
  any: number[];
  /** Bit i: the word is concept i itself, or part of a name that is. */
  whole: number[];
  /** The best worth (MatchedTerm.factor) of the word's match; 0 when it matches nothing. */
  factors: number[];
}

function pushPosition(positions: ConceptPositions, any: number, whole: number, factor: number): void {
  positions.any.push(any);
  positions.whole.push(whole);
  positions.factors.push(factor);
}

function pushPositions(positions: ConceptPositions, terms: TokenTerms, matchedTerms: ReadonlyMap<string, MatchedTerm>): void {
  if (terms.all.length === 0) return;
  let nameAny = 0;
  let nameWhole = 0;
  let nameFactor = 0;
  for (const name of terms.names) {
    const matched = matchedTerms.get(name);
    if (matched === undefined) continue;
    nameAny |= matched.concepts;
    nameWhole |= matched.wholeConcepts;
    nameFactor = Math.max(nameFactor, matched.factor);
  }
  if (terms.parts.length === 0) pushPosition(positions, nameAny, nameWhole, nameFactor);
  for (const part of terms.parts) {
    const matched = matchedTerms.get(part);
    pushPosition(positions, nameAny | (matched?.concepts ?? 0), nameWhole | (matched?.wholeConcepts ?? 0), Math.max(nameFactor, matched?.factor ?? 0));
  }
}

/** One plain word (`Proxy`, `proxy`), which yields at most one position. */
const SIMPLE_WORD = /^[A-Za-z][a-z]*$/;

/**
 * Reads a text as a sequence of positions, one per word (each part of a
 * compound name is a position), each holding the query concepts it matches
 * through `matchedTerms` (exact, stemmed or fuzzy). A compound's whole name
 * counts for every one of its parts. Stop words are no position, so
 * "configure the proxy" reads like "configure proxy". `mayHold` (see
 * createTermPrefilter) rules out most words cheaply: a plain word that can
 * yield no matched term is one empty position (none if a stop word), as its
 * analysis would make it, without stemming it; `() => true` analyses every
 * word, with the same result.
 */
export function conceptPositionsOfText(text: string, matchedTerms: ReadonlyMap<string, MatchedTerm>, mayHold: (word: string) => boolean): ConceptPositions {
  const positions: ConceptPositions = { any: [], whole: [], factors: [] };
  forEachRawToken(text, (start, end) => {
    const raw = text.slice(start, end);
    if (raw.length <= MAX_TOKEN_CHARS && SIMPLE_WORD.test(raw) && !mayHold(raw)) {
      const lower = raw.toLowerCase();
      if (lower.length > 1 && !STOP_WORDS.has(lower)) pushPosition(positions, 0, 0, 0);
      return;
    }
    pushPositions(positions, analyzeToken(raw), matchedTerms);
  });
  return positions;
}

/** A page read once for reranking: the positions of its title and of each of its blocks. */
export interface PagePositions {
  title: ConceptPositions;
  /**
   * Per block, in order: its positions; null for a block no matched term
   * can be in (not tokenised); missing past MAX_PAGE_READ_CHARS.
   */
  blocks: (ConceptPositions | null)[];
}

/**
 * Reads a page's title and blocks (headings, prose, code) as concept
 * positions (see conceptPositionsOfText), once, for every reranking signal:
 * at most MAX_PAGE_READ_CHARS characters from the top; a block that the
 * term prefilter rules out is not tokenised.
 */
export function readPagePositions(title: string, blocks: readonly MarkdownBlock[], matchedTerms: ReadonlyMap<string, MatchedTerm>): PagePositions {
  const mayMatch = createTermPrefilter(matchedTerms.keys());
  const read: PagePositions = { title: conceptPositionsOfText(title, matchedTerms, mayMatch), blocks: [] };
  let readChars = 0;
  for (const block of blocks) {
    readChars += block.text.length;
    if (readChars > MAX_PAGE_READ_CHARS) break;
    read.blocks.push(mayMatch(block.text) ? conceptPositionsOfText(block.text, matchedTerms, mayMatch) : null);
  }
  return read;
}

/** How many of the query's neighbouring concept pairs (i, i+1) appear as neighbouring positions. */
export function countBigrams(positions: ConceptPositions, conceptCount: number): number {
  const masks = positions.any;
  let found = 0;
  for (let concept = 0; concept + 1 < conceptCount; concept += 1) {
    const [left, right] = [1 << concept, 1 << (concept + 1)];
    for (let index = 0; index + 1 < masks.length; index += 1) {
      if ((masks[index]! & left) !== 0 && (masks[index + 1]! & right) !== 0) {
        found += 1;
        break;
      }
    }
  }
  return found;
}

/**
 * Whether a short text (a title, a heading) says exactly what the query
 * says: every word of it is a query concept in full, and together they are
 * every concept.
 */
export function isExactlyTheQuery(positions: ConceptPositions, conceptCount: number): boolean {
  if (positions.whole.length === 0 || conceptCount === 0) return false;
  let union = 0;
  for (const mask of positions.whole) {
    if (mask === 0) return false;
    union |= mask;
  }
  return union === (1 << conceptCount) - 1;
}
