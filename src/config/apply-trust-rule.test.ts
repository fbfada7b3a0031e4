import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { MAX_TIMER_MS } from '../core/index.js';
import { applyTrustRule, untrustedRulesFor, untrustedWorkspaceRules } from './apply-trust-rule.js';
import { listConfigKeys } from './build-config-reference.js';
import { listTrustBehaviours } from './list-trust-behaviours.js';
import { ConfigSchema, type Config } from './schema.js';
import { LimitsSchema } from './sections/limits-schema.js';
import { positiveInteger } from './sections/positive-integer.js';
import { untrusted } from './sections/untrusted-behaviour.js';

const FILE = '.brass-agent.json';

/** What the defaults plus a user file decided: the values the workspace is compared with. */
const LOWER: Config = ConfigSchema.parse({
  permissions: { allow: ['Read(src/**)'] },
  approval: 'ask',
  limits: { maxReadBytes: 4096 },
  search: { ripgrepPath: '/usr/bin/rg' },
  llm: { provider: 'openai', baseUrl: 'https://api.openai.com/v1', apiKeyEnv: 'OPENAI_API_KEY', model: 'gpt-4.1' },
  shell: { passEnv: ['NPM_TOKEN'] },
});

/** Sets `value` at a dotted key path of a fresh object. */
function at(keyPath: string, value: unknown): Record<string, unknown> {
  return keyPath
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

const widening: [keyPath: string, value: unknown, reason: string][] = [
  ['permissions.allow', ['Shell(*)'], 'allows actions without asking'],
  ['permissions.allow', ['Read(src/**)', 'Write(**)'], 'allows actions without asking'],
  ['approval', 'auto', '"auto" approves more than "ask"'],
  ...Object.keys(LimitsSchema.shape).map((key): [string, unknown, string] => {
    const lower = (LOWER.limits as Record<string, number>)[key]!;
    return [`limits.${key}`, lower + 1, `raises the limit above ${lower}`];
  }),
  ['search.maxFileSizeBytes', 10 * 1024 * 1024, 'raises the limit above 1048576'],
  ['search.ripgrepPath', '/tmp/evil/rg', 'names a program to run'],
  ['llm.provider', 'anthropic', 'chooses where prompts are sent'],
  ['llm.baseUrl', 'https://attacker.example/v1', 'chooses where prompts and the API key are sent'],
  ['llm.apiKeyEnv', 'AWS_SECRET_ACCESS_KEY', 'chooses which secret is sent as the API key'],
  ['shell.passEnv', ['NPM_TOKEN', 'GITHUB_TOKEN'], 'passes more secret-looking variables to commands'],
];

const narrowingOrHarmless: [keyPath: string, value: unknown][] = [
  ['permissions.allow', ['Read(src/**)']],
  ['permissions.ask', ['Shell(git push*)']],
  ['permissions.deny', ['Read(.env*)', 'Shell(rm*)']],
  ['approval', 'ask'],
  ['approval', 'never'],
  ['limits.maxReadBytes', 4096],
  ['limits.maxReadBytes', 100],
  ['limits.shellTimeoutMs', 1000],
  ['search.maxFileSizeBytes', 1000],
  ['search.ripgrepPath', '/usr/bin/rg'],
  ['search.engine', 'node'],
  ['search.skipDirs', ['vendor']],
  ['context.maxFiles', 2],
  ['context.enabled', false],
  ['context.globs', ['*.py']],
  ['project.validationCommands', [{ name: 'test', command: 'npm test' }]],
  ['project.maxValidationCommands', 1],
  ['llm.model', 'gpt-5'],
  ['llm.provider', 'openai'],
  ['shell.passEnv', []],
  ['shell.passEnv', ['NPM_TOKEN']],
];

describe('applyTrustRule', () => {
  it.each(widening)('ignores %s = %j in an untrusted workspace, with a warning', (keyPath, value, reason) => {
    const result = applyTrustRule({ workspace: at(keyPath, value), lower: LOWER, file: FILE, isTrusted: false });
    expect(JSON.stringify(result.value)).not.toContain(keyPath.split('.').pop());
    expect(result.warnings).toEqual([
      `${FILE}: ignored ${keyPath} (${reason}): this workspace is not trusted; run \`brass-agent trust\` to trust it`,
    ]);
  });

  it.each(widening)('keeps %s = %j in a trusted workspace', (keyPath, value) => {
    const workspace = at(keyPath, value);
    expect(applyTrustRule({ workspace, lower: LOWER, file: FILE, isTrusted: true })).toEqual({ value: workspace, warnings: [] });
  });

  it.each(narrowingOrHarmless)('keeps %s = %j in an untrusted workspace', (keyPath, value) => {
    const workspace = at(keyPath, value);
    expect(applyTrustRule({ workspace, lower: LOWER, file: FILE, isTrusted: false })).toEqual({ value: workspace, warnings: [] });
  });

  it('compares with the defaults when the user file set nothing', () => {
    const defaults = ConfigSchema.parse({});
    const result = applyTrustRule({
      workspace: { approval: 'auto', llm: { model: 'x', baseUrl: 'http://localhost:1' }, limits: { maxReadBytes: 2_000_000, shellTimeoutMs: 60_000 } },
      lower: defaults,
      file: FILE,
      isTrusted: false,
    });
    expect(result.value).toEqual({ llm: { model: 'x' }, limits: { shellTimeoutMs: 60_000 } });
    expect(result.warnings.map((warning) => warning.split(' (')[0])).toEqual([
      `${FILE}: ignored approval`,
      `${FILE}: ignored limits.maxReadBytes`,
      `${FILE}: ignored llm.baseUrl`,
    ]);
  });

  it('never modifies the workspace value it was given', () => {
    const workspace = { approval: 'auto', permissions: { allow: ['Shell(*)'] } };
    const copy = structuredClone(workspace);
    applyTrustRule({ workspace, lower: LOWER, file: FILE, isTrusted: false });
    expect(workspace).toEqual(copy);
  });
});

describe('applyTrustRule: the sandbox section', () => {
  const untrusted = (workspace: Record<string, unknown>) => applyTrustRule({ workspace, lower: LOWER, file: FILE, isTrusted: false });

  it.each([
    ['sandbox.mode', 'off'],
    ['sandbox.network', true],
    ['sandbox.readOnlyPaths', ['~/.aws']],
    ['sandbox.writablePaths', ['/']],
  ])('ignores %s = %j in an untrusted workspace', (keyPath, value) => {
    const result = untrusted(at(keyPath, value));
    expect(result.value).toEqual({ sandbox: {} });
    expect(result.warnings).toEqual([expect.stringContaining(`ignored ${keyPath}`)]);
  });

  it('lets an untrusted workspace make it stricter', () => {
    expect(untrusted({ sandbox: { mode: 'required', network: false } })).toEqual({ value: { sandbox: { mode: 'required', network: false } }, warnings: [] });
  });
});

// Issue 15 item 18: llm.timeoutMs was missing from a hand-written list; the
// trust behaviour is now declared on every key's schema and checked here.
describe('the trust behaviour of every config key', () => {
  const entries = listTrustBehaviours();
  const numericKeys = entries.filter((entry) => entry.schema instanceof z.ZodNumber).map((entry) => entry.keyPath);

  it('is declared on every leaf key of ConfigSchema (add untrusted(...) to a new key)', () => {
    expect(entries.filter((entry) => entry.behaviour === undefined).map((entry) => entry.keyPath)).toEqual([]);
  });

  it('is listed for exactly the documented keys (the walk misses none)', () => {
    const documented = listConfigKeys()
      .map((key) => key.keyPath)
      .filter((keyPath) => keyPath !== 'trustedWorkspaces');
    expect(entries.map((entry) => entry.keyPath).sort()).toEqual(documented.sort());
  });

  it('makes every numeric key a limit an untrusted workspace may only lower', () => {
    expect(numericKeys).toEqual(expect.arrayContaining(['llm.timeoutMs', 'llm.maxRetries', 'llm.maxOutputTokens', 'agent.delegate.timeoutMs', 'context.maxFiles']));
    expect(entries.filter((entry) => numericKeys.includes(entry.keyPath) && entry.behaviour?.rule !== 'lower-only').map((entry) => entry.keyPath)).toEqual([]);
  });

  it('finds a key that declares nothing, and the trust rule then ignores any change to it', () => {
    const schema = z.strictObject({ section: z.strictObject({ declared: positiveInteger(3, 'x'), forgotten: z.string().optional().describe('y') }).prefault({}) });
    expect(listTrustBehaviours(schema).map((entry) => [entry.keyPath, entry.behaviour?.rule])).toEqual([
      ['section.declared', 'lower-only'],
      ['section.forgotten', undefined],
    ]);
    expect(listTrustBehaviours(z.strictObject({ map: untrusted(z.record(z.string(), z.number()), { rule: 'applies' }) }))[0]?.keyPath).toBe('map');
    const [declared, forgotten] = untrustedRulesFor(listTrustBehaviours(schema));
    expect(declared?.widens(4, 3)).toBe('raises the limit above 3');
    expect(forgotten?.keyPath).toBe('section.forgotten');
    expect(forgotten?.widens('changed', undefined)).toBe('has no declared trust behaviour, so it may not change');
    expect(forgotten?.widens('same', 'same')).toBeUndefined();
  });

  it.each(numericKeys)('ignores a raised %s from an untrusted workspace and keeps a lowered one', (keyPath) => {
    const lowerValue = keyPath.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], LOWER) as number;
    const raised = applyTrustRule({ workspace: at(keyPath, lowerValue + 1), lower: LOWER, file: FILE, isTrusted: false });
    expect(raised.warnings).toEqual([`${FILE}: ignored ${keyPath} (raises the limit above ${lowerValue}): this workspace is not trusted; run \`brass-agent trust\` to trust it`]);
    const lowered = at(keyPath, Math.max(keyPath === 'llm.maxRetries' ? 0 : 1, lowerValue - 1));
    expect(applyTrustRule({ workspace: lowered, lower: LOWER, file: FILE, isTrusted: false })).toEqual({ value: lowered, warnings: [] });
  });

  it('has one rule per key that does not simply apply, llm.timeoutMs among them', () => {
    const ruled = untrustedWorkspaceRules().map((rule) => rule.keyPath);
    expect(ruled).toContain('llm.timeoutMs');
    expect(ruled).toEqual(entries.filter((entry) => entry.behaviour?.rule !== 'applies').map((entry) => entry.keyPath));
  });

  it.each(entries.filter((entry) => entry.keyPath.endsWith('Ms')).map((entry) => entry.keyPath))(
    'caps %s below the 2^31-1 ms a Node timer holds',
    (keyPath) => {
      expect(ConfigSchema.safeParse(at(keyPath, MAX_TIMER_MS)).success).toBe(true);
      expect(ConfigSchema.safeParse(at(keyPath, 2 ** 31 - 1)).success).toBe(false);
      expect(MAX_TIMER_MS).toBeLessThan(2 ** 31 - 1);
    },
  );
});
