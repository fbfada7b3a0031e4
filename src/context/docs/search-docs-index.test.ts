import { describe, expect, it } from 'vitest';
import { type DocsIndexData, buildDocsIndex, openDocsIndex } from './docs-index.js';
import { decodeDocsIndex, encodeDocsIndex } from './encode-docs-index.js';
import { expandTerm } from './expand-term.js';
import { buildPageRecord } from './page-record.js';
import { readPageText } from './read-page-text.js';
import { type DocsSearchHit, searchDocsIndex } from './search-docs-index.js';

/** An index over in-memory pages (target → Markdown), searched like the map does. */
function corpus(pages: Record<string, string>) {
  const records = Object.entries(pages).map(([target, markdown]) => {
    const text = readPageText(`${target}.md`, target, markdown);
    return buildPageRecord({ target, path: `docs/${target}.md`, relativePath: `${target}.md`, text, truncated: false });
  });
  const data = buildDocsIndex(records);
  const search = async (query: string, isAllowed: (page: number) => boolean = () => true, indexData: DocsIndexData = data): Promise<DocsSearchHit[]> =>
    searchDocsIndex({ index: openDocsIndex(indexData), query, isAllowed, limit: 5 });
  const targets = async (query: string) => (await search(query)).map((hit) => hit.target);
  return { data, search, targets };
}

const DOCS = corpus({
  'config/server-options': '# Server Options\n\n## server.port\n\nSpecify the dev server port.\n\n## server.proxy\n\nConfigure custom proxy rules for the dev server.\n\n## server.hmr\n\nSet `server.hmr.overlay` to `false` to disable the error overlay.\n',
  'config/build-options': '# Build Options\n\n## build.outDir\n\nThe output directory. The dev server is not involved.\n',
  'guide/env-and-mode': '---\ntitle: Env Variables and Modes\naliases: [dotenv]\n---\n\nVite exposes env variables on `import.meta.env`. Load `.env` files per mode.\n',
  'guide/features': '# Features\n\n## Hot Module Replacement\n\nVite provides an HMR API. Module replacement is hot.\n\n## Glob Import\n\nUse `import.meta.glob` to import many modules.\n',
  'guide/troubleshooting': '# Troubleshooting\n\nThe server proxy proxy proxy proxy proxy may stall. Proxy proxy proxy.\n',
  'guide/static-deploy': '# Deploying a Static Site\n\nDeploy to GitHub Pages with a workflow.\n',
});

