import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Utf8Truncation, truncateUtf8, utf8ByteLength } from './truncate-utf8.js';

describe('truncateUtf8', () => {
  const cases: [text: string, maxBytes: number, expected: string][] = [
    ['hello', 10, 'hello'],
    ['hello', 3, 'hel'],
    ['héllo', 2, 'h'],
    ['héllo', 3, 'hé'],
    ['a€b', 3, 'a'],
    ['a€b', 4, 'a€'],
    ['a😀b', 4, 'a'],
    ['a😀b', 5, 'a😀'],
    ['', 0, ''],
    ['x', 0, ''],
    ['a\uD800b', 3, 'a'],
    ['a\uD800b', 4, 'a\uD800'],
    ['\uDC00\uD83D', 3, '\uDC00'],
    ['\uD83D\uDE00', 3, ''],
  ];
  it.each(cases)('cuts %j to %d bytes on a character boundary', (text, maxBytes, expected) => {
    const cut = truncateUtf8(text, maxBytes);
    expect(cut.text).toBe(expected);
    expect(cut.bytes).toBe(Buffer.byteLength(expected, 'utf8'));
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
    expect(cut.truncated).toBe(expected !== text);
  });

  it('always returns a prefix within the budget that encodes cleanly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.nat(200), (text, maxBytes) => {
        const cut = expectLongestPrefixWithin(text, maxBytes);
        expect(Buffer.from(cut.text, 'utf8').toString('utf8')).toBe(cut.text);
      }),
    );
  });

  it('counts and cuts texts with lone surrogates as Node encodes them (U+FFFD)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.nat(200), (text, maxBytes) => void expectLongestPrefixWithin(text, maxBytes)));
  });
});

/** The cut is a prefix of `text` within `maxBytes` as Node counts UTF-8, and drops nothing that fits: the next character would exceed it. */
function expectLongestPrefixWithin(text: string, maxBytes: number): Utf8Truncation {
  const cut = truncateUtf8(text, maxBytes);
  expect(text.startsWith(cut.text)).toBe(true);
  expect(cut.bytes).toBeLessThanOrEqual(maxBytes);
  expect(Buffer.byteLength(cut.text, 'utf8')).toBe(cut.bytes);
  expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
  if (cut.truncated) expect(Buffer.byteLength(text.slice(0, cut.text.length + (text.codePointAt(cut.text.length)! > 0xffff ? 2 : 1)), 'utf8')).toBeGreaterThan(maxBytes);
  return cut;
}
