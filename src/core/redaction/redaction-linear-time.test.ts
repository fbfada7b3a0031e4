import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeRandom, fakeSecret } from '../../../test/support/fake-secrets.js';
import { createRedactor } from './create-redactor.js';

// Issue 10: redaction runs on every tool result, so it must stay linear in
// the text whatever the text is. Adversarial strings are built from the
// pieces the detectors look for, repeated to a few hundred kilobytes: a
// quadratic scan would take seconds to minutes on each, a linear one
// milliseconds. The bound per input is deliberately generous (machines
// differ and tests run in parallel); what it catches is super-linear growth.

/** Generous bound per adversarial input of up to MAX_INPUT_CHARS. */
const MAX_MS_PER_INPUT = 3000;
const MAX_INPUT_CHARS = 200_000;

/** What detectors key on: prefixes, separators, quotes, PEM and base64 markers, names. */
const PIECES = [
  'sk-', 'sk-ant-', 'ghp_', 'github_pat_', 'AKIA', 'xoxb-', 'eyJ', 'eyJhbGciOiJIUzI1NiJ9', '.', '://', ':', '@', '=', '==', '=>', ':=',
  '"', "'", '`', '\\"', '\\', 'password', 'Token', 'KEY', '_key', 'secret', 'auth', 'Authorization: Bearer ', '-----BEGIN ',
  'PRIVATE KEY-----', '-----END ', 'LS0tLS1CRUdJTi', 'BFWCBQUklWQVRFIEtFWS0tLS0t', '<password>', '<', '>', '\n', '\r\n', ' ', '\t',
  'a', 'A', 'z', '0', '9', '_', '-', '+', '/', '${', '}', '\u0000', '\uFFFD', '\uD800', 'é', 'x',
];

const adversarialText = fc
  .tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 24 }), fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }))
  .map(([unit, tail]) => {
    const text = unit.join('');
    return text.repeat(Math.ceil(MAX_INPUT_CHARS / 2 / text.length)).slice(0, MAX_INPUT_CHARS) + tail.join('');
  });

function timeRedaction(redact: (text: string) => unknown, text: string): number {
  const started = performance.now();
  redact(text);
  return performance.now() - started;
}

describe('redaction runs in linear time', () => {
  const redactor = createRedactor({
    env: { DEPLOY_TOKEN: 'aaaaaaaaaaaaaaab', OTHER_SECRET: 'sk-sk-sk-sk-sk-sk' },
    additionalPatterns: ['acme_[a-z0-9]{1,64}', '[A-Za-z]{0,16}=(?<secret>[0-9a-f]{8,40})'],
    allowPatterns: ['sk-[a-z]{1,8}'],
  });

  it('stays within a generous bound on adversarial repetitions of what detectors look for', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(adversarialText, (text) => {
        expect(timeRedaction((input) => redactor.redact(input), text)).toBeLessThan(MAX_MS_PER_INPUT);
      }),
      { numRuns: 40, seed: 10 },
    );
  });

  it.each([
    ['one long word run', 'a'.repeat(MAX_INPUT_CHARS)],
    ['repeated token prefixes', 'sk-'.repeat(MAX_INPUT_CHARS / 3)],
    ['repeated JWT headers', 'eyJhbGciOiJIUzI1NiJ9.'.repeat(MAX_INPUT_CHARS / 21)],
    ['BEGIN lines without END', '-----BEGIN RSA PRIVATE KEY-----\n'.repeat(MAX_INPUT_CHARS / 32)],
    ['BEGIN lines sharing one END', `${'-----BEGIN PRIVATE KEY-----\nMIIE\n'.repeat(MAX_INPUT_CHARS / 33)}-----END PRIVATE KEY-----`],
    ['base64 PEM starts', '\nLS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0t'.repeat(MAX_INPUT_CHARS / 37)],
    ['URL schemes without a host', 'a://'.repeat(MAX_INPUT_CHARS / 4)],
    ['names without values', 'password_token_key.'.repeat(MAX_INPUT_CHARS / 19)],
    ['a name longer than any name', `${'secret'.repeat(MAX_INPUT_CHARS / 6)}=x`],
    ['unterminated quotes', 'password="'.repeat(MAX_INPUT_CHARS / 10)],
    ['XML without a closing tag', '<password>'.repeat(MAX_INPUT_CHARS / 10)],
    ['headers without credentials', 'Authorization: '.repeat(MAX_INPUT_CHARS / 15)],
    ['environment value prefixes', 'aaaaaaaaaaaaaaa'.repeat(MAX_INPUT_CHARS / 15)],
    ['thousands of secrets on one line', `${fakeSecret(new FakeRandom(12), 'github-classic').value} `.repeat(MAX_INPUT_CHARS / 41)],
  ])('stays within the bound on %s', (_name, text) => {
    expect(timeRedaction((input) => redactor.redact(input), text)).toBeLessThan(MAX_MS_PER_INPUT);
  });

  it('returns sorted, non-overlapping findings inside the text, and redacted text with nothing left to find', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 400 }), (pieces) => {
        const text = pieces.join('');
        const result = redactor.redact(text);
        let previousEnd = 0;
        for (const finding of result.findings) {
          expect(finding.start).toBeGreaterThanOrEqual(previousEnd);
          expect(finding.end).toBeGreaterThan(finding.start);
          expect(finding.end).toBeLessThanOrEqual(text.length);
          previousEnd = finding.end;
        }
        expect(redactor.redact(result.text).findings).toEqual([]);
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});
