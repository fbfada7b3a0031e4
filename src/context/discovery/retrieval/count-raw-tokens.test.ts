import { describe, expect, it } from 'vitest';
import { MAX_TOKEN_CHARS, countRawTokens, rawTable } from './count-raw-tokens.js';
import { countCodeTerms, tokenizeCode } from './tokenize-code.js';

/** The raw tokens countRawTokens found, with their counts, in order of first appearance. */
function rawTokensOf(text: string): [string, number][] {
  const distinct = countRawTokens(text);
  return Array.from({ length: distinct }, (_, entry) => [text.slice(rawTable.starts[entry]!, rawTable.starts[entry]! + rawTable.lengths[entry]!), rawTable.counts[entry]!]);
}

/** What the regular expression of tokenizeCode finds, counted the same way. */
function expectedRawTokensOf(text: string): [string, number][] {
  const counts = new Map<string, number>();
  for (const raw of text.match(/[\p{L}\p{N}_$]+(?:[.-][\p{L}\p{N}_$]+)*/gu) ?? []) if (raw.length <= MAX_TOKEN_CHARS) counts.set(raw, (counts.get(raw) ?? 0) + 1);
  return [...counts];
}

const EDGE_CASES = [
  ['dotted and dashed runs', 'path.join(a.b., c..d) auth-client- -x $scope _id a.b.c'],
  ['unicode identifiers', 'const größe = naïveCafé + 変数名 + 𝒳value + ½ + x²; ünïcödé.prop'],
  ['a lone surrogate and astral symbols between names', 'left\ud800right 😀emoji𝒳 end'],
  ['a token over 64 chars', `short ${'a'.repeat(MAX_TOKEN_CHARS)} ${'b'.repeat(MAX_TOKEN_CHARS + 1)} ${'c'.repeat(40)}.${'d'.repeat(40)} tail`],
  ['repeats and hash neighbours', 'ab ba ab Ab aB ab ba abc cba ab'],
  ['nothing', ' \n\t;;'],
] as const;

describe('countRawTokens', () => {
  it.each(EDGE_CASES)('%s: the same raw tokens and counts as the regular expression', (_name, text) => {
    expect(rawTokensOf(text)).toEqual(expectedRawTokensOf(text));
  });

  it('grows past its initial table and still counts every distinct token once', () => {
    const text = Array.from({ length: 5000 }, (_, index) => `name${index} name${index % 7}`).join(' ');
    expect(rawTokensOf(text)).toEqual(expectedRawTokensOf(text));
  });

  it('after a large text has grown the table, a small one starts on its first slots and grows them in place', () => {
    const large = Array.from({ length: 20_000 }, (_, index) => `big${index}`).join(' ');
    expect(rawTokensOf(large)).toEqual(expectedRawTokensOf(large));
    const grownSlots = rawTable.slots;
    // 1,500 distinct tokens: past the 1,024 of the first 2,048 slots, so they double within the grown table.
    for (const text of ['small a b a', Array.from({ length: 1500 }, (_, index) => `mid${index} mid${index % 3}`).join(' '), large]) {
      expect(rawTokensOf(text)).toEqual(expectedRawTokensOf(text));
      expect(rawTable.slots).toBe(grownSlots);
      expect(rawTable.slots.every((slot) => slot === 0)).toBe(true);
    }
  });
});

describe('countCodeTerms', () => {
  it.each(EDGE_CASES)('%s: the terms of tokenizeCode, each with its occurrences', (_name, text) => {
    const expected = new Map<string, number>();
    for (const term of tokenizeCode(text)) expected.set(term, (expected.get(term) ?? 0) + 1);
    const counted = new Map<string, number>();
    const length = countCodeTerms(text, (term, occurrences) => counted.set(term, (counted.get(term) ?? 0) + occurrences));
    expect(counted).toEqual(expected);
    expect(length).toBe(tokenizeCode(text).length);
  });
});

describe('countCodeTerms across memo generations', () => {
  it('counts the same terms before and after its memo of raw tokens fills up and starts a generation', () => {
    // More distinct tokens than one memo generation holds (100,000), then the first ones again.
    const names = Array.from({ length: 120_000 }, (_, index) => `item${index.toString(36)}Name`);
    const texts = [names.slice(0, 60_000).join(' '), names.slice(60_000).join(' '), names.slice(0, 1000).join(' ')];
    for (const text of texts) {
      const counted = new Map<string, number>();
      countCodeTerms(text, (term, occurrences) => counted.set(term, (counted.get(term) ?? 0) + occurrences));
      const expected = new Map<string, number>();
      for (const term of tokenizeCode(text)) expected.set(term, (expected.get(term) ?? 0) + 1);
      expect(counted).toEqual(expected);
    }
  });
});
