import { describe, expect, it } from 'vitest';
import { analyzeQuery } from './analyze-query.js';
import { matchedTermTable, readPagePositions } from './concept-positions.js';
import { buildDocsIndex, openDocsIndex } from './docs-index.js';
import { buildPageRecord } from './page-record.js';
import { MAX_PAGE_READ_CHARS, UNKNOWN_TERM, encodePagePositions, storedPageWords } from './page-positions.js';
import { rankPages } from './rank-pages.js';
import { readPageText } from './read-page-text.js';

const PAGES: Record<string, string> = {
  'config/server-options':
    '# Server Options\n\n## server.proxy\n\nConfigure custom proxy rules for the dev server. Set `server.hmr.overlay` to `false`.\n\n```js\nexport default defineConfig({ server: { proxy: { "/api": "http://localhost:3000" } } })\n```\n',
  'guide/i18n': '# Übersetzung\n\nDie Konfiguration des Servers: naïve café résumé. 設定ファイル と サーバー。 Emoji 𝑥 and ｜full-width｜ bars.\n',
  'guide/names': '# Names\n\nCall `optimizeDeps.exclude`, `import.meta.env.VITE_KEY`, `$store_value`, `a-b-c-d`, `pre-bundled` and `HTMLElement` with URLs.\n',
  'guide/long': `# Long\n\n${'x'.repeat(70)} is a long token; the a I of to be and or not.\n\n${Array.from({ length: 40 }, (_, line) => `Paragraph ${line} about the dev server proxy and its configuration.`).join('\n\n')}\n`,
};

function indexOf(pages: Record<string, string>) {
  const records = Object.entries(pages).map(([target, markdown]) =>
    buildPageRecord({ target, path: `docs/${target}.md`, relativePath: `${target}.md`, text: readPageText(`${target}.md`, target, markdown), truncated: false }),
  );
  return openDocsIndex(buildDocsIndex(records));
}

const QUERIES = ['configure the dev server proxy', 'server.hmr.overlay', 'optimizeDeps exclude', 'Konfiguration Server café', 'pre-bundling HTML elements', 'confgure sever', 'import.meta.env'];

describe('stored page words', () => {
  const index = indexOf(PAGES);

  it.each(QUERIES)('give every page the positions its text gives, for %j', (query) => {
    const ranking = rankPages(index, analyzeQuery(query), () => true);
    const matched = matchedTermTable(ranking.matchedTerms, (term) => index.termId(term), index.terms.length);
    expect(ranking.matchedTerms.size).toBeGreaterThan(0);
    index.pages.forEach((meta, page) => {
      const blocks = index.blocksOf(page)!;
      const words = index.wordsOf(page);
      expect(words).not.toBeNull();
      const fromText = readPagePositions(meta.title, blocks, ranking.matchedTerms);
      // Blanked texts of the same lengths: what is read comes from the words alone.
      const blanked = blocks.map((block) => ({ ...block, text: ' '.repeat(block.text.length) }));
      expect(readPagePositions(meta.title, blanked, ranking.matchedTerms, { words: words!, matched })).toEqual(fromText);
      expect(fromText.blocks).toHaveLength(blocks.length);
    });
  });

  it('store a part that is no vocabulary term as a position that matches nothing, and a name that is none not at all', () => {
    const encoded = encodePagePositions([[{ kind: 'prose', text: 'serverProxy the x' }]], (term) => (term === 'proxi' ? 7 : undefined));
    // One block of one token (the stop word and the single letter are no positions): header (0 names, 2 parts), then the parts.
    expect([...encoded.words]).toEqual([3, 2 << 8, UNKNOWN_TERM, 7]);
    expect([...encoded.offsets]).toEqual([0, 4]);
  });

  it('stop at the read limit as the text path does', () => {
    const paragraph = `${'proxy server configuration '.repeat(400)}\n\n`;
    const huge = indexOf({ huge: `# Huge\n\n${paragraph.repeat(Math.ceil(MAX_PAGE_READ_CHARS / paragraph.length) + 3)}` });
    const blocks = huge.blocksOf(0)!;
    const ranking = rankPages(huge, analyzeQuery('proxy server'), () => true);
    const matched = matchedTermTable(ranking.matchedTerms, (term) => huge.termId(term), huge.terms.length);
    const stored = readPagePositions('Huge', blocks, ranking.matchedTerms, { words: huge.wordsOf(0)!, matched });
    expect(stored.blocks.length).toBeLessThan(blocks.length);
    expect(stored).toEqual(readPagePositions('Huge', blocks, ranking.matchedTerms));
  });

  it('are refused when damaged, and the page is read from its text', () => {
    const { pagePositions } = index;
    const page = 0;
    const start = pagePositions.offsets[page]!;
    const termCount = index.terms.length;
    const outOfVocabulary = pagePositions.words.slice();
    outOfVocabulary[start + 2] = termCount; // the first token's first id
    expect(storedPageWords({ offsets: pagePositions.offsets, words: outOfVocabulary }, page, termCount)).toBeNull();
    const pastTheEnd = pagePositions.words.slice();
    pastTheEnd[start] = 1_000_000; // the first block's word count
    expect(storedPageWords({ offsets: pagePositions.offsets, words: pastTheEnd }, page, termCount)).toBeNull();
    expect(storedPageWords(pagePositions, page, termCount)).not.toBeNull();
    // Words that describe fewer blocks than the page has are not used: the text is read instead.
    const ranking = rankPages(index, analyzeQuery('dev server proxy'), () => true);
    const blocks = index.blocksOf(page)!;
    const firstBlockOnly = index.wordsOf(page)!.subarray(0, 1 + index.wordsOf(page)![0]!);
    const read = readPagePositions(index.pages[page]!.title, blocks, ranking.matchedTerms, { words: firstBlockOnly, matched: matchedTermTable(new Map(), () => undefined, index.terms.length) });
    expect(read).toEqual(readPagePositions(index.pages[page]!.title, blocks, ranking.matchedTerms));
  });
});
