import type { DocsIndex } from './docs-index.js';
import { boundedEditDistance } from './edit-distance.js';
import { findEditNeighbours } from './edit-neighbours.js';
import { porterStem } from './porter-stem.js';

/** A vocabulary term a query term matches, and how much that match is worth (1 for exact). */
export interface TermExpansion {
  termId: number;
  factor: number;
  isExact: boolean;
  /** Pages the IDF counts, when not the term's own (a rare term that is probably a typo: see expandTerm). */
  documentFrequency?: number;
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
/**
 * What a word of the same family is worth (`convert` for `conversion`): the
 * Porter stemmer strips inflections, not derivations, so `convers` and
 * `convert` stay apart; below an exact match, above a one-edit typo.
 */
export const DERIVED_FACTOR = 0.7;
/**
 * Stem endings that alternate within a word family after Porter stemming:
 * [ending of one stem, ending of the other, shortest shared start]. Each
 * pair is a regular English derivation: -sion/-t (conversion, convert),
 * -sion/-d (extension, extend; decision, decide), -ssion/-t (permission,
 * permit), -ption/-be (description, describe), -ption/-me (assumption,
 * assume), -tion/-ce (reduction, reduce), -ution/-ve (resolution, resolve),
 * -sis/-ze (analysis, analyze). The shared start keeps short words apart
 * (`course` and `court`, `parse` and `part`).
 */
const DERIVATION_PAIRS: readonly (readonly [string, string, number])[] = [
  ['s', 't', 5],
  ['s', 'd', 5],
  ['ss', 't', 4],
  ['pt', 'b', 4],
  ['mpt', 'm', 4],
  ['ct', 'c', 4],
  ['ut', 'v', 4],
  ['si', 'z', 4],
];

/** Vocabulary terms of the same word family as a plain stem (see DERIVATION_PAIRS), never the stem itself. */
function derivedTerms(index: DocsIndex, term: string): number[] {
  if (!/^[a-z]+$/.test(term)) return [];
  const found: number[] = [];
  for (const [left, right, minShared] of DERIVATION_PAIRS) {
    for (const [from, to] of [
      [left, right],
      [right, left],
    ] as const) {
      if (!term.endsWith(from) || term.length - from.length < minShared) continue;
      const termId = index.termId(term.slice(0, term.length - from.length) + to);
      if (termId !== undefined && !found.includes(termId)) found.push(termId);
    }
  }
  return found;
}

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
 * The terms near a misspelled term (see expandTerm), by stem and by the
 * word as typed; one walk when the word is its own stem and the budgets agree.
 */
function misspellingNeighbours(index: DocsIndex, term: string, maxEdits: number, surface: string): Map<number, number> {
  const surfaceEdits = maxEditsFor(surface);
  const tail = { maxTailChars: MAX_ENDING_CHARS + surfaceEdits };
  const isOneWalk = surface === term && surfaceEdits === maxEdits;
  const walk = isOneWalk ? findEditNeighbours(index.terms, term, maxEdits, tail) : null;
  const near = walk?.neighbours ?? editNeighbours(index, term, maxEdits);
  if (surfaceEdits === 0) return near;
  const candidates = walk?.prefixNeighbours ?? findEditNeighbours(index.terms, surface, surfaceEdits, tail).prefixNeighbours;
  for (const [termId, distance] of surfaceNeighbours(index, surface, surfaceEdits, candidates)) near.set(termId, Math.min(near.get(termId) ?? distance, distance));
  return near;
}

/**
 * Endings an indexed stem may have lost to the stemmer (`migrat` of
 * `migration`), to rebuild the surface words a stem stands for; each
 * rebuilt word counts only if it stems back to the stem.
 */
const SURFACE_ENDINGS = [
  '', 'e', 's', 'es', 'ed', 'ing', 'ings', 'er', 'ers', 'or', 'ors', 'ion', 'ions', 'ation', 'ations', 'ational', 'al', 'ally', 'ly',
  'ate', 'ates', 'ated', 'ating', 'ative', 'ator', 'ators', 'ment', 'ments', 'ement', 'ements', 'ness', 'ity', 'ities', 'ive',
  'ize', 'izes', 'ized', 'izing', 'ization', 'ise', 'ised', 'ising', 'able', 'ible', 'ance', 'ence', 'ant', 'ent', 'ism', 'ist',
  'ous', 'ful', 'ic', 'ical', 'y', 'ies', 'ied',
] as const;
const MAX_ENDING_CHARS = Math.max(...SURFACE_ENDINGS.map((ending) => ending.length));

/** The edit distance from a word as typed to the nearest surface word of `stem` (see SURFACE_ENDINGS), or maxEdits + 1. */
function surfaceDistance(surface: string, stem: string, maxEdits: number): number {
  let best = maxEdits + 1;
  // A stem ending in i stands for words ending in y (`librari`: `library`, `libraries`); one with a doubled last letter lost it (`ad`: `adding`).
  const bases = stem.endsWith('i') ? [stem, stem.slice(0, -1)] : [stem, stem + stem.at(-1)!];
  for (const base of bases) {
    for (const ending of SURFACE_ENDINGS) {
      const limit = Math.min(maxEdits, best - 1);
      if (Math.abs(surface.length - base.length - ending.length) > limit) continue;
      const word = base + ending;
      const distance = boundedEditDistance(surface, word, limit);
      if (distance < best && porterStem(word) === stem) best = distance;
    }
  }
  return best;
}

/**
 * Vocabulary stems with a surface word within `maxEdits` of the word as
 * typed (`migraiton` → `migrat`, one swap from `migration`), which the
 * stem alone may be too far from (`migraiton` is three edits from `migrat`):
 * MiniSearch compares surface words, and this is as forgiving. The
 * candidates come from the bounded walk of findEditNeighbours (its prefix
 * distances, a lower bound), each then checked; `candidates` is that walk.
 */
function surfaceNeighbours(index: DocsIndex, surface: string, maxEdits: number, candidates: ReadonlyMap<number, number>): Map<number, number> {
  const found = new Map<number, number>();
  for (const termId of candidates.keys()) {
    const stem = index.terms[termId]!;
    // Too short to be matched fuzzily at all, or to reach the typed word with any ending (and a doubled letter).
    if (stem.length < MIN_FUZZY_TERM_CHARS || stem.length + MAX_ENDING_CHARS + 1 + maxEdits < surface.length) continue;
    const distance = surfaceDistance(surface, stem, maxEdits);
    if (distance >= 1 && distance <= maxEdits) found.set(termId, distance);
  }
  return found;
}

/**
 * The vocabulary terms a query term matches, best first:
 *
 * - the term itself when the vocabulary has it (factor 1, exact); when it
 *   is rare (RARE_TERM_MAX_PAGES) and a far more frequent term is one edit
 *   away, that term too (a typo that happens to be a word: `sever`);
 * - otherwise (a typo, a word typed in part) the terms within
 *   maxEditsFor(term) edits, and those with a surface word within
 *   maxEditsFor(surface) edits of `surface`, the word as typed (see
 *   surfaceNeighbours), the closest and most frequent first, or when there
 *   are none, the terms it starts;
 * - words of the same family (`convert` for `convers`, see DERIVATION_PAIRS);
 * - abbreviations of the term that the vocabulary has (`env` for `environ`).
 *
 * At most MAX_FUZZY_EXPANSIONS inexact terms, each worth less than an exact
 * match (FUZZY_FACTORS, PREFIX_FACTOR, DERIVED_FACTOR, ABBREVIATION_FACTOR).
 */
export function expandTerm(index: DocsIndex, term: string, surface: string = term): TermExpansion[] {
  const exact = index.termId(term);
  const maxEdits = maxEditsFor(term);
  const inexact = new Map<number, { rank: number; factor: number }>();
  /** Pages of the far more frequent terms a rare exact term is probably a typo of. */
  let likelyPages = 0;
  if (exact !== undefined) {
    const pages = pageCountOf(index, exact);
    if (pages <= RARE_TERM_MAX_PAGES && maxEdits > 0) {
      for (const [termId] of editNeighbours(index, term, 1)) {
        if (pageCountOf(index, termId) < Math.max(MIN_LIKELY_TERM_PAGES, LIKELIER_TERM_RATIO * pages)) continue;
        inexact.set(termId, { rank: 1, factor: FUZZY_FACTORS[1]! });
        likelyPages += pageCountOf(index, termId);
      }
    }
  } else if (maxEdits > 0) {
    // Measured on the word as typed too, with its own budget (`migraiton`: 9 characters, 2 edits).
    for (const [termId, distance] of misspellingNeighbours(index, term, maxEdits, surface)) inexact.set(termId, { rank: distance, factor: FUZZY_FACTORS[distance]! });
    if (inexact.size === 0) {
      const [start, end] = index.prefixRange(term);
      for (let termId = start; termId < end; termId += 1) inexact.set(termId, { rank: maxEdits + 1, factor: PREFIX_FACTOR });
    }
  }
  for (const termId of derivedTerms(index, term)) if (termId !== exact) inexact.set(termId, { rank: 0, factor: DERIVED_FACTOR });
  if (term.length >= MIN_ABBREVIATED_TERM_CHARS && /^[a-z]+$/.test(term)) {
    for (let length = MIN_ABBREVIATION_CHARS; length <= term.length - 2; length += 1) {
      const termId = index.termId(term.slice(0, length));
      if (termId !== undefined && termId !== exact && !inexact.has(termId)) inexact.set(termId, { rank: 3, factor: ABBREVIATION_FACTOR });
    }
  }
  const expansions: TermExpansion[] = [];
  if (exact !== undefined) {
    // A probable typo is as common as the word it misspells: its rarity says nothing about the page (`milisecond` on 1 page, `millisecond` on 19).
    expansions.push(likelyPages === 0 ? { termId: exact, factor: 1, isExact: true } : { termId: exact, factor: 1, isExact: true, documentFrequency: pageCountOf(index, exact) + likelyPages });
  }
  const ranked = [...inexact]
    .sort(([leftId, left], [rightId, right]) => left.rank - right.rank || pageCountOf(index, rightId) - pageCountOf(index, leftId) || leftId - rightId)
    .slice(0, MAX_FUZZY_EXPANSIONS);
  for (const [termId, candidate] of ranked) expansions.push({ termId, factor: candidate.factor, isExact: false });
  return expansions;
}
