import { describe, expect, it } from 'vitest';
import { partSurfaces } from './analyze-token.js';
import { buildDocsIndex, openDocsIndex } from './docs-index.js';
import { DERIVED_FACTOR, FUZZY_FACTORS, expandTerm } from './expand-term.js';
import { buildPageRecord } from './page-record.js';
import { readPageText } from './read-page-text.js';
import { porterStem } from './porter-stem.js';
import { searchDocsIndex } from './search-docs-index.js';

function indexOf(pages: Record<string, string>) {
  const records = Object.entries(pages).map(([target, markdown]) =>
    buildPageRecord({ target, path: `docs/${target}.md`, relativePath: `${target}.md`, text: readPageText(`${target}.md`, target, markdown), truncated: false }),
  );
  return openDocsIndex(buildDocsIndex(records));
}

const expanded = (index: ReturnType<typeof indexOf>, word: string) =>
  expandTerm(index, porterStem(word), word).map((expansion) => ({ term: index.terms[expansion.termId], factor: expansion.factor, isExact: expansion.isExact }));

describe('expandTerm', () => {
  const index = indexOf({
    'guide/migration': '# Migration\n\nThe migration from v7 takes minutes.\n',
    'config/options': '# Configuration\n\nEvery configuration option is listed.\n',
    'guide/other': '# Other\n\nNothing to see.\n',
  });

  it('measures a misspelling on the word as typed, as MiniSearch does, not only on its stem (issue 20)', () => {
    // `migraiton` stems to itself, three edits from the stem `migrat`, but one swap from `migration`.
    expect(porterStem('migraiton')).toBe('migraiton');
    expect(expanded(index, 'migraiton')).toContainEqual({ term: 'migrat', factor: FUZZY_FACTORS[1], isExact: false });
    // `configuraton`: 12 characters (2 edits), one from `configuration`, four from the stem `configur`.
    expect(expanded(index, 'configuraton')).toContainEqual({ term: 'configur', factor: FUZZY_FACTORS[1], isExact: false });
    expect(searchDocsIndex({ index, query: 'migraiton', isAllowed: () => true, limit: 5 })[0]).toMatchObject({ target: 'guide/migration', match: 'fuzzy' });
  });

  it('keeps the budget of the surface word: a word too far from every surface form matches nothing', () => {
    // `mgrtn` is 5 characters (1 edit) and at least three edits from any form of `migrat`.
    expect(expanded(index, 'mgrtn').map((expansion) => expansion.term)).not.toContain('migrat');
  });

  it('gives a rare term that is probably a typo the document frequency of the word it misspells', () => {
    const pages: Record<string, string> = { 'typo/page': '# Timing\n\nWait one milisecond.\n' };
    for (let page = 0; page < 12; page += 1) pages[`api/p${page}`] = `# Api ${page}\n\nA timeout in milliseconds.\n`;
    const typoIndex = indexOf(pages);
    const [exact, ...rest] = expandTerm(typoIndex, 'milisecond', 'milisecond');
    expect(exact).toMatchObject({ isExact: true, documentFrequency: 13 });
    expect(rest.map((expansion) => typoIndex.terms[expansion.termId])).toEqual(['millisecond']);
  });
});

describe('partSurfaces', () => {
  it('lists the typed words of the parts, in their order', () => {
    expect(partSurfaces('migraitonGuide')).toEqual(['migraiton', 'guide']);
    expect(partSurfaces('server.hmr.overlay')).toEqual(['server', 'hmr', 'overlay']);
    expect(partSurfaces('the')).toEqual([]);
  });

  describe('word families the stemmer keeps apart (issue 20)', () => {
    const family = indexOf({
      'api/ms': '# ms\n\nConvert time formats to milliseconds. Extend the parser. Describe the format.\n',
      'guide/units': '# Units\n\nThe conversion of units.\n',
      'guide/course': '# Course\n\nA course on parsing.\n',
      'guide/court': '# Court\n\nThe court and its part.\n',
    });

    it('matches convert for conversion, extend for extension, describe for description, below the exact word', () => {
      expect(expanded(family, 'conversion')).toEqual([
        { term: 'convers', factor: 1, isExact: true },
        { term: 'convert', factor: DERIVED_FACTOR, isExact: false },
      ]);
      expect(expanded(family, 'extension')).toContainEqual({ term: 'extend', factor: DERIVED_FACTOR, isExact: false });
      expect(expanded(family, 'description')).toContainEqual({ term: 'describ', factor: DERIVED_FACTOR, isExact: false });
      expect(DERIVED_FACTOR).toBeLessThan(1);
      expect(DERIVED_FACTOR).toBeGreaterThan(FUZZY_FACTORS[1]!);
    });

    it('keeps short words apart: course is not court, parse is not part', () => {
      expect(expanded(family, 'court').map((expansion) => expansion.term)).not.toContain('cours');
      expect(expanded(family, 'parse').map((expansion) => expansion.term)).not.toContain('part');
    });

    it('ranks the page that has both query words in some form above the page that has one of them exactly', () => {
      const hits = searchDocsIndex({ index: family, query: 'millisecond conversion', isAllowed: () => true, limit: 5 });
      expect(hits[0]?.target).toBe('api/ms');
      expect(hits.map((hit) => hit.target)).toContain('guide/units');
    });
  });
});
