import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_CHARS, MAX_QUERY_CONCEPTS, analyzeQuery } from './analyze-query.js';
import { MAX_TOKEN_CHARS, RELATED_TERM_MARK, analyzeToken, countTerms, primaryTerms, rawTokens, tokenize, wordsOf } from './analyze-token.js';

describe('rawTokens', () => {
  it.each([
    ['Set `server.hmr.overlay` to false.', ['Set', 'server.hmr.overlay', 'to', 'false']],
    ['see ./guide/env-and-mode#modes', ['see', 'guide/env-and-mode', 'modes']],
    ['node:fs, a_b and $el', ['node:fs', 'a_b', 'and', '$el']],
    ['trailing dot. and dash - alone', ['trailing', 'dot', 'and', 'dash', 'alone']],
    ['été über 東京', ['été', 'über', '東', '京']],
  ])('splits %j', (text, tokens) => {
    expect(rawTokens(text).map((token) => token.text)).toEqual(tokens);
  });

  it('reports where each token starts', () => {
    expect(rawTokens('  ab cd').map((token) => token.index)).toEqual([2, 5]);
  });
});

describe('analyzeToken', () => {
  it.each([
    ['server.hmr.overlay', 'server.hmr.overlai', ['server.hmr'], ['server', 'hmr', 'overlai']],
    ['defineConfig', 'defineconfig', [], ['defin', 'config']],
    ['optimizeDeps.esbuildOptions', 'optimizedeps.esbuildopt', ['optimizedeps', 'esbuildoptions'], ['optim', 'dep', 'esbuild', 'option']],
    ['snake_case', 'snake_case', [], ['snake', 'case']],
    ['kebab-case-name', 'kebab-case-name', ['kebab-case'], ['kebab', 'case', 'name']],
    ['HTMLElement', 'htmlelement', [], ['html', 'element']],
    ['vite5', 'vite5', [], ['vite', '5']],
    ['Plugins', null, [], ['plugin']],
    ['configuring', null, [], ['configur']],
  ])('splits %s into whole, related forms and stemmed parts', (raw, whole, related, parts) => {
    const terms = analyzeToken(raw);
    expect(terms.whole).toBe(whole);
    expect(terms.related).toEqual(related);
    expect(terms.parts).toEqual(parts);
  });

  it('stems the last word of a connected name, so inflections of one name meet', () => {
    expect(analyzeToken('pre-bundled').whole).toBe(analyzeToken('pre-bundling').whole);
    expect(analyzeToken('build.rollupOptions.output').related).toEqual([analyzeToken('build.rollupOptions').whole, 'rollupoptions']);
  });

  it('marks the related forms it indexes, so a name ranks above what only lies under it', () => {
    expect(analyzeToken('server.hmr.overlay').all).toEqual(['server.hmr.overlai', `server.hmr${RELATED_TERM_MARK}`, 'server', 'hmr', 'overlai']);
  });

  it('drops stop words and single letters, but never a whole name', () => {
    expect(analyzeToken('the').all).toEqual([]);
    expect(analyzeToken('x').all).toEqual([]);
    expect(analyzeToken('for-of').all).toEqual(['for-of']);
  });

  it(`skips tokens longer than ${MAX_TOKEN_CHARS} characters (hashes, base64)`, () => {
    expect(analyzeToken('a'.repeat(MAX_TOKEN_CHARS + 1)).all).toEqual([]);
  });
});

describe('tokenize, countTerms and primaryTerms', () => {
  it('index a text the way queries are analysed', () => {
    expect(tokenize('Configure the HMR overlay')).toEqual(['configur', 'hmr', 'overlai']);
    const counted = countTerms('hmr HMR', 'overlay');
    expect(counted.length).toBe(3);
    expect(counted.counts.get('hmr')).toBe(2);
    expect(primaryTerms('Use defineConfig for the server.hmr options')).toEqual(['us', 'defineconfig', 'server.hmr', 'option']);
    expect(tokenize('server.hmr.overlay')).toHaveLength(5);
  });
});

describe('analyzeQuery', () => {
  it('turns each distinct word or name into one concept', () => {
    const concepts = analyzeQuery('How do I set server.hmr.overlay? set it!');
    expect(concepts.map((concept) => concept.raw)).toEqual(['set', 'server.hmr.overlay']);
  });

  it.each([
    ['only stop words', 'the of and to is it'],
    ['only punctuation', '?!... --- /// ::: ***'],
    ['whitespace and symbols', ' \t\n  @#%^&*() '],
  ])('has no concept for %s', (_name, query) => {
    expect(analyzeQuery(query)).toEqual([]);
  });

  it('treats regex metacharacters as punctuation, never as a pattern', () => {
    expect(analyzeQuery('.*+?^${}()|[]\\ (a+)+$ [^x]')).toEqual([]);
    expect(analyzeQuery('(proxy)+ [server]* ^vite$').map((concept) => concept.primary)).toEqual(['proxi', 'server', 'vite']);
  });

  it(`reads at most ${MAX_QUERY_CHARS} characters and ${MAX_QUERY_CONCEPTS} concepts of a huge query`, () => {
    const words = Array.from({ length: 2_000 }, (_, index) => `word${index}`).join(' ');
    expect(words.length).toBeGreaterThan(10_000);
    const concepts = analyzeQuery(words);
    expect(concepts).toHaveLength(MAX_QUERY_CONCEPTS);
    expect(analyzeQuery(`${'x '.repeat(MAX_QUERY_CHARS)}needle`)).toEqual([]);
  });
});

describe('rawTokens outside ASCII', () => {
  it('treats Latin letters and General Punctuation as the Unicode classes do (it takes a shortcut for them)', () => {
    const isWordChar = (character: string) => /[\p{L}\p{N}\p{M}]/u.test(character);
    for (const [from, to] of [
      [0xc0, 0x24f],
      [0x2000, 0x206f],
    ] as const) {
      for (let code = from; code <= to; code += 1) {
        const character = String.fromCharCode(code);
        expect([code, rawTokens(`ab${character}cd`).map((token) => token.text)]).toEqual([code, isWordChar(character) ? [`ab${character}cd`] : ['ab', 'cd']]);
      }
    }
  });
});

describe('single-character words', () => {
  it('indexes a digit of any script and no single letter', () => {
    expect(analyzeToken('7').parts).toEqual(['7']);
    expect(analyzeToken('٣').parts).toEqual(['٣']);
    expect(analyzeToken('x').parts).toEqual([]);
    expect(analyzeToken('é').parts).toEqual([]);
    expect(analyzeToken('v2').parts).toEqual(['2']);
  });
});

describe('wordsOf', () => {
  const unicodeWords = (segment: string) => segment.split(/[_$]+/).flatMap((piece) => piece.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|[\p{L}\p{M}]+/gu) ?? []);

  it('splits ASCII segments as the Unicode word pattern does (it takes a shortcut for them)', () => {
    const segment = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 24 });
    fc.assert(
      fc.property(segment, (text) => {
        expect(wordsOf(text)).toEqual(unicodeWords(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('splits other scripts with the Unicode pattern', () => {
    expect(wordsOf('ÜberBlick2ème')).toEqual(['Über', 'Blick', '2', 'ème']);
    expect(wordsOf('ÜberBlick2ème')).toEqual(unicodeWords('ÜberBlick2ème'));
  });
});
