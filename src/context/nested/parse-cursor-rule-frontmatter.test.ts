import { describe, expect, it } from 'vitest';
import { parseCursorRuleFrontmatter } from './parse-cursor-rule-frontmatter.js';

// Issue 18, item 7: Cursor rules' frontmatter, which is not YAML.

describe('parseCursorRuleFrontmatter', () => {
  const valid: [text: string, fields: Record<string, unknown>][] = [
    ['---\ndescription: API rules\nglobs:\nalwaysApply: false\n---\n', { description: 'API rules', globs: [], alwaysApply: false }],
    ['---\nglobs: **/*.ts, src/**/*.{js,jsx}\n---\n', { globs: ['**/*.ts', 'src/**/*.{js,jsx}'] }],
    ['---\nglobs: ["src/api/**", \'lib/*.ts\']\n---\n', { globs: ['src/api/**', 'lib/*.ts'] }],
    ['---\nglobs:\n  - src/**\n  - "docs/*.md"\nalwaysApply: True\n---\n', { globs: ['src/**', 'docs/*.md'], alwaysApply: true }],
    ['---\ndescription: "Quoted: with a colon"\nglobs: *.tsx # components\n# a comment line\nname: ignored\n---\n', { description: 'Quoted: with a colon', globs: ['*.tsx'] }],
    ['no frontmatter at all\n', { globs: [] }],
  ];
  it.each(valid)('reads %j', (text, fields) => {
    const parsed = parseCursorRuleFrontmatter(text);
    expect(parsed.error).toBeUndefined();
    expect(parsed.fields).toEqual(fields);
  });

  it('returns the body after the frontmatter', () => {
    expect(parseCursorRuleFrontmatter('---\nalwaysApply: true\n---\n# Rule\nUse zod.\n').body).toBe('# Rule\nUse zod.\n');
  });

  const broken: [text: string, error: string][] = [
    ['---\nglobs: *.ts\n', 'the frontmatter block has no closing --- line'],
    ['---\nglobs *.ts\n---\n', 'frontmatter line 1 is not "key: value"'],
    ['---\nalwaysApply: yes\n---\n', 'alwaysApply must be true or false, not "yes"'],
    ['---\nglobs: a\nglobs: b\n---\n', 'frontmatter line 2: globs is given twice'],
    [`---\ndescription: ${'x'.repeat(20_000)}\n---\n`, 'the frontmatter block is larger than 16384 bytes'],
  ];
  it.each(broken)('refuses %j without throwing', (text, error) => {
    expect(parseCursorRuleFrontmatter(text)).toMatchObject({ fields: { globs: [] }, error });
  });
});
