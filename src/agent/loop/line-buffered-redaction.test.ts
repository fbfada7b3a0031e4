import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../core/index.js';
import { FakeRandom, fakePemKey, fakeSecret } from '../../../test/support/fake-secrets.js';
import { MAX_HELD_STREAM_CHARS, createLineBufferedRedaction } from './line-buffered-redaction.js';

const redactor = createRedactor({});
const redact = (text: string): string => redactor.redact(text).text;

/** Streams `text` in pieces of `size` characters and returns what was emitted. */
function stream(text: string, size: number): string[] {
  const emitted: string[] = [];
  const buffered = createLineBufferedRedaction(redact, (piece) => emitted.push(piece));
  for (let start = 0; start < text.length; start += size) buffered.push(text.slice(start, start + size));
  buffered.flush();
  return emitted;
}

describe('createLineBufferedRedaction', () => {
  const random = new FakeRandom(7);

  it('redacts a token split across deltas, at every split point', () => {
    const token = fakeSecret(random, 'github-classic').value;
    const text = `Use the token ${token} for the API.\nThen run the tests.\n`;
    for (const size of [1, 3, 7, 16, 40]) {
      const shown = stream(text, size).join('');
      expect(shown).not.toContain(token);
      expect(shown).not.toContain(token.slice(0, 12));
      expect(shown).toContain('[REDACTED:');
      expect(shown).toContain('Then run the tests.');
    }
  });

  it('holds a private key block until it ends, so no line of it passes', () => {
    const { pem, bodyLines } = fakePemKey(random);
    const shown = stream(`Here is the key:\n${pem}\nDone.\n`, 64).join('');
    for (const line of bodyLines) expect(shown).not.toContain(line);
    expect(shown).toContain('Done.');
  });

  it('passes text on at line ends, and bounds what it holds', () => {
    const emitted: string[] = [];
    const buffered = createLineBufferedRedaction(redact, (piece) => emitted.push(piece));
    buffered.push('first line\nsecond ');
    expect(emitted).toEqual(['first line\n']);
    buffered.push('x'.repeat(MAX_HELD_STREAM_CHARS));
    expect(emitted.join('').length).toBeGreaterThan(MAX_HELD_STREAM_CHARS);
    buffered.flush();
    expect(emitted.join('')).toBe(`first line\nsecond ${'x'.repeat(MAX_HELD_STREAM_CHARS)}`);
  });
});
