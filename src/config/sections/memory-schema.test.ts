import { describe, expect, it } from 'vitest';
import { applyTrustRule } from '../apply-trust-rule.js';
import { ConfigSchema } from '../schema.js';
import { DEFAULT_MEMORY_MAX_BYTES, DEFAULT_MEMORY_MAX_ENTRIES, MemorySchema } from './memory-schema.js';

describe('MemorySchema', () => {
  it('defaults to memory on, bounded, asking before each write', () => {
    expect(ConfigSchema.parse({}).memory).toEqual({ enabled: true, maxEntries: DEFAULT_MEMORY_MAX_ENTRIES, maxBytes: DEFAULT_MEMORY_MAX_BYTES, autoApprove: false });
  });

  it.each([
    ['a zero maxEntries', { maxEntries: 0 }],
    ['a fractional maxBytes', { maxBytes: 1.5 }],
    ['a string for autoApprove', { autoApprove: 'yes' }],
    ['an unknown key', { max: 3 }],
  ])('rejects %s', (_name, value) => {
    expect(MemorySchema.safeParse(value).success).toBe(false);
  });
});

describe('the trust rule for memory', () => {
  const lower = ConfigSchema.parse({});
  const untrusted = (memory: Record<string, unknown>) => applyTrustRule({ workspace: { memory }, lower, file: '.brass-agent.json', isTrusted: false });

  it('ignores autoApprove from an untrusted workspace, naming the key', () => {
    const result = untrusted({ autoApprove: true });
    expect(result.value).toEqual({ memory: {} });
    expect(result.warnings[0]).toMatch(/memory\.autoApprove.*lets the agent write memory without asking/);
  });

  it('lets an untrusted workspace turn memory off and lower its bounds, not raise them', () => {
    expect(untrusted({ enabled: false, maxEntries: 10 })).toEqual({ value: { memory: { enabled: false, maxEntries: 10 } }, warnings: [] });
    expect(untrusted({ maxBytes: DEFAULT_MEMORY_MAX_BYTES * 2 }).value).toEqual({ memory: {} });
  });

  it('applies autoApprove from a trusted workspace', () => {
    expect(applyTrustRule({ workspace: { memory: { autoApprove: true } }, lower, file: '.brass-agent.json', isTrusted: true }).value).toEqual({ memory: { autoApprove: true } });
  });
});
