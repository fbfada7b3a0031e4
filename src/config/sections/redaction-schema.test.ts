import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../core/index.js';
import { applyTrustRule } from '../apply-trust-rule.js';
import { ConfigError } from '../config-error.js';
import { type LoadConfigInput, loadConfig } from '../load-config.js';
import { ConfigSchema } from '../schema.js';

const WORKSPACE_ROOT = '/home/u/project';
const USER_PATH = '/home/u/.config/brass-agent/config.json';
const FILE = '.brass-agent.json';

const user = (value: Record<string, unknown>) => ({ path: USER_PATH, text: JSON.stringify(value) });
const workspace = (value: Record<string, unknown>) => ({ path: FILE, text: JSON.stringify(value) });
const load = (input: Partial<LoadConfigInput>) => loadConfig({ workspaceRealPath: WORKSPACE_ROOT, ...input });

function errorLines(input: Partial<LoadConfigInput>): string[] {
  try {
    load(input);
  } catch (error) {
    expect(ConfigError.isInstance(error)).toBe(true);
    return (error as ConfigError).message.split('\n');
  }
  throw new Error('loadConfig did not throw');
}

describe('redaction config section', () => {
  it('defaults to enabled with no extra or allowed patterns, ready for createRedactor', () => {
    const config = ConfigSchema.parse({});
    expect(config.redaction).toEqual({ enabled: true, additionalPatterns: [], allowPatterns: [] });
    expect(createRedactor(config.redaction).isEnabled).toBe(true);
  });

  it.each([
    ['additionalPatterns', '(a+)+$', 'unsafe pattern: unbounded repetition "+" at 2: use a bounded one such as {1,64}, got "(a+)+$"'],
    ['additionalPatterns', 'acme_[a-z]{1,}', 'unsafe pattern: unbounded repetition "{1,}" at 10: give an upper bound such as {1,64}, got "acme_[a-z]{1,}"'],
    ['allowPatterns', '(x', 'unsafe pattern: not a valid regular expression'],
    ['allowPatterns', '(a|b){2,8}', 'unsafe pattern: nested repetition at 5'],
  ])('rejects redaction.%s = [%j] naming the file, the key and the problem', (key, pattern, message) => {
    const lines = errorLines({ workspace: workspace({ redaction: { [key]: [pattern] } }) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${FILE}: redaction.${key}[0]: ${message}`);
  });

  it('ignores an untrusted workspace turning redaction off or allowing secrets through, with a warning each', () => {
    const loaded = load({ workspace: workspace({ redaction: { enabled: false, allowPatterns: ['sk_test_[A-Za-z0-9]{24,99}'], additionalPatterns: ['acme_[a-z0-9]{32}'] } }) });
    expect(loaded.config.redaction).toEqual({ enabled: true, allowPatterns: [], additionalPatterns: ['acme_[a-z0-9]{32}'] });
    expect(loaded.warnings).toEqual([
      `${FILE}: ignored redaction.enabled (turns secret redaction off): this workspace is not trusted; run \`brass-agent trust\` to trust it`,
      `${FILE}: ignored redaction.allowPatterns (lets matching secrets through unredacted): this workspace is not trusted; run \`brass-agent trust\` to trust it`,
    ]);
  });

  it('applies the same workspace settings once the workspace is trusted', () => {
    const loaded = load({
      user: user({ trustedWorkspaces: [WORKSPACE_ROOT] }),
      workspace: workspace({ redaction: { enabled: false, allowPatterns: ['sk_test_[A-Za-z0-9]{24,99}'] } }),
    });
    expect(loaded.config.redaction).toMatchObject({ enabled: false, allowPatterns: ['sk_test_[A-Za-z0-9]{24,99}'] });
    expect(loaded.warnings).toEqual([]);
  });

  it('keeps an untrusted workspace value that narrows: enabled true, or allow patterns the user already has', () => {
    const lower = ConfigSchema.parse({ redaction: { allowPatterns: ['a{3}', 'b{3}'] } });
    const value = { redaction: { enabled: true, allowPatterns: ['a{3}'] } };
    expect(applyTrustRule({ workspace: value, lower, file: FILE, isTrusted: false })).toEqual({ value, warnings: [] });
  });

  it('accumulates additional patterns across layers, so a repository cannot drop the user\'s', () => {
    const loaded = load({
      user: user({ redaction: { additionalPatterns: ['corp_[A-Z0-9]{20}'] } }),
      workspace: workspace({ redaction: { additionalPatterns: ['acme_[a-z0-9]{32}'] } }),
    });
    expect(loaded.config.redaction.additionalPatterns).toEqual(['corp_[A-Z0-9]{20}', 'acme_[a-z0-9]{32}']);
    expect(loaded.sources['redaction.additionalPatterns']).toBe(`user:${USER_PATH}, workspace:${FILE}`);
  });
});
