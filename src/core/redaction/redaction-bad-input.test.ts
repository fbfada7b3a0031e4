import { describe, expect, it } from 'vitest';
import { FORMAT_FAMILIES, FakeRandom, fakeJwt, fakePemKey, fakeSecret } from '../../../test/support/fake-secrets.js';
import { createRedactor } from './create-redactor.js';
import { TOKEN_FORMATS } from './token-formats.js';

// Issue 10, "Bad input": each case of the issue has a test here.

const random = new FakeRandom(4242);
const redactor = createRedactor({ env: {} });

/** Bytes of a fixed pseudo-random binary blob (every byte value, NULs and invalid UTF-8 included). */
function binaryBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) bytes[index] = random.integer(0, 255);
  return bytes;
}

describe('redaction of bad input (issue 10)', () => {
  it('redacts a 50 MB single line, finding secrets at its start, middle and end', { timeout: 120_000 }, () => {
    const [first, middle, last] = ['github-classic', 'aws-access-key-id', 'stripe-key'].map((family) => fakeSecret(random, family).value);
    // Minified code, as in a bundled file: one line, no line breaks at all.
    const chunk = 'var n=function(t){return t&&t.__esModule?t:{default:t}};Object.defineProperty(e,"key",{value:n(r)});'.repeat(8192);
    const half = chunk.repeat(Math.ceil(25 * 1024 * 1024 / chunk.length));
    const line = `${first} ${half}${middle} ${half}${last}`;
    expect(line.length).toBeGreaterThan(50 * 1024 * 1024);
    const result = redactor.redact(line);
    expect(result.findings.map((finding) => finding.kind)).toEqual(['github-token', 'aws-access-key-id', 'stripe-key']);
    expect(result.text.length).toBe(line.length - first!.length - middle!.length - last!.length + '[REDACTED:github-token][REDACTED:aws-access-key-id][REDACTED:stripe-key]'.length);
  });

  describe('a secret split across a line break', () => {
    it.each(FORMAT_FAMILIES.filter((family) => family !== 'jwt'))('redacts a %s wrapped once after its prefix, both parts when the first is too short alone', (family) => {
      const { value } = fakeSecret(random, family);
      const format = [...TOKEN_FORMATS].sort((left, right) => right.prefix.length - left.prefix.length).find((candidate) => value.startsWith(candidate.prefix))!;
      for (const cut of [format.prefix.length + 3, Math.floor(value.length / 2), value.length - 4]) {
        for (const lineBreak of ['\n', '\r\n', '\n    ']) {
          const text = `value: ${value.slice(0, cut)}${lineBreak}${value.slice(cut)}\nnext line`;
          const result = redactor.redact(text);
          expect(result.text, `${family} cut at ${cut}`).not.toContain(value.slice(Math.max(0, cut - 8), cut));
          // A first part long enough to be a whole token ends at the break: the rest is a fragment, useless alone.
          if (cut - format.prefix.length < format.minLength) expect(result.text, `${family} cut at ${cut}`).not.toContain(value.slice(cut));
          expect(result.text.endsWith('\nnext line')).toBe(true);
        }
      }
    });

    it('does not join a complete token with the next line', () => {
      const { value } = fakeSecret(random, 'npm-token');
      expect(redactor.redact(`${value}\nabcdef`).text).toBe('[REDACTED:npm-token]\nabcdef');
    });

    it('redacts PEM blocks over any number of lines, and base64 PEM wrapped at any width', () => {
      const { pem, bodyLines } = fakePemKey(random, 'OPENSSH PRIVATE KEY');
      const encoded = Buffer.from(pem).toString('base64');
      for (const width of [60, 64, 76, encoded.length]) {
        const wrapped = encoded.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n  ');
        const result = redactor.redact(`tls.key: |\n  ${wrapped}\nkind: Secret\n${pem}`);
        expect(result.findings.map((finding) => finding.kind)).toEqual(['private-key', 'private-key']);
        expect(result.text).toContain('kind: Secret');
        for (const line of [...bodyLines, encoded.slice(0, width), encoded.slice(-20)]) expect(result.text).not.toContain(line);
      }
    });

    it('does not detect what is documented as single-line: a JWT cut inside its payload', () => {
      const jwt = fakeJwt(random);
      const cut = jwt.indexOf('.') + 12;
      expect(redactor.redact(`${jwt.slice(0, cut)}\n${jwt.slice(cut)}`).findings).toEqual([]);
    });
  });

  it('redacts base64 of a PEM private key, but not of a certificate', () => {
    const key = Buffer.from(fakePemKey(random, 'EC PRIVATE KEY').pem).toString('base64');
    const certificate = Buffer.from(fakePemKey(random, 'CERTIFICATE').pem).toString('base64');
    const text = `data:\n  tls.key: ${key}\n  tls.crt: ${certificate}\n`;
    expect(redactor.redact(text).text).toBe(`data:\n  tls.key: [REDACTED:private-key]\n  tls.crt: ${certificate}\n`);
  });

  it('redacts a PEM block cut short by a read limit up to where it ends', () => {
    const { pem, bodyLines } = fakePemKey(random, 'PRIVATE KEY');
    const truncated = pem.slice(0, pem.length / 2);
    const result = redactor.redact(truncated);
    expect(result.text.startsWith('[REDACTED:private-key]')).toBe(true);
    for (const line of bodyLines) expect(result.text).not.toContain(line.slice(0, 40));
  });

  it.each([
    ['changeme', 'DB_PASSWORD=changeme'],
    ['<your-key>', 'OPENAI_API_KEY=<your-key>'],
    ['${API_KEY}', 'api_key: ${API_KEY}'],
    ['xxx', 'token: "xxx"'],
    ['your_token_here', 'GITHUB_TOKEN=your_token_here'],
    ['a token-shaped filler', `GITHUB_TOKEN=ghp_${'x'.repeat(36)}`],
    ['an AWS documentation key', `aws_access_key_id = AKIA${'IOSFODNN7'}EXAMPLE`],
  ])('does not redact the placeholder %s', (_placeholder, text) => {
    expect(redactor.redact(text)).toEqual({ text, findings: [] });
  });

  it('handles binary data: no error, and a secret inside it is still found', () => {
    const { value } = fakeSecret(random, 'slack-token');
    const blob = binaryBytes(256 * 1024);
    for (const text of [new TextDecoder('latin1').decode(blob), new TextDecoder('utf-8').decode(blob)]) {
      const withSecret = `${text.slice(0, 1000)}\u0000${value}\u0000${text.slice(1000)}`;
      const result = redactor.redact(withSecret);
      expect(result.text).not.toContain(value);
      expect(result.findings.map((finding) => finding.kind)).toContain('slack-token');
    }
  });

  it('handles invalid UTF-8 (replacement characters) and lone surrogates next to a secret', () => {
    const { value } = fakeSecret(random, 'openai-api-key');
    const invalid = new TextDecoder('utf-8').decode(new Uint8Array([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]));
    const cases = [
      [`${invalid} ${value}${invalid}`, value],
      [`\uD800 OPENAI_API_KEY=${value}\uDFFF`, value],
      ['\uFFFD\uDC00password=S3cure-Pa55\uDC00\uFFFD', 'S3cure-Pa55'],
    ] as const;
    for (const [text, secret] of cases) {
      const result = redactor.redact(text);
      expect(result.findings).toHaveLength(1);
      expect(result.text).not.toContain(secret);
    }
  });
});
