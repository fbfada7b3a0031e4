import { describe, expect, it } from 'vitest';
import { porterStem } from './porter-stem.js';

// Pairs from Porter's own sample vocabulary and the examples of his 1980 paper.
const PAIRS: [word: string, stem: string][] = [
  ['caresses', 'caress'],
  ['ponies', 'poni'],
  ['cats', 'cat'],
  ['feed', 'feed'],
  ['agreed', 'agre'],
  ['plastered', 'plaster'],
  ['motoring', 'motor'],
  ['sing', 'sing'],
  ['conflated', 'conflat'],
  ['sized', 'size'],
  ['hopping', 'hop'],
  ['falling', 'fall'],
  ['filing', 'file'],
  ['happy', 'happi'],
  ['sky', 'sky'],
  ['relational', 'relat'],
  ['conditional', 'condit'],
  ['digitizer', 'digit'],
  ['vietnamization', 'vietnam'],
  ['operator', 'oper'],
  ['hopefulness', 'hope'],
  ['sensibiliti', 'sensibl'],
  ['triplicate', 'triplic'],
  ['electrical', 'electr'],
  ['goodness', 'good'],
  ['allowance', 'allow'],
  ['airliner', 'airlin'],
  ['adjustable', 'adjust'],
  ['replacement', 'replac'],
  ['adoption', 'adopt'],
  ['communism', 'commun'],
  ['effective', 'effect'],
  ['cease', 'ceas'],
  ['controll', 'control'],
  ['roll', 'roll'],
  ['generalizations', 'gener'],
  ['oscillators', 'oscil'],
];

describe('porterStem', () => {
  it.each(PAIRS)('stems %s to %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it('brings the forms of one word in documentation to one stem', () => {
    const forms = ['configure', 'configured', 'configuring', 'configuration', 'configurations'];
    expect(new Set(forms.map(porterStem))).toEqual(new Set(['configur']));
    expect(porterStem('plugins')).toBe(porterStem('plugin'));
    expect(porterStem('dependencies')).toBe(porterStem('dependency'));
  });

  it.each(['vite', 'es2015', 'h1', 'été', 'ab', 'HMR'])('leaves %s unchanged or whole', (word) => {
    expect(porterStem(word)).toBe(word);
  });
});
