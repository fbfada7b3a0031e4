import { describe, expect, it } from 'vitest';
import { applyTrustRule } from '../apply-trust-rule.js';
import { ConfigSchema } from '../schema.js';

// Issue 5: the guidance, contextDiscovery, agents and flows sections, the
// context.paths key, and the trust rule for the keys that could widen reads.

describe('context sections of the config schema', () => {
  it('defaults every new key', () => {
    const config = ConfigSchema.parse({});
    expect(config.guidance).toEqual({ fileNames: ['AGENTS.override.md', 'AGENTS.md', 'CLAUDE.md', 'GEMINI.md'], rootMarkers: ['.git'], maxBytes: 32768 });
    expect(config.contextDiscovery).toEqual({ enabled: true, maxFiles: 100, maxDepth: 8, maxFileBytes: 32768, maxSessionBytes: 131072 });
    expect(config.context.paths).toBeUndefined();
    expect(config.context.maxScopedBytes).toBe(32768);
    expect(config.agents).toEqual({});
    expect(config.flows).toEqual({});
  });

  it('accepts agents and flows with scoped context, extends and any mode string', () => {
    const config = ConfigSchema.parse({
      context: { paths: ['docs/overview.md'] },
      agents: { reviewer: { description: 'Reviews', context: { paths: [], mode: 'append', nested: false } } },
      flows: { release: { context: { paths: ['RELEASING.md'] }, steps: [{ name: 'check', extends: 'ci.lint', context: { mode: 'merge' } }] } },
    });
    expect(config.agents.reviewer?.context).toEqual({ paths: [], mode: 'append', nested: false });
    expect(config.flows.release?.steps[0]).toEqual({ name: 'check', extends: 'ci.lint', context: { mode: 'merge' } });
  });

  const invalid: [name: string, input: unknown][] = [
    ['a file name with a slash', { guidance: { fileNames: ['../../.ssh/id_rsa'] } }],
    ['a file name ..', { guidance: { fileNames: ['..'] } }],
    ['an empty list of file names', { guidance: { fileNames: [] } }],
    ['a root marker with a separator', { guidance: { rootMarkers: ['a/.git'] } }],
    ['maxDepth 0', { contextDiscovery: { maxDepth: 0 } }],
    ['an agent name with a path', { agents: { '../x': {} } }],
    ['an unknown key in an agent context', { agents: { a: { context: { path: ['x'] } } } }],
    ['an empty path entry', { context: { paths: [''] } }],
    ['a duplicate step name', { flows: { f: { steps: [{ name: 'a' }, { name: 'a' }] } } }],
    ['a step extends with a path', { flows: { f: { steps: [{ name: 'a', extends: '../b' }] } } }],
    ['nested as a string', { flows: { f: { steps: [{ name: 'a', context: { nested: 'no' } }] } } }],
  ];
  it.each(invalid)('rejects %s', (_name, input) => {
    expect(ConfigSchema.safeParse(input).success).toBe(false);
  });
});

describe('trust rule for context keys', () => {
  const lower = ConfigSchema.parse({});
  const widening: [keyPath: string, workspace: Record<string, unknown>][] = [
    ['guidance.fileNames', { guidance: { fileNames: ['AGENTS.md', 'config.json'] } }],
    ['guidance.rootMarkers', { guidance: { rootMarkers: ['.git', 'home'] } }],
    ['guidance.maxBytes', { guidance: { maxBytes: 10_000_000 } }],
    ['contextDiscovery.maxFiles', { contextDiscovery: { maxFiles: 100_000 } }],
    ['contextDiscovery.maxSessionBytes', { contextDiscovery: { maxSessionBytes: 100_000_000 } }],
    ['context.maxScopedBytes', { context: { maxScopedBytes: 100_000_000 } }],
  ];
  it.each(widening)('ignores a widening %s in an untrusted workspace', (keyPath, workspace) => {
    const result = applyTrustRule({ workspace, lower, file: '.brass-agent.json', isTrusted: false });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain(`ignored ${keyPath}`);
    expect(applyTrustRule({ workspace, lower, file: '.brass-agent.json', isTrusted: true }).warnings).toEqual([]);
  });

  const harmless: Record<string, unknown>[] = [
    { guidance: { fileNames: ['AGENTS.md'], maxBytes: 1000 } },
    { contextDiscovery: { enabled: false, maxFiles: 10, maxDepth: 2 } },
    { context: { paths: ['docs/**/*.md'] } },
    { agents: { reviewer: { context: { paths: ['docs/review.md'] } } } },
  ];
  it.each(harmless)('keeps %j in an untrusted workspace', (workspace) => {
    expect(applyTrustRule({ workspace, lower, file: '.brass-agent.json', isTrusted: false })).toEqual({ value: workspace, warnings: [] });
  });
});
