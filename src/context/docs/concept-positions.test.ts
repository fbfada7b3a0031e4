import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ConceptPositions, countBigrams, isExactlyTheQuery } from './concept-positions.js';

const positionsOf = (any: number[]): ConceptPositions => ({ any, whole: any, factors: any.map(() => 1) });

/** The definition, pair by pair: concept c followed by concept c + 1 somewhere. */
function bigramsByDefinition(any: readonly number[], conceptCount: number): number {
  let found = 0;
  for (let concept = 0; concept + 1 < conceptCount; concept += 1) {
    if (any.some((mask, index) => index + 1 < any.length && (mask & (1 << concept)) !== 0 && (any[index + 1]! & (1 << (concept + 1))) !== 0)) found += 1;
  }
  return found;
}

describe('countBigrams', () => {
  it('counts the query pairs that stand next to each other, in order', () => {
    // concepts 0 1 2: "a b" and "b c" both appear; "c a" is not a query pair.
    expect(countBigrams(positionsOf([0b001, 0b010, 0b100]), 3)).toBe(2);
    expect(countBigrams(positionsOf([0b010, 0b001]), 2)).toBe(0);
    expect(countBigrams(positionsOf([0b001, 0, 0b010]), 2)).toBe(0);
    // One word matching two concepts followed by one matching the next.
    expect(countBigrams(positionsOf([0b011, 0b110]), 3)).toBe(2);
    expect(countBigrams(positionsOf([0b1]), 1)).toBe(0);
    expect(countBigrams(positionsOf([]), 4)).toBe(0);
  });

  it('agrees with the pair-by-pair definition for up to 16 concepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }), (conceptCount, any) => {
        const masks = any.map((mask) => mask & ((1 << conceptCount) - 1));
        expect(countBigrams(positionsOf(masks), conceptCount)).toBe(bigramsByDefinition(masks, conceptCount));
      }),
    );
  });
});

describe('isExactlyTheQuery', () => {
  it('holds when every word is a concept in full and together they are all of them', () => {
    expect(isExactlyTheQuery(positionsOf([0b01, 0b10]), 2)).toBe(true);
    expect(isExactlyTheQuery(positionsOf([0b01, 0, 0b10]), 2)).toBe(false);
    expect(isExactlyTheQuery(positionsOf([0b01]), 2)).toBe(false);
    expect(isExactlyTheQuery(positionsOf([]), 0)).toBe(false);
  });
});
