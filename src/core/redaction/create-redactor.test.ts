import { describe, expect, it } from 'vitest';
import { FAKE_SECRET_GENERATORS, FakeRandom, buildFakeSecretCorpus, fakeJwt, fakePemKey, fakeSecret } from '../../../test/support/fake-secrets.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { createRedactor } from './create-redactor.js';
import { containsRedactionMarker } from './redaction-marker.js';

const random = new FakeRandom(1010);

describe('createRedactor', () => {
  const { samples, env } = buildFakeSecretCorpus(77);
  const redactor = createRedactor({ env });

  it('has a corpus of at least 200 fake secrets covering every detector family', () => {
    expect(samples.length).toBeGreaterThanOrEqual(200);
    expect(new Set(samples.map((sample) => sample.secret.detector))).toEqual(new Set([...Object.keys(FAKE_SECRET_GENERATORS), 'environment-value']));
  });

  it.each(samples.map((sample) => [sample.secret.detector, sample.setting, sample] as const))(
    'redacts a fake %s in %s with its kind',
    (_detector, _setting, sample) => {
      const result = redactor.redact(sample.text);
      for (const piece of sample.secret.mustVanish) expect(result.text).not.toContain(piece);
      expect(result.text).toContain(`[REDACTED:${sample.secret.kind}]`);
      expect(result.findings.map((finding) => finding.kind)).toContain(sample.secret.kind);
    },
  );

  it('keeps line numbers: a multi-line secret leaves as many line breaks, and findings name their line', () => {
    const { pem } = fakePemKey(random);
    const token = fakeSecret(random, 'npm-token').value;
    const text = `line one\n${pem}\nline after key\nNPM=${token}\n`;
    const result = createRedactor().redact(text);
    expect(result.text.split('\n')).toHaveLength(text.split('\n').length);
    expect(result.text.split('\n')[pem.split('\n').length + 1]).toBe('line after key');
    expect(result.findings.map(({ kind, line }) => ({ kind, line }))).toEqual([
      { kind: 'private-key', line: 2 },
      { kind: 'npm-token', line: pem.split('\n').length + 3 },
    ]);
  });

  it('reports offsets into the original text and never the secret itself', () => {
    const jwt = fakeJwt(random);
    const text = `Authorization header was: ${jwt}`;
    const [finding] = createRedactor().redact(text).findings;
    expect(finding).toEqual({ kind: 'jwt', start: text.indexOf(jwt), end: text.length, line: 1 });
    expect(JSON.stringify(finding)).not.toContain(jwt.slice(0, 20));
  });

  it('names a span found by several detectors after the most specific one', () => {
    const token = fakeSecret(random, 'github-classic').value;
    expect(createRedactor({ env: { GITHUB_TOKEN: token } }).redact(`GITHUB_TOKEN=${token}`).text).toBe('GITHUB_TOKEN=[REDACTED:github-token]');
  });

  it('is idempotent: redacted text has nothing left to redact', () => {
    const once = redactor.redact(samples.map((sample) => sample.text).join('\n'));
    expect(once.findings.length).toBeGreaterThanOrEqual(samples.length);
    expect(containsRedactionMarker(once.text)).toBe(true);
    expect(redactor.redact(once.text)).toEqual({ text: once.text, findings: [] });
  });

  it('leaves ordinary code, config and logs unchanged', () => {
    const text = [
      'const token = tokenizer.next();',
      'if (password.length < MIN_PASSWORD_LENGTH) throw new Error("Password is too short");',
      'export const SECRET_NAME = "db-password";',
      'headers: { Authorization: `Bearer ${token}` },',
      'ssh-keygen -t ed25519 -C "you@example.com"',
      '"js-tokens": "^8.0.2",',
      'connect to https://api.github.com/repos/x/y with credentials: "same-origin"',
      '2024-05-14 INFO user alice logged in (session 42)',
      ' * Finds blocks from `-----BEGIN RSA PRIVATE KEY-----` ... to `-----END RSA PRIVATE KEY-----`.',
      '| `jwt` | JSON Web Tokens: `eyJ<header>.eyJ<payload>.<signature>` |',
    ].join('\n');
    expect(createRedactor({ env: {} }).redact(text)).toEqual({ text, findings: [] });
  });

  it('does nothing when disabled', () => {
    const token = fakeSecret(random, 'stripe-key').value;
    const disabled = createRedactor({ enabled: false, env: { STRIPE_KEY: token } });
    expect(disabled.isEnabled).toBe(false);
    expect(disabled.redact(`key ${token}`)).toEqual({ text: `key ${token}`, findings: [] });
    expect(disabled.redactValue({ apiKey: token })).toEqual({ value: { apiKey: token }, findings: [] });
  });

  it('redacts additional patterns, only their "secret" group when they have one', () => {
    const custom = createRedactor({ additionalPatterns: ['ACME-[0-9]{6}', 'acme_user=(?<secret>[a-z0-9]{12})'] });
    expect(custom.redact('ticket ACME-123456 for acme_user=ab12cd34ef56.').text).toBe('ticket [REDACTED:custom] for acme_user=[REDACTED:custom].');
  });

  it('leaves findings whose whole text matches an allow pattern', () => {
    const testKey = `sk_test_${random.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 24)}`;
    const liveKey = `sk_live_${random.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 24)}`;
    const allowing = createRedactor({ allowPatterns: ['sk_test_[A-Za-z0-9]{24}', 'sk_live'] });
    expect(allowing.redact(`${testKey} ${liveKey}`).text).toBe(`${testKey} [REDACTED:stripe-key]`);
  });

  it.each([
    ['additionalPatterns', { additionalPatterns: ['[a-z]+_secret'] }, 'redaction.additionalPatterns[0]: unbounded repetition "+" at 5'],
    ['allowPatterns', { allowPatterns: ['ok{2}', '(a{1,9}){1,9}'] }, 'redaction.allowPatterns[1]: nested repetition'],
  ])('throws InvalidInputError for an unsafe pattern in %s', (_key, options, message) => {
    expect(() => createRedactor(options)).toThrow(InvalidInputError);
    expect(() => createRedactor(options)).toThrow(message);
  });
});
