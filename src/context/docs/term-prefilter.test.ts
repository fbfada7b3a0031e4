import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeToken, rawTokens } from './analyze-token.js';
import { conceptPositionsOfText } from './concept-positions.js';
import type { MatchedTerm } from './rank-pages.js';
import { createTermPrefilter } from './term-prefilter.js';

// Words whose terms the Porter stemmer or the name rules change the most: suffix
// replacements, y → i, plural forms, camelCase, dotted and dashed names, digits.
const WORDS = [
  'say', 'ties', 'sensibility', 'relational', 'digitizer', 'hopping', 'conflated', 'happy', 'agreed', 'generalization',
  'useState', 'defineConfig', 'server.hmr.overlay', 'CSS-modules', 'pre-bundled', '3D', 'v8', 'HTTPServer', 'src/main.ts',
  'optimizeDeps.include', 'import.meta.env', 'Café', 'naïve', 'ID', 'is', 'a', 'Disallow', 'variables',
];

const matchedOf = (terms: readonly string[]): Map<string, MatchedTerm> =>
  new Map(terms.map((term, index) => [term, { concepts: 1 << (index % 3), wholeConcepts: index % 2 === 0 ? 1 << (index % 3) : 0, factor: 1 }]));

describe('createTermPrefilter', () => {
  it.each(WORDS)('never rules out a word that yields one of the terms (%s)', (word) => {
    for (const term of analyzeToken(word).all) {
      expect(createTermPrefilter([term])(word)).toBe(true);
      expect(createTermPrefilter(['unrelated', term])(`before ${word} after`)).toBe(true);
    }
  });

  it('rules out text that holds none of the terms', () => {
    const mayHold = createTermPrefilter(analyzeToken('proxy').all);
    expect(mayHold('configure the dev server')).toBe(false);
    expect(mayHold('Configure the PROXY')).toBe(true);
    expect(mayHold('Proxy')).toBe(true);
    expect(mayHold('Configure')).toBe(false);
  });

  it('tests a plain word by its first letters, as a lowercased prefix of it, whatever its case', () => {
    const letters = fc.stringMatching(/^[A-Za-z][a-z]{0,8}$/);
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 5 }), letters, (terms, word) => {
        const keys = terms.map((term) => term.slice(0, Math.min(3, term.length - (term.endsWith('i') ? 1 : 0))));
        const byPrefix = !keys.includes('') && keys.some((key) => word.toLowerCase().startsWith(key));
        expect(createTermPrefilter(terms)(word)).toBe(keys.includes('') || byPrefix);
      }),
    );
  });
});

describe('conceptPositionsOfText', () => {
  const text = `${WORDS.join(' ')}. The dev server proxies requests; see server.proxy and the Proxy option for useState hooks.`;

  it('reads the same positions with the prefilter as when it analyses every word', () => {
    const everyTerm = rawTokens(text).flatMap((token) => analyzeToken(token.text).all);
    // Several sets of matched terms: each third, and each single word's terms.
    const termSets = [0, 1, 2].map((offset) => everyTerm.filter((_, index) => index % 3 === offset));
    for (const word of WORDS) termSets.push([...analyzeToken(word).all]);
    for (const terms of termSets) {
      const matched = matchedOf(terms);
      expect(conceptPositionsOfText(text, matched, createTermPrefilter(matched.keys()))).toEqual(conceptPositionsOfText(text, matched, () => true));
    }
  });
});
