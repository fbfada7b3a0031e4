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

  // Issue 15 item 20: one huge delta was held and redacted whole.
  it('takes a delta longer than the bound in pieces, never holding or redacting more than twice the bound at once', () => {
    const emitted: string[] = [];
    let longestRedacted = 0;
    const buffered = createLineBufferedRedaction(
      (text) => {
        longestRedacted = Math.max(longestRedacted, text.length);
        return redact(text);
      },
      (piece) => emitted.push(piece),
    );
    const delta = 'y'.repeat(MAX_HELD_STREAM_CHARS * 64);
    buffered.push(delta);
    buffered.flush();
    expect(emitted.join('')).toBe(delta);
    expect(emitted.length).toBeGreaterThan(16);
    expect(longestRedacted).toBeLessThanOrEqual(2 * MAX_HELD_STREAM_CHARS);
  });

  it('keeps a private key block held across thousands of one-line deltas, and releases text after it ends', () => {
    const { pem, bodyLines } = fakePemKey(random);
    const text = `before\n${pem}\nafter\n`;
    const shown = stream(text, 1);
    for (const line of bodyLines) expect(shown.join('')).not.toContain(line);
    expect(shown.join('')).toContain('before\n');
    expect(shown.join('')).toContain('after\n');
    // Nothing of the block was passed on before its END line arrived.
    const firstWithKey = shown.findIndex((piece) => piece.includes('[REDACTED'));
    expect(shown.slice(0, firstWithKey).join('')).toBe('before\n');
  });

  it('never splits a surrogate pair when it passes on held text at the bound', () => {
    const emitted: string[] = [];
    const buffered = createLineBufferedRedaction(redact, (piece) => emitted.push(piece));
    buffered.push(`${'z'.repeat(MAX_HELD_STREAM_CHARS)}😀tail`);
    buffered.flush();
    for (const piece of emitted) expect(/[\ud800-\udbff]$/.test(piece)).toBe(false);
    expect(emitted.join('')).toBe(`${'z'.repeat(MAX_HELD_STREAM_CHARS)}😀tail`);
  });
});
