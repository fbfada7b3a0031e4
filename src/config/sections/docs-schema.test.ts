import { describe, expect, it } from 'vitest';
import { applyTrustRule } from '../apply-trust-rule.js';
import { ConfigSchema } from '../schema.js';
import { docsDirsOf } from '../docs-dirs.js';
import { DEFAULT_DOCS_MAX_PAGE_BYTES, DocsSchema } from './docs-schema.js';

describe('DocsSchema', () => {
  it('defaults to one docs directory, 1 MiB pages and the cache on', () => {
    expect(ConfigSchema.parse({}).docs).toEqual({ dir: 'docs', maxPageBytes: DEFAULT_DOCS_MAX_PAGE_BYTES, cache: true });
  });

  it.each([
    ['a string', 'site/docs', ['site/docs']],
    ['an array', ['docs', 'packages/api/docs'], ['docs', 'packages/api/docs']],
  ])('accepts dir as %s', (_name, dir, dirs) => {
    expect(docsDirsOf(DocsSchema.parse({ dir }).dir)).toEqual(dirs);
  });

  it.each([
    ['an empty string', { dir: '' }],
    ['an empty array', { dir: [] }],
    ['an array with an empty name', { dir: ['docs', ''] }],
    ['a number', { dir: 3 }],
    ['a zero page size', { maxPageBytes: 0 }],
    ['a string for cache', { cache: 'yes' }],
    ['an unknown key', { dirs: ['docs'] }],
  ])('rejects %s', (_name, value) => {
    expect(DocsSchema.safeParse(value).success).toBe(false);
  });
});

describe('the trust rule for docs', () => {
  const lower = ConfigSchema.parse({ docs: { cache: false } });
  const untrusted = (docs: Record<string, unknown>) => applyTrustRule({ workspace: { docs }, lower, file: '.brass-agent.json', isTrusted: false });

  it('ignores a larger page size from an untrusted workspace and keeps a smaller one', () => {
    expect(untrusted({ maxPageBytes: 64 * 1024 * 1024 }).value).toEqual({ docs: {} });
    expect(untrusted({ maxPageBytes: 64 * 1024 * 1024 }).warnings[0]).toMatch(/ignored docs\.maxPageBytes \(raises the limit above 1048576\)/);
    expect(untrusted({ maxPageBytes: 1024 })).toEqual({ value: { docs: { maxPageBytes: 1024 } }, warnings: [] });
  });

  it('ignores turning the cache back on when the user turned it off', () => {
    expect(untrusted({ cache: true }).value).toEqual({ docs: {} });
    expect(untrusted({ cache: true }).warnings[0]).toMatch(/ignored docs\.cache/);
    expect(untrusted({ cache: false })).toEqual({ value: { docs: { cache: false } }, warnings: [] });
  });

  it('applies docs.dir as written: its pages are still read only inside the workspace', () => {
    expect(untrusted({ dir: ['docs', 'handbook'] })).toEqual({ value: { docs: { dir: ['docs', 'handbook'] } }, warnings: [] });
  });
});