describe('searchDocsIndex', () => {
  it('ranks the page that defines an exact API name first', async () => {
    expect((await DOCS.targets('server.hmr.overlay'))[0]).toBe('config/server-options');
    expect((await DOCS.targets('import.meta.glob'))[0]).toBe('guide/features');
  });

  it('answers task language through stemming, and says the match was complete', async () => {
    const [first] = await DOCS.search('configuring a proxy for the dev server');
    expect(first).toMatchObject({ target: 'config/server-options', match: 'complete' });
    expect(first!.snippet).toBe('Configure custom proxy rules for the dev server.');
  });

  it('prefers the page covering every term over one repeating a single term', async () => {
    const targets = await DOCS.targets('dev server proxy rules');
    expect(targets.indexOf('config/server-options')).toBeLessThan(targets.indexOf('guide/troubleshooting'));
  });

  it('boosts pages holding the words as a phrase', async () => {
    const phrase = corpus({
      scattered: '# A\n\nThe module was hot. Replacement parts arrive later.\n',
      together: '# B\n\nHot module replacement keeps state.\n',
    });
    expect(await phrase.targets('hot module replacement')).toEqual(['together', 'scattered']);
  });

  it('tolerates typos below exact matches and says the match was fuzzy', async () => {
    const hits = await DOCS.search('confgure proxxy');
    expect(hits[0]).toMatchObject({ target: 'config/server-options', match: 'fuzzy' });
    const partial = await DOCS.search('proxy zzzqqq');
    expect(partial[0]?.match).toBe('partial');
  });

  it('finds a page by its alias and by its path words', async () => {
    expect((await DOCS.targets('dotenv'))[0]).toBe('guide/env-and-mode');
    expect((await DOCS.targets('static deploy'))[0]).toBe('guide/static-deploy');
  });

  it('ranks the page with a heading that is the query above pages that only mention it', async () => {
    const headings = corpus({
      'config/preview': '# Preview Options\n\n## preview.proxy\n\nUses server.proxy by default. See server.proxy. Like server.proxy.\n',
      'config/server': `# Server Options\n\n## server.proxy\n\nProxy rules.\n\n${'## server.other\n\nOther option text here.\n\n'.repeat(20)}`,
    });
    expect((await headings.targets('server.proxy'))[0]).toBe('config/server');
  });

  it('matches two query words written as one name, and abbreviations of query words', async () => {
    const names = corpus({
      'build': '# Build\n\nSet `build.sourcemap` to emit them.\n',
      'other': '# Other\n\nThe source of the page.\n',
      'env': '# Env Variables\n\nRead env variables from files.\n',
      'api': '# Environment API\n\nThe environment holds variables. Environment instances.\n',
    });
    expect((await names.targets('source maps'))[0]).toBe('build');
    expect((await names.targets('environment variables'))[0]).toBe('env');
  });

  it('reads a rare word one edit from a common one as a likely typo of it', async () => {
    const pages: Record<string, string> = {
      severe: '# Errors\n\nA severe side effect appears when rendering.\n',
      ssr: '# Server Side Rendering\n\nRender on the server.\n',
    };
    for (let index = 0; index < 12; index += 1) pages[`server-${index}`] = `# Page ${index}\n\nThe server starts.\n`;
    const typos = corpus(pages);
    expect((await typos.targets('sever side rendering'))[0]).toBe('ssr');
  });

  it('falls back to titles, aliases and paths when full text finds nothing', async () => {
    expect(await DOCS.search('envandmode')).toEqual([
      expect.objectContaining({ target: 'guide/env-and-mode', match: 'fuzzy', snippet: expect.stringContaining('env variables') }),
    ]);
    expect(await DOCS.search('zzqqxxnomatch')).toEqual([]);
  });

  it.each([
    ['only stop words', 'the of and is to'],
    ['only punctuation', '?!.,;:()[]{}'],
    ['regex metacharacters', '.*+?^${}()|[]\\'],
  ])('returns nothing for %s', async (_name, query) => {
    expect(await DOCS.search(query)).toEqual([]);
  });

  it('answers a 10,000-character query from its first words', async () => {
    const hits = await DOCS.search(`server proxy ${'filler '.repeat(1_500)}`);
    expect(hits[0]?.target).toBe('config/server-options');
  });

  it('keeps to the allowed pages (a scope)', async () => {
    const hits = await DOCS.search('dev server', (page) => DOCS.data.pages[page]!.target.startsWith('guide/'));
    expect(hits.every((hit) => hit.target.startsWith('guide/'))).toBe(true);
  });

  it('gives a second place room: near-copies do not crowd it out', async () => {
    const copies = Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`v${index}/cache`, '# Cache\n\nThe cache directory holds the cache.\n']));
    const diverse = corpus({ ...copies, 'guide/caching': '# Caching\n\nHow the cache works.\n' });
    expect(await diverse.targets('cache')).toContain('guide/caching');
  });

  it('returns at most five results, each with a snippet', async () => {
    const hits = await DOCS.search('server');
    expect(hits.length).toBeLessThanOrEqual(5);
    for (const hit of hits) expect(hit.snippet.length).toBeGreaterThan(0);
  });

  it('searches the same after a round trip through the cache encoding', async () => {
    const decoded = decodeDocsIndex(encodeDocsIndex({ fingerprint: 'f', index: DOCS.data, warnings: ['w'] }));
    expect(decoded).not.toBeNull();
    expect(decoded!.warnings).toEqual(['w']);
    expect(await DOCS.search('confgure proxy', () => true, decoded!.index)).toEqual(await DOCS.search('confgure proxy'));
  });

  it('finds a page by its frontmatter keywords, the corpus\'s own synonyms, without making them targets (issue 20)', async () => {
    const site = corpus({
      'guide/forwarding': '---\ntitle: Forwarding\nkeywords: [reverse proxy, tunnel]\n---\n\nSend requests on to another host.\n',
      'guide/hosts': '# Hosts\n\nA host serves requests.\n',
    });
    expect((await site.targets('set up a tunnel'))[0]).toBe('guide/forwarding');
    expect(site.data.pages.find((meta) => meta.target === 'guide/forwarding')?.aliases).toEqual([]);
  });

  it('reads corrupt or foreign cache bytes as a miss', () => {
    const bytes = encodeDocsIndex({ fingerprint: 'f', index: DOCS.data, warnings: [] });
    expect(decodeDocsIndex(bytes.subarray(0, bytes.length - 3))).toBeNull();
    expect(decodeDocsIndex(new Uint8Array([1, 2, 3]))).toBeNull();
    const flipped = bytes.slice();
    flipped[20] = 0xff;
    expect(decodeDocsIndex(flipped)).toBeNull();
    const otherVersion = bytes.slice();
    otherVersion[8] = 99;
    expect(decodeDocsIndex(otherVersion)).toBeNull();
  });

  it('reads an entry that does not start on a 4-byte boundary, and refuses damaged page blocks or an unsorted vocabulary (issue 20)', async () => {
    const bytes = encodeDocsIndex({ fingerprint: 'f', index: DOCS.data, warnings: [] });
    const unaligned = new Uint8Array(bytes.length + 1).subarray(1);
    unaligned.set(bytes);
    expect(await DOCS.search('server.proxy', () => true, decodeDocsIndex(unaligned)!.index)).toEqual(await DOCS.search('server.proxy'));

    const { pageBlocks } = DOCS.data;
    const shortBlocks = { ...DOCS.data, pageBlocks: { offsets: pageBlocks.offsets, bytes: pageBlocks.bytes.subarray(0, pageBlocks.bytes.length - 1) } };
    expect(decodeDocsIndex(encodeDocsIndex({ fingerprint: 'f', index: shortBlocks, warnings: [] }))).toBeNull();
    const unsorted = { ...DOCS.data, terms: [...DOCS.data.terms].reverse() };
    expect(decodeDocsIndex(encodeDocsIndex({ fingerprint: 'f', index: unsorted, warnings: [] }))).toBeNull();
  });

  it('ranks a page whose stored blocks cannot be decoded without its text, its summary as the snippet', async () => {
    const damaged = DOCS.data.pageBlocks.bytes.slice();
    const page = DOCS.data.pages.findIndex((meta) => meta.target === 'guide/static-deploy');
    damaged[DOCS.data.pageBlocks.offsets[page]!] = 0x7b; // `{` where the page's JSON array starts
    const [hit] = await DOCS.search('deploy to GitHub Pages', () => true, { ...DOCS.data, pageBlocks: { offsets: DOCS.data.pageBlocks.offsets, bytes: damaged } });
    expect(hit).toMatchObject({ target: 'guide/static-deploy', snippet: 'Deploy to GitHub Pages with a workflow.' });
  });
});

