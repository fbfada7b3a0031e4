import { describe, expect, it } from 'vitest';
import { analyzeQuery } from './analyze-query.js';
import { buildDocsIndex, openDocsIndex } from './docs-index.js';
import { buildPageRecord } from './page-record.js';
import { readPageText } from './read-page-text.js';
import { MAX_PAGE_READ_CHARS } from './concept-positions.js';
import { proximityBoost } from './proximity-boost.js';
import { rankPages } from './rank-pages.js';

function boostOf(markdown: string, query: string): number {
  const text = readPageText('page.md', 'page', markdown);
  const index = openDocsIndex(buildDocsIndex([buildPageRecord({ target: 'page', path: 'docs/page.md', relativePath: 'page.md', text, truncated: false })]));
  const concepts = analyzeQuery(query);
  return proximityBoost(concepts.length, text.title, text.scanned.blocks, rankPages(index, concepts, () => true).matchedTerms);
}

describe('proximityBoost', () => {
  const filler = `${'Lorem ipsum dolor sit amet, words without the query. '.repeat(40)}\n\n`;

  it('boosts a page whose paragraph holds the query words side by side', () => {
    expect(boostOf(`# Page\n\nConfigure the reverse proxy here.\n\n${filler}`, 'reverse proxy')).toBeGreaterThan(1);
  });

  it('reads no further than MAX_PAGE_READ_CHARS into a huge page, so its cost is bounded (issue 20)', () => {
    const paragraphs = Math.ceil(MAX_PAGE_READ_CHARS / filler.length) + 1;
    const huge = `# Page\n\n${filler.repeat(paragraphs)}Configure the reverse proxy here.\n\nreverse alone, proxy alone.\n`;
    expect(huge.length).toBeGreaterThan(MAX_PAGE_READ_CHARS);
    expect(boostOf(huge, 'reverse proxy')).toBe(1);
  });
});
