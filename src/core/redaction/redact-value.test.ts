import { describe, expect, it } from 'vitest';
import { FakeRandom, fakeSecret } from '../../../test/support/fake-secrets.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { createRedactor } from './create-redactor.js';

const random = new FakeRandom(303);
const redactor = createRedactor({ env: {} });

describe('redactor.redactValue', () => {
  it('redacts strings at any depth, keeps keys, other values and the shape, and says where', () => {
    const token = fakeSecret(random, 'github-classic').value;
    const event = {
      version: 1,
      type: 'tool-result',
      ok: true,
      output: { lines: ['ok', `pushed with ${token}`], exitCode: 0, empty: null },
      'odd key': `GITHUB_TOKEN=${token}`,
    };
    const { value, findings } = redactor.redactValue(event);
    expect(value).toEqual({
      version: 1,
      type: 'tool-result',
      ok: true,
      output: { lines: ['ok', 'pushed with [REDACTED:github-token]'], exitCode: 0, empty: null },
      'odd key': 'GITHUB_TOKEN=[REDACTED:github-token]',
    });
    expect(findings).toEqual([
      { path: '$.output.lines[1]', kind: 'github-token' },
      { path: '$["odd key"]', kind: 'github-token' },
    ]);
    expect(event.output.lines[1]).toContain(token);
  });

  it('redacts a whole string under a secret-named key, which the text alone would not reveal', () => {
    const { value, findings } = redactor.redactValue({ db: { host: 'db', password: 'S3cure-Pa55_x9' }, apiKey: 'a81f9c2e77d04b1e90', note: 'S3cure-Pa55_x9' });
    expect(value).toEqual({ db: { host: 'db', password: '[REDACTED:password]' }, apiKey: '[REDACTED:secret]', note: 'S3cure-Pa55_x9' });
    expect(findings.map((finding) => finding.path)).toEqual(['$.db.password', '$.apiKey']);
  });

  it('keeps placeholders under secret-named keys', () => {
    const value = { password: 'changeme', token: '${TOKEN}', apiKey: '' };
    expect(redactor.redactValue(value)).toEqual({ value, findings: [] });
  });

  it('returns non-plain objects unchanged', () => {
    const date = new Date(0);
    expect(redactor.redactValue({ at: date }).value.at).toBe(date);
  });

  it('refuses a cycle instead of recursing forever', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(() => redactor.redactValue(cyclic)).toThrow(InvalidInputError);
    expect(() => redactor.redactValue(cyclic)).toThrow('contains a cycle at $.self');
  });

  it('refuses nesting deeper than the limit', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 300; level += 1) deep = [deep];
    expect(() => redactor.redactValue(deep)).toThrow('nested deeper than 256 levels');
  });
});
