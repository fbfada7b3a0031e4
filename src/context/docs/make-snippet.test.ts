import { describe, expect, it } from 'vitest';
import { SNIPPET_MAX_CHARS, makeSectionSnippet, makeSnippet } from './make-snippet.js';
import type { MarkdownBlock } from './scan-markdown.js';

const terms = (...entries: [string, number, number?][]) => new Map(entries.map(([term, concept, factor]) => [term, { concepts: 1 << concept, factor: factor ?? 1 }]));
const filler = (count: number, word = 'lorem') => Array.from({ length: count }, (_, index) => `${word}${index}`).join(' ');

describe('makeSnippet', () => {
  it('picks the block that matches the most query concepts', () => {
    const blocks: MarkdownBlock[] = [
      { kind: 'prose', text: 'The proxy is mentioned here.' },
      { kind: 'heading', text: 'server proxy', depth: 2 },
      { kind: 'prose', text: 'Configure the dev server proxy with server.proxy.' },
      { kind: 'code', text: 'server: { proxy: {} }' },
    ];
    expect(makeSnippet(blocks, terms(['proxi', 0], ['server', 1]), 'fallback')).toBe('Configure the dev server proxy with server.proxy.');
  });

  it('does not tokenise a block the reranking read found no matched term in, and leaves the others to the prefilter', () => {
    const blocks: MarkdownBlock[] = [
      { kind: 'prose', text: 'The proxy is mentioned here.' },
      { kind: 'prose', text: 'Configure the dev server proxy with server.proxy.' },
    ];
    const matched = terms(['proxi', 0], ['server', 1]);
    // Said to hold no hit, the best block is passed over (what the read positions say is trusted)...
    expect(makeSectionSnippet(blocks, matched, 'fallback', (block) => block === 0).snippet).toBe('The proxy is mentioned here.');
    expect(makeSectionSnippet(blocks, matched, 'fallback', () => false).snippet).toBe('fallback');
    // ...and undefined (no read positions) is the prefilter's call, as without the predicate.
    expect(makeSectionSnippet(blocks, matched, 'fallback', () => undefined)).toEqual(makeSectionSnippet(blocks, matched, 'fallback'));
  });

  it('cuts a long block to a window around the matches, on word boundaries, with ellipses', () => {
    const text = `${filler(60)} the needle sits here ${filler(60, 'ipsum')}`;
    const snippet = makeSnippet([{ kind: 'prose', text }], terms(['needl', 0]), 'fallback');
    expect(snippet).toContain('needle');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    const inner = snippet.slice(1, -1);
    expect(inner.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    // Every word of the window is a whole word of the text.
    for (const word of inner.split(' ')) expect(text.split(' ')).toContain(word);
  });

  it('falls back to the summary when no block matches, shortened on a word', () => {
    expect(makeSnippet([{ kind: 'prose', text: 'nothing here' }], terms(['absent', 0]), 'A short summary.')).toBe('A short summary.');
    const long = makeSnippet([], terms(), filler(100));
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS + 1);
  });

  it('prefers prose over a code block with the same matches', () => {
    const blocks: MarkdownBlock[] = [
      { kind: 'code', text: 'hmr overlay' },
      { kind: 'prose', text: 'Turn the hmr overlay off.' },
    ];
    expect(makeSnippet(blocks, terms(['hmr', 0], ['overlai', 1]), '')).toBe('Turn the hmr overlay off.');
  });
});
