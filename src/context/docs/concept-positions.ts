import type { MatchedTerm } from './rank-pages.js';
import type { LocatedToken } from './tokenize-block.js';

/** Per word of a text (stop words left out): the query concepts it matches, and those it matches in full. */
export interface ConceptPositions {
  /** Bit i: the word matches concept i (possibly as one word of a longer name). */
  any: number[];
  /** Bit i: the word is concept i itself, or part of a name that is. */
  whole: number[];
}

/**
 * Reads a tokenised text as a sequence of positions, one per word (each
 * part of a compound name is a position), each holding the query concepts
 * it matches through `matchedTerms` (exact, stemmed or fuzzy). A compound's
 * whole name counts for every one of its parts. Stop words are no position,
 * so "configure the proxy" reads like "configure proxy".
 */
export function conceptPositions(tokens: readonly LocatedToken[], matchedTerms: ReadonlyMap<string, MatchedTerm>): ConceptPositions {
  const positions: ConceptPositions = { any: [], whole: [] };
  for (const { terms } of tokens) {
    if (terms.all.length === 0) continue;
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
