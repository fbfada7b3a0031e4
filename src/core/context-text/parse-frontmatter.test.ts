import { describe, expect, it } from 'vitest';
import { MAX_FRONTMATTER_BYTES, parseFrontmatter } from './parse-frontmatter.js';

describe('parseFrontmatter', () => {
  it('splits YAML frontmatter from the body', () => {
    expect(parseFrontmatter('---\ndescription: API rules\ncontext:\n  paths: [a.md, "b/*.md"]\n  nested: false\n---\n# API\n')).toEqual({
      data: { description: 'API rules', context: { paths: ['a.md', 'b/*.md'], nested: false } },
      body: '# API\n',
    });
  });

  it('accepts CRLF line ends and a BOM', () => {
    expect(parseFrontmatter('\uFEFF---\r\ndescription: x\r\n---\r\nbody')).toEqual({ data: { description: 'x' }, body: 'body' });
  });

  it('returns the whole text when there is no frontmatter', () => {
    expect(parseFrontmatter('# Title\n---\nnot: frontmatter\n')).toEqual({ data: {}, body: '# Title\n---\nnot: frontmatter\n' });
  });

  it('never evaluates a ---js block (gray-matter would run it)', () => {
    const marker = '__brassFrontmatterEvaluated';
    const text = `---js\n{ description: (globalThis.${marker} = true, 'x') }\n---\nbody\n`;
    const parsed = parseFrontmatter(text);
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
    expect(parsed).toEqual({ data: {}, body: text });
  });

  const broken: [name: string, text: string, error: RegExp][] = [
    ['invalid YAML', '---\npaths: [a\n---\nbody', /invalid YAML frontmatter/],
    ['a list instead of a mapping', '---\n- a\n- b\n---\nbody', /not a mapping/],
    ['a scalar', '---\njust text\n---\nbody', /not a mapping/],
    ['no closing line', '---\ndescription: x\nbody', /no closing/],
    ['an oversized block', `---\ndescription: ${'x'.repeat(MAX_FRONTMATTER_BYTES)}\n---\nbody`, /larger than/],
  ];
  it.each(broken)('reports %s without throwing', (_name, text, error) => {
    const parsed = parseFrontmatter(text);
    expect(parsed.data).toEqual({});
    expect(parsed.error).toMatch(error);
  });

  it('keeps YAML safe: no custom tags', () => {
    expect(parseFrontmatter('---\nx: !!js/function "function () { return 1 }"\n---\n').error).toMatch(/invalid YAML/);
  });
});
