import type { QueryConcept } from './analyze-query.js';
import { RELATED_TERM_MARK, analyzeToken } from './analyze-token.js';
import { inverseDocumentFrequency, saturate } from './bm25f-parameters.js';
import type { DocsIndex } from './docs-index.js';
import { expandTerm } from './expand-term.js';

/** What a related form (`server.hmr` of `server.hmr.overlay`, on either side) adds, relative to the name itself. */
export const RELATED_TERM_FACTOR = 0.5;
/** How much a concept matched only by a typo-tolerant term counts toward coverage. */
export const FUZZY_COVERAGE_CREDIT = 0.75;
/** Extra factor for a page that matches every word of a query of two words or more exactly. */
export const ALL_TERMS_BOOST = 1.25;

/** How a page matched the query: every word exactly, some words, or through typo tolerance. */
export type MatchKind = 'complete' | 'partial' | 'fuzzy';

/** One page the full-text ranking found. */
export interface RankedPage {
  page: number;
  score: number;
  match: MatchKind;
}

/** A vocabulary term that matched: the query concepts it stands for (bit i: concept i) and its worth (1 exact). */
export interface MatchedTerm {
  concepts: number;
  /** The concepts it stands for in full, not as one word of a longer name (`server` of `server.proxy`). */
  wholeConcepts: number;
  factor: number;
}

/** The ranking and the vocabulary terms that matched, for phrase checks and snippets. */
export interface PageRanking {
  pages: RankedPage[];
  matchedTerms: Map<string, MatchedTerm>;
  /** Per concept, the best IDF × worth of the terms that matched it (0 when none did): how much the concept tells pages apart. */
  conceptWeights: number[];
}

