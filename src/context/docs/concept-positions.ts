import { MAX_TOKEN_CHARS, type TokenTerms, analyzeToken, forEachRawToken } from './analyze-token.js';
import type { MatchedTerm } from './rank-pages.js';
import { STOP_WORDS } from './stop-words.js';

/** Per word of a text (stop words left out): the query concepts it matches, and those it matches in full. */
export interface ConceptPositions {
  /** Bit i: the word matches concept i (possibly as one word of a longer name). */
  any: number[];
  /** Bit i: the word is concept i itself, or part of a name that is. */
  whole: number[];
}

function pushPositions(positions: ConceptPositions, terms: TokenTerms, matchedTerms: ReadonlyMap<string, MatchedTerm>): void {
  if (terms.all.length === 0) return;
  let nameAny = 0;
  let nameWhole = 0;
  for (const name of terms.names) {
    const matched = matchedTerms.get(name);
    if (matched === undefined) continue;
    nameAny |= matched.concepts;
    nameWhole |= matched.wholeConcepts;
  }
  if (terms.parts.length === 0) {
    positions.any.push(nameAny);
    positions.whole.push(nameWhole);
  }
  for (const part of terms.parts) {
    const matched = matchedTerms.get(part);
    positions.any.push(nameAny | (matched?.concepts ?? 0));
    positions.whole.push(nameWhole | (matched?.wholeConcepts ?? 0));
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
  const positions: ConceptPositions = { any: [], whole: [] };
  forEachRawToken(text, (start, end) => {
    const raw = text.slice(start, end);
    if (raw.length <= MAX_TOKEN_CHARS && SIMPLE_WORD.test(raw) && !mayHold(raw)) {
      const lower = raw.toLowerCase();
      if (lower.length > 1 && !STOP_WORDS.has(lower)) {
        positions.any.push(0);
        positions.whole.push(0);
      }
      return;
    }
    pushPositions(positions, analyzeToken(raw), matchedTerms);
  });
  return positions;
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
