import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from './parse-frontmatter.js';

describe('parseFrontmatter', () => {
  it('reads keywords as a list or a comma-separated string (issue 20)', () => {
    expect(parseFrontmatter('---\nkeywords: [proxy, backend]\n---\nx').frontmatter.keywords).toEqual(['proxy', 'backend']);
    expect(parseFrontmatter('---\nkeywords: reverse proxy, backend ,\n---\nx').frontmatter.keywords).toEqual(['reverse proxy', 'backend']);
    expect(parseFrontmatter('---\ntitle: T\n---\nx').frontmatter.keywords).toEqual([]);
  });

  it('reads title, description and aliases from YAML', () => {
    const parsed = parseFrontmatter('---\ntitle: Install\ndescription: "Set it up"\naliases: [setup, /old/install]\n---\n# Heading\n');
    expect(parsed).toEqual({ frontmatter: { title: 'Install', description: 'Set it up', aliases: ['setup', '/old/install'], keywords: [] }, body: '# Heading\n' });
  });

  it.each([
    ['a single alias string', '---\naliases: setup\n---\nx', ['setup']],
    ['non-string aliases', '---\naliases: [1, {a: b}, null, ok]\n---\nx', ['1', 'ok']],
    ['JSON frontmatter', '---json\n{"title": "J", "aliases": ["j"]}\n---\nx', ['j']],
  ])('reads %s', (_name, text, aliases) => {
    expect(parseFrontmatter(text).frontmatter.aliases).toEqual(aliases);
  });

  it('passes a page without frontmatter through, BOM and all', () => {
    expect(parseFrontmatter('\uFEFF# Only a heading\n')).toEqual({ frontmatter: { aliases: [], keywords: [] }, body: '\uFEFF# Only a heading\n' });
    expect(parseFrontmatter('\uFEFF---\ntitle: B\n---\nbody').frontmatter.title).toBe('B');
  });

  it('reports frontmatter that is not valid YAML and keeps the body after it', () => {
    const parsed = parseFrontmatter('---\ntitle: [unclosed\n  : : bad\n---\n# Real body\n');
    expect(parsed.problem).toMatch(/^frontmatter is not valid YAML/);
    expect(parsed.frontmatter).toEqual({ aliases: [], keywords: [] });
    expect(parsed.body).toBe('# Real body\n');
  });

  it('never evaluates JavaScript frontmatter (gray-matter would eval it)', () => {
    const marker = `BRASS_FRONTMATTER_EVAL_${Date.now()}`;
    const parsed = parseFrontmatter(`---js\n{ title: (globalThis.${marker} = 'ran') }\n---\nbody\n`);
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
    expect(parsed.problem).toMatch(/frontmatter language "js" is not accepted/);
    expect(parsed.body).toBe('body\n');
  });

  it('treats an unclosed block as frontmatter without a body', () => {
    expect(parseFrontmatter('---\ntitle: [\n').body).toBe('');
  });
});
