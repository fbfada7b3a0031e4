import { describe, expect, it } from 'vitest';
import { inlineToPlain } from './inline-to-plain.js';
import { scanMarkdown } from './scan-markdown.js';

describe('inlineToPlain', () => {
  it.each([
    ['Use [`defineConfig`](./config#intellisense) for **types**', 'Use defineConfig for types'],
    ['![logo](/logo.svg "Logo") and [ref link][1]', 'logo and ref link'],
    ['<ScrimbaLink href="x">Watch a lesson</ScrimbaLink>', 'Watch a lesson'],
    ['a <!-- hidden --> b', 'a b'],
    ['keep snake_case but not _emphasis_ or *this*', 'keep snake_case but not emphasis or this'],
    ['`<div>` stays literal in code', '<div> stays literal in code'],
    ['AT&amp;T &lt;tag&gt; &#39;x&#39;', "AT&T <tag> 'x'"],
    ['[data:](<https://example.com/(not recommended)>) source', 'data: source'],
    ['<https://vite.dev>', 'https://vite.dev'],
    // Issue 20: an escaped `<` is text, not the start of a tag (VitePress's `# \<script setup>` page).
    ['\\<script setup>', '<script setup>'],
    ['\\*not emphasis\\* and 2 \\< 3', '*not emphasis* and 2 < 3'],
    ['Notes {{< hint type="warning" >}}careful{{< /hint >}} {{% include "x.md" %}}', 'Notes careful'],
  ])('renders %j as %j', (markdown, plain) => {
    expect(inlineToPlain(markdown)).toBe(plain);
  });

  it('collects the content of code spans', () => {
    const spans: string[] = [];
    inlineToPlain('Set `server.hmr` or ``a `b` c``.', spans);
    expect(spans).toEqual(['server.hmr', 'a `b` c']);
  });
});

describe('scanMarkdown', () => {
  it('separates headings, prose and code blocks, in order', () => {
    const scanned = scanMarkdown(
      [
        '# Server Options {#server}',
        '',
        'Intro with `server.port`.',
        '',
        '## server.hmr <Badge />',
        '',
        '```js [vite.config.js]',
        '# not a heading',
        'export default {}',
        '```',
        '',
        'Setext Title',
        '============',
        '~~~',
        'unclosed fence runs to the end',
      ].join('\n'),
    );
    expect(scanned.blocks).toEqual([
      { kind: 'heading', text: 'Server Options', depth: 1, anchor: 'server', offset: 0 },
      { kind: 'prose', text: 'Intro with server.port.' },
      { kind: 'heading', text: 'server.hmr', depth: 2, anchor: 'serverhmr', offset: 55 },
      { kind: 'code', text: '# not a heading\nexport default {}' },
      { kind: 'heading', text: 'Setext Title', depth: 1, anchor: 'setext-title', offset: 142 },
      { kind: 'code', text: 'unclosed fence runs to the end' },
    ]);
    expect(scanned.codeSpans).toEqual(['server.port']);
  });

  it('makes each list item and table its own block, without markers', () => {
    const scanned = scanMarkdown(['- first item', '  continued', '2. second', '', '| a | b |', '|---|:-:|', '| c | d |', '', '> quoted *text*'].join('\n'));
    expect(scanned.blocks.map((block) => block.text)).toEqual(['first item continued', 'second', 'a b', 'c d', 'quoted text']);
  });

  it('skips comments, script and style blocks, containers and thematic breaks', () => {
    const scanned = scanMarkdown(
      ['<script setup>', "import X from './x.vue'", '</script>', '<!--', 'secret note', '-->', '::: tip NOTE', 'Visible tip.', ':::', '---', '<style>', '.a { color: red }', '</style>', 'End.'].join('\n'),
    );
    expect(scanned.blocks.map((block) => block.text)).toEqual(['Visible tip.', 'End.']);
  });

  it('drops top-level MDX import and export lines only in MDX', () => {
    const source = ["import { Tabs } from '@theme/Tabs';", '', 'export const meta = {};', '', 'Text.'].join('\n');
    expect(scanMarkdown(source, { isMdx: true }).blocks.map((block) => block.text)).toEqual(['Text.']);
    expect(scanMarkdown(source).blocks).toHaveLength(3);
  });

  it('gives each heading its anchor: an explicit {#id}, else its slug, repeats numbered, with the offset its section starts at', () => {
    const body = '# Guide\n\n## Options\n\nA.\n\n## Options\n\nB.\n\n## Custom {#my-id}\n\n## Custom {#my-id}\n\n## \\<script setup> {{< badge >}}\n';
    const headings = scanMarkdown(body).blocks.filter((block) => block.kind === 'heading');
    expect(headings.map((block) => [block.text, block.anchor])).toEqual([
      ['Guide', 'guide'],
      ['Options', 'options'],
      ['Options', 'options-1'],
      ['Custom', 'my-id'],
      ['Custom', 'my-id-1'],
      ['<script setup>', 'script-setup'],
    ]);
    expect(headings.map((block) => body.slice(block.offset, body.indexOf('\n', block.offset)))).toEqual([
      '# Guide',
      '## Options',
      '## Options',
      '## Custom {#my-id}',
      '## Custom {#my-id}',
      '## \\<script setup> {{< badge >}}',
    ]);
  });

  it('reads CRLF line endings like LF', () => {
    expect(scanMarkdown('# Title\r\n\r\nBody text.\r\n').blocks).toEqual([
      { kind: 'heading', text: 'Title', depth: 1, anchor: 'title', offset: 0 },
      { kind: 'prose', text: 'Body text.' },
    ]);
  });
});
