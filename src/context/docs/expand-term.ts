import type { DocsIndex } from './docs-index.js';
import { findEditNeighbours } from './edit-neighbours.js';

/** A vocabulary term a query term matches, and how much that match is worth (1 for exact). */
export interface TermExpansion {
  termId: number;
  factor: number;
  isExact: boolean;
}

/** Terms shorter than this are never matched fuzzily: two-letter words are all one edit apart. */
export const MIN_FUZZY_TERM_CHARS = 3;
/** Edits tolerated per character of the term, rounded (MiniSearch's `fuzzy: 0.2`: 1 edit from 3 characters, 2 from 8, 3 from 13). */
export const FUZZY_EDIT_SHARE = 0.2;
/** Most edits any term tolerates (MiniSearch's default `maxFuzzy`). */
export const MAX_EDITS = 6;
/** Most vocabulary terms one query term expands to. */
export const MAX_FUZZY_EXPANSIONS = 6;
/** What a match 1..MAX_EDITS edits away is worth, relative to an exact match: always below it, less per edit. */
export const FUZZY_FACTORS: readonly number[] = [1, 0.6, 0.35, 0.2, 0.12, 0.08, 0.05];
/** What a vocabulary term that starts with the query term (a word typed in part) is worth; tried only when no term is a few edits away. */
export const PREFIX_FACTOR = 0.5;
/** What an abbreviation of the query term (`env` for `environment`, `deps` for `dependencies`) is worth. */
export const ABBREVIATION_FACTOR = 0.4;
/** Shortest abbreviation that counts. */
export const MIN_ABBREVIATION_CHARS = 3;
/** Shortest (stemmed) term whose abbreviations are looked for. */
const MIN_ABBREVIATED_TERM_CHARS = 6;
/** A known term on at most this many pages, one edit from a term on far more pages, is probably a typo of it (`sever`, `server`). */
export const RARE_TERM_MAX_PAGES = 2;
/** "Far more": at least this many times the pages, and at least MIN_LIKELY_TERM_PAGES. */
const LIKELIER_TERM_RATIO = 10;
const MIN_LIKELY_TERM_PAGES = 5;

/** How many edits a term of this length tolerates: at least as many as MiniSearch's fuzzy 0.2. */
export function maxEditsFor(term: string): number {
  if (term.length < MIN_FUZZY_TERM_CHARS) return 0;
  return Math.min(MAX_EDITS, Math.max(1, Math.round(term.length * FUZZY_EDIT_SHARE)));
}

function pageCountOf(index: DocsIndex, termId: number): number {
  return index.postingStarts[termId + 1]! - index.postingStarts[termId]!;
}

/** Vocabulary terms within `maxEdits` of `term` (not the term itself), with their distance; bounded work (see findEditNeighbours). */
function editNeighbours(index: DocsIndex, term: string, maxEdits: number): Map<number, number> {
  return findEditNeighbours(index.terms, term, maxEdits).neighbours;
}

/**
 * The vocabulary terms a query term matches, best first:
 *
 * - the term itself when the vocabulary has it (factor 1, exact); when it
 *   is rare (RARE_TERM_MAX_PAGES) and a far more frequent term is one edit
 *   away, that term too (a typo that happens to be a word: `sever`);
 * - otherwise (a typo, a word typed in part) the terms within
 *   maxEditsFor(term) edits, the closest and most frequent first, or when
 *   there are none, the terms it starts;
 * - abbreviations of the term that the vocabulary has (`env` for `environ`).
 *
 * At most MAX_FUZZY_EXPANSIONS inexact terms, each worth less than an exact
 * match (FUZZY_FACTORS, PREFIX_FACTOR, ABBREVIATION_FACTOR).
 */
export function expandTerm(index: DocsIndex, term: string): TermExpansion[] {
  const exact = index.termId(term);
  const maxEdits = maxEditsFor(term);
  const inexact = new Map<number, { rank: number; factor: number }>();
  if (exact !== undefined) {
    const pages = pageCountOf(index, exact);
    if (pages <= RARE_TERM_MAX_PAGES && maxEdits > 0) {
      for (const [termId] of editNeighbours(index, term, 1)) {
        if (pageCountOf(index, termId) >= Math.max(MIN_LIKELY_TERM_PAGES, LIKELIER_TERM_RATIO * pages)) inexact.set(termId, { rank: 1, factor: FUZZY_FACTORS[1]! });
      }
    }
  } else if (maxEdits > 0) {
    for (const [termId, distance] of editNeighbours(index, term, maxEdits)) inexact.set(termId, { rank: distance, factor: FUZZY_FACTORS[distance]! });
    if (inexact.size === 0) {
      const [start, end] = index.prefixRange(term);
      for (let termId = start; termId < end; termId += 1) inexact.set(termId, { rank: maxEdits + 1, factor: PREFIX_FACTOR });
    }
  }
  if (term.length >= MIN_ABBREVIATED_TERM_CHARS && /^[a-z]+$/.test(term)) {
    for (let length = MIN_ABBREVIATION_CHARS; length <= term.length - 2; length += 1) {
      const termId = index.termId(term.slice(0, length));
      if (termId !== undefined && termId !== exact && !inexact.has(termId)) inexact.set(termId, { rank: 3, factor: ABBREVIATION_FACTOR });
    }
  }
  const expansions: TermExpansion[] = exact === undefined ? [] : [{ termId: exact, factor: 1, isExact: true }];
  const ranked = [...inexact]
    .sort(([leftId, left], [rightId, right]) => left.rank - right.rank || pageCountOf(index, rightId) - pageCountOf(index, leftId) || leftId - rightId)
    .slice(0, MAX_FUZZY_EXPANSIONS);
  for (const [termId, candidate] of ranked) expansions.push({ termId, factor: candidate.factor, isExact: false });
  return expansions;
}