describe('expandTerm', () => {
  const index = openDocsIndex(DOCS.data);

  it('matches a known term only itself, an unknown one within a few edits at a discount', () => {
    expect(expandTerm(index, 'proxi')).toEqual([{ termId: index.termId('proxi'), factor: 1, isExact: true }]);
    const fuzzy = expandTerm(index, 'proxxi');
    expect(fuzzy.map((expansion) => index.terms[expansion.termId])).toContain('proxi');
    expect(fuzzy.every((expansion) => !expansion.isExact && expansion.factor < 1)).toBe(true);
    expect(expandTerm(index, 'pxy')).toEqual([]);
  });
});

describe('a 3,000-page corpus', () => {
  it('indexes and answers exactly (its speed is measured by bench/docs-search.ts, not here)', async () => {
    const words = ['cache', 'plugin', 'server', 'build', 'render', 'module', 'config', 'worker', 'asset', 'router', 'bundle', 'watch'];
    const pages: Record<string, string> = {};
    for (let page = 0; page < 3_000; page += 1) {
      const topic = words[page % words.length]!;
      const other = words[(page * 7 + 3) % words.length]!;
      pages[`area${page % 30}/page-${page}`] = `# ${topic} ${page}\n\nHow the ${topic} talks to the ${other}. ${'Filler prose about documentation. '.repeat(20)}\n`;
    }
    pages['area7/needle'] = '# The Needle Option\n\nSet `needle.threshold` to tune it.\n';
    const big = corpus(pages);
    expect(big.data.pages).toHaveLength(3_001);
    expect((await big.targets('needle.threshold'))[0]).toBe('area7/needle');
    expect((await big.targets('how does the needle option work'))[0]).toBe('area7/needle');
  });
});