/** What scoring one term against the postings needs to know. */
interface TermRole {
  /** Bits of the concepts the term stands for. */
  covers: number;
  /** Bits of the concepts it stands for in full (see MatchedTerm). */
  whole: number;
  factor: number;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/**
 * Ranks pages by BM25F over the query's concepts. Each concept adds the
 * saturated weighted frequency of its terms times their IDF: its whole name
 * (also where a page names only something under it, discounted), its related
 * forms (discounted) and its stemmed parts; each fuzzy expansion at its
 * factor. Two neighbouring words also match their joined form (`source
 * maps` finds `sourcemap`). The sum is multiplied by the square root of the
 * page's coverage (the share of the query's matchable concepts it matches: a
 * softened coordination factor of classic Lucene) and by ALL_TERMS_BOOST
 * when it matches all of them exactly. `isAllowed` restricts the pages (a scope).
 */
export function rankPages(index: DocsIndex, concepts: readonly QueryConcept[], isAllowed: (page: number) => boolean): PageRanking {
  const pageCount = index.pages.length;
  const scores = new Float64Array(pageCount);
  const exactMasks = new Uint32Array(pageCount);
  const fuzzyMasks = new Uint32Array(pageCount);
  const hasExactTerm = new Uint8Array(pageCount);
  const matchedTerms = new Map<string, MatchedTerm>();
  const conceptWeights = concepts.map(() => 0);
  let matchableMask = 0;

  /** `surface`: the word as typed, for typo tolerance; `isExpanded` false matches the term alone. */
  const scoreTerm = (term: string, role: TermRole, onPage: (page: number, isExact: boolean) => void, isExpanded = true, surface = term): boolean => {
    let hasMatch = false;
    const expansions = isExpanded ? expandTerm(index, term, surface) : index.termId(term) === undefined ? [] : [{ termId: index.termId(term)!, factor: 1, isExact: true }];
    for (const expansion of expansions) {
      const start = index.postingStarts[expansion.termId]!;
      const end = index.postingStarts[expansion.termId + 1]!;
      const idf = inverseDocumentFrequency(pageCount, expansion.documentFrequency ?? end - start);
      const factor = expansion.factor * role.factor;
      let isUsed = false;
      for (let slot = start; slot < end; slot += 1) {
        const page = index.postingPages[slot]!;
        if (!isAllowed(page)) continue;
        isUsed = true;
        scores[page]! += factor * idf * saturate(index.postingWeights[slot]!);
        if (expansion.isExact) hasExactTerm[page] = 1;
        onPage(page, expansion.isExact);
      }
      if (!isUsed) continue;
      hasMatch = true;
      for (let concept = 0; concept < concepts.length; concept += 1) {
        if ((role.covers & (1 << concept)) !== 0) conceptWeights[concept] = Math.max(conceptWeights[concept]!, idf * factor);
      }
      const termText = index.terms[expansion.termId]!;
      const known = matchedTerms.get(termText);
      matchedTerms.set(termText, {
        concepts: (known?.concepts ?? 0) | role.covers,
        wholeConcepts: (known?.wholeConcepts ?? 0) | role.whole,
        factor: Math.max(known?.factor ?? 0, factor),
      });
    }
    return hasMatch;
  };

  for (const [conceptIndex, concept] of concepts.entries()) {
    const bit = 1 << conceptIndex;
    const partsExact = new Uint8Array(pageCount);
    const partsAny = new Uint8Array(pageCount);
    const partStamp = new Int32Array(pageCount).fill(-1);
    const anyStamp = new Int32Array(pageCount).fill(-1);
    const touched: number[] = [];
    const isTouched = new Uint8Array(pageCount);
    const touch = (page: number) => {
      if (isTouched[page] === 1) return;
      isTouched[page] = 1;
      touched.push(page);
    };
    const coverWhole = (page: number, isExact: boolean) => {
      touch(page);
      if (isExact) exactMasks[page]! |= bit;
      else fuzzyMasks[page]! |= bit;
    };
    let hasAnyMatch = false;
    if (concept.whole !== null) {
      hasAnyMatch = scoreTerm(concept.whole, { covers: bit, whole: bit, factor: 1 }, coverWhole) || hasAnyMatch;
      hasAnyMatch = scoreTerm(`${concept.whole}${RELATED_TERM_MARK}`, { covers: bit, whole: 0, factor: RELATED_TERM_FACTOR }, coverWhole, false) || hasAnyMatch;
    }
    for (const related of concept.related) hasAnyMatch = scoreTerm(related, { covers: bit, whole: 0, factor: RELATED_TERM_FACTOR }, touch, false) || hasAnyMatch;
    // The only word of a plain-word concept is the concept; a word of a name is not the name.
    const partWhole = concept.whole === null && concept.parts.length === 1 ? bit : 0;
    concept.parts.forEach((part, partIndex) => {
      const onPart = (page: number, isExact: boolean) => {
        touch(page);
        if (isExact && partStamp[page] !== partIndex) {
          partStamp[page] = partIndex;
          partsExact[page]! += 1;
        }
        if (anyStamp[page] !== partIndex) {
          anyStamp[page] = partIndex;
          partsAny[page]! += 1;
        }
      };
      hasAnyMatch = scoreTerm(part, { covers: bit, whole: partWhole, factor: 1 }, onPart, true, concept.surfaces[partIndex] ?? part) || hasAnyMatch;
    });
    if (hasAnyMatch) matchableMask |= bit;
    const partCount = concept.parts.length;
    for (const page of touched) {
      if (partCount === 0) continue;
      if (partsExact[page] === partCount) exactMasks[page]! |= bit;
      else if (partsAny[page] === partCount) fuzzyMasks[page]! |= bit;
    }
  }

  // Two neighbouring plain words also match as one (`source maps` → `sourcemap`, `hot update` → `hotupdate`).
  for (let first = 0; first + 1 < concepts.length; first += 1) {
    const [left, right] = [concepts[first]!, concepts[first + 1]!];
    if (left.whole !== null || right.whole !== null) continue;
    const joined = analyzeToken(`${left.raw}${right.raw}`.toLowerCase()).primary;
    if (joined === null || index.termId(joined) === undefined) continue;
    const bits = (1 << first) | (1 << (first + 1));
    const covered = scoreTerm(joined, { covers: bits, whole: bits, factor: 1 }, (page) => (exactMasks[page]! |= bits), false);
    if (covered) matchableMask |= bits;
  }

  const pages: RankedPage[] = [];
  const matchable = bitCount(matchableMask);
  if (matchable === 0) return { pages, matchedTerms, conceptWeights };
  for (let page = 0; page < pageCount; page += 1) {
    if (scores[page] === 0) continue;
    const exact = bitCount(exactMasks[page]!);
    const fuzzy = bitCount(fuzzyMasks[page]! & ~exactMasks[page]!);
    // The square root keeps coordination soft: a long task-language query has words
    // ("problem", "solve") that the best page need not contain.
    const coverage = Math.sqrt(Math.max(exact + FUZZY_COVERAGE_CREDIT * fuzzy, 0.5) / matchable);
    const boost = exact === matchable && matchable >= 2 ? ALL_TERMS_BOOST : 1;
    pages.push({ page, score: scores[page]! * coverage * boost, match: matchKindOf(exact, fuzzy, concepts.length, hasExactTerm[page] === 1) });
  }
  pages.sort((left, right) => right.score - left.score || left.page - right.page);
  return { pages, matchedTerms, conceptWeights };
}

/**
 * `complete`: every concept of the query matched exactly; `fuzzy`: every
 * concept matched but some only through typo tolerance, or nothing matched
 * exactly at all; `partial`: some concepts did not match.
 */
function matchKindOf(exact: number, fuzzy: number, conceptCount: number, hasExactTerm: boolean): MatchKind {
  if (exact === conceptCount) return 'complete';
  if (!hasExactTerm || (fuzzy > 0 && exact + fuzzy === conceptCount)) return 'fuzzy';
  return 'partial';
}
