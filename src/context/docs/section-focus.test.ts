import { describe, expect, it } from 'vitest';
import { analyzeQuery } from './analyze-query.js';
import { readPagePositions } from './concept-positions.js';
import { buildDocsIndex, openDocsIndex } from './docs-index.js';
import { buildPageRecord } from './page-record.js';
import { readPageText } from './read-page-text.js';
import { rankPages } from './rank-pages.js';
import { searchDocsIndex } from './search-docs-index.js';
import { SECTION_WEIGHTS, averageSectionLength, bestSectionScore, readPageSections } from './section-focus.js';

function indexOf(pages: Record<string, string>) {
  const records = Object.entries(pages).map(([target, markdown]) =>
    buildPageRecord({ target, path: `docs/${target}.md`, relativePath: `${target}.md`, text: readPageText(`${target}.md`, target, markdown), truncated: false }),
  );
  return openDocsIndex(buildDocsIndex(records));
}

/** The sections of every page of `pages` for `query`, and each page's best-section score. */
function focusOf(pages: Record<string, string>, query: string) {
  const index = indexOf(pages);
  const concepts = analyzeQuery(query);
  const ranking = rankPages(index, concepts, () => true);
  const read = index.pages.map((meta, page) => {
    const blocks = index.blocksOf(page)!;
    return { target: meta.target, sections: readPageSections(blocks, meta.title, readPagePositions(meta.title, blocks, ranking.matchedTerms), concepts.length) };
  });
  const average = averageSectionLength(read.map((page) => page.sections));
  return new Map(read.map((page) => [page.target, { sections: page.sections, best: bestSectionScore(page.sections, ranking.conceptWeights, average) }]));
}

const filler = (topic: string) => `${`Some words about ${topic} that say little more. `.repeat(6)}\n\n`;

describe('section focus', () => {
  it('splits a page at its headings, weighs a heading by its depth and carries the headings above into each section', () => {
    const focus = focusOf({ page: '# Page\n\nIntro text.\n\n## Proxy\n\nText.\n\n### Rules\n\nProxy rules here.\n\n#### Proxy\n\nDeep.\n' }, 'proxy');
    const { sections } = focus.get('page')!.sections;
    // The title's section, then one per heading below it.
    expect(sections).toHaveLength(4);
    expect(sections[1]!.heading[0]).toBe(SECTION_WEIGHTS.headingByDepth[2]);
    // `### Rules` under `## Proxy`: the heading above counts, at its own weight.
    expect(sections[2]!.heading[0]).toBe(SECTION_WEIGHTS.ancestorHeading);
    expect(sections[2]!.text[0]).toBe(SECTION_WEIGHTS.prose);
    expect(sections[3]!.heading[0]).toBe(SECTION_WEIGHTS.headingByDepth[4]! + SECTION_WEIGHTS.ancestorHeading);
    expect(SECTION_WEIGHTS.headingByDepth[4]).toBeLessThan(SECTION_WEIGHTS.headingByDepth[2]!);
  });

  it('scores a page that answers in one section above one whose matches are scattered over many (release notes)', () => {
    const focus = focusOf(
      {
        'guide/proxy': `# Proxy\n\n## Rewrite request paths\n\nThe proxy can rewrite the request path before it is forwarded.\n\n${filler('other things')}`,
        'blog/release': `# Release 4.0\n\n## Paths\n\nNew path handling.\n\n${filler('paths')}## Requests\n\nFaster requests.\n\n${filler('requests')}## Rewrite\n\nA rewrite of the core.\n\n${filler('the core')}## Proxy\n\nProxy fixes.\n`,
      },
      'rewrite the request path in the proxy',
    );
    expect(focus.get('guide/proxy')!.best).toBeGreaterThan(focus.get('blog/release')!.best);
  });

  it('discounts a long section but does not reward a short one beyond an average one', () => {
    const short = focusOf({ a: '# A\n\n## Proxy\n\nProxy.\n', b: `# B\n\n## Proxy\n\nProxy. ${filler('nothing')}` }, 'proxy');
    // Page a's section is short, b's long: b's text mention is discounted, a's is not raised above 1.
    expect(short.get('a')!.sections.sections[1]!.length).toBeLessThan(short.get('b')!.sections.sections[1]!.length);
    expect(short.get('a')!.best).toBeGreaterThanOrEqual(short.get('b')!.best);
  });

  it('lifts the page whose one section answers the query over a release note that mentions every word apart, which BM25 alone ranks first (issue 20)', () => {
    // No two query words stand side by side in either page: only the section focus tells them apart.
    const index = indexOf({
      'guide/ssr': `# Server-Side Rendering\n\n## Middleware mode\n\nCreate a server with express, then the mode it runs in is called middleware.\n\n${filler('rendering')}${filler('hydration')}`,
      'blog/announcing': `# Announcing 5.0\n\n## Express\n\nExpress express users rejoice. ${filler('express')}## Middleware\n\nThe middleware changed. Middleware. ${filler('middleware')}## Server\n\nThe server starts faster, server. ${filler('speed')}## Mode\n\nA new mode, mode. Create it, create.\n`,
      'other/a': '# A\n\nNothing here.\n',
      'other/b': '# B\n\nServer things.\n',
    });
    const concepts = analyzeQuery('create an express server in middleware mode');
    expect(index.pages[rankPages(index, concepts, () => true).pages[0]!.page]!.target).toBe('blog/announcing');
    const results = searchDocsIndex({ index, query: 'create an express server in middleware mode', isAllowed: () => true, limit: 5 });
    expect(results.map((hit) => hit.target).slice(0, 2)).toEqual(['guide/ssr', 'blog/announcing']);
  });
});
