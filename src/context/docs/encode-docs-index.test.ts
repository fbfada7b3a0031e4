import { describe, expect, it } from 'vitest';
import type { DocsIndexData } from './docs-index.js';
import { decodeDocsIndex, encodeDocsIndex } from './encode-docs-index.js';
import { decodePageBlocks, encodePageBlocks } from './page-blocks.js';
import { encodePagePositions } from './page-positions.js';

/** An index of `pageCount` pages and `termCount` terms, each term on `perTerm` pages: enough postings for several chunks of the bounds check. */
function indexOf(pageCount: number, termCount: number, perTerm: number): DocsIndexData {
  const pages = Array.from({ length: pageCount }, (_, page) => ({ target: `p${page}`, path: `docs/p${page}.md`, relativePath: `p${page}.md`, title: `Page ${page}`, aliases: [], truncated: false }));
  const terms = Array.from({ length: termCount }, (_, term) => `t${String(term).padStart(6, '0')}`);
  const postingStarts = Uint32Array.from({ length: termCount + 1 }, (_, term) => term * perTerm);
  const postingPages = Uint32Array.from({ length: termCount * perTerm }, (_, slot) => (slot * 7) % pageCount);
  const postingWeights = new Float32Array(postingPages.length).fill(1);
  const blocks = pages.map((meta) => [{ kind: 'prose' as const, text: `${meta.title} é` }]);
  const pageBlocks = encodePageBlocks(blocks);
  // Page words: term t00000 for "Page", none for the number (not a vocabulary term here), so both kinds of part are stored.
  const pagePositions = encodePagePositions(blocks, (term) => (term === 'page' ? 0 : undefined));
  return { pages, terms, postingStarts, postingPages, postingWeights, pageBlocks, pagePositions };
}

describe('decodeDocsIndex', () => {
  it('reads back what encodeDocsIndex wrote', () => {
    const index = indexOf(50, 3_000, 10);
    const decoded = decodeDocsIndex(encodeDocsIndex({ fingerprint: 'f', index, warnings: ['w'] }));
    expect(decoded?.fingerprint).toBe('f');
    expect(decoded?.warnings).toEqual(['w']);
    expect(decoded?.index.terms).toEqual(index.terms);
    expect([...decoded!.index.postingPages]).toEqual([...index.postingPages]);
    expect([...decoded!.index.postingStarts]).toEqual([...index.postingStarts]);
    // The blocks' bytes (an odd length: the é is two bytes) are padded so the words after them stay aligned.
    expect(index.pageBlocks.bytes.length % 4).not.toBe(0);
    expect(decodePageBlocks(decoded!.index.pageBlocks, 7)).toEqual(decodePageBlocks(index.pageBlocks, 7));
    expect([...decoded!.index.pagePositions.offsets]).toEqual([...index.pagePositions.offsets]);
    expect([...decoded!.index.pagePositions.words]).toEqual([...index.pagePositions.words]);
    expect(index.pagePositions.words.length).toBeGreaterThan(0);
  });

  it('writes its header as ASCII and reads back titles, terms and warnings in any script', () => {
    const index = indexOf(3, 4, 1);
    index.pages[1] = { ...index.pages[1]!, title: 'What’s new in 東京 😀', summary: 'é \ud800' };
    index.terms = ['café', 'naïve', 't000002', '東京'].sort();
    const bytes = encodeDocsIndex({ fingerprint: 'docs/é.md', index, warnings: ['½ ✓'] });
    const headerLength = new Uint32Array(bytes.buffer, bytes.byteOffset, 4)[3]!;
    expect(bytes.subarray(16, 16 + headerLength).every((byte) => byte < 0x80)).toBe(true);
    const decoded = decodeDocsIndex(bytes);
    expect(decoded?.index.pages[1]).toEqual(index.pages[1]);
    expect(decoded?.index.terms).toEqual(index.terms);
    expect(decoded?.warnings).toEqual(['½ ✓']);
    expect(decoded?.fingerprint).toBe('docs/é.md');
  });

  it('refuses an entry whose page words do not end where the entry does', () => {
    const index = indexOf(50, 100, 4);
    const bytes = encodeDocsIndex({ fingerprint: 'f', index, warnings: [] });
    expect(decodeDocsIndex(bytes)).not.toBeNull();
    expect(decodeDocsIndex(bytes.subarray(0, bytes.length - 4))).toBeNull();
    expect(decodeDocsIndex(bytes.subarray(0, bytes.length - 2))).toBeNull();
  });

  it.each([
    ['the first posting', 0],
    ['a posting in the middle', 15_001],
    ['the last posting', 29_999],
  ])('refuses an entry whose %s names a page it does not hold', (_name, slot) => {
    const index = indexOf(50, 3_000, 10);
    expect(index.postingPages.length).toBe(30_000);
    index.postingPages[slot] = 50;
    expect(decodeDocsIndex(encodeDocsIndex({ fingerprint: 'f', index, warnings: [] }))).toBeNull();
  });

  it('refuses an entry whose postings of a term end before they start', () => {
    const index = indexOf(50, 100, 4);
    index.postingStarts[40] = 170;
    expect(decodeDocsIndex(encodeDocsIndex({ fingerprint: 'f', index, warnings: [] }))).toBeNull();
  });
});
