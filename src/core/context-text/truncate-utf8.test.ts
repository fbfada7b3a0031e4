import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateUtf8, utf8ByteLength } from './truncate-utf8.js';

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
  ];
  it.each(cases)('cuts %j to %d bytes on a character boundary', (text, maxBytes, expected) => {
    const cut = truncateUtf8(text, maxBytes);
    expect(cut.text).toBe(expected);
    expect(cut.bytes).toBe(Buffer.byteLength(expected, 'utf8'));
    expect(cut.truncated).toBe(expected !== text);
  });

  it('always returns a prefix within the budget that encodes cleanly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.nat(200), (text, maxBytes) => {
        const cut = truncateUtf8(text, maxBytes);
        expect(text.startsWith(cut.text)).toBe(true);
        expect(cut.bytes).toBeLessThanOrEqual(maxBytes);
        expect(Buffer.byteLength(cut.text, 'utf8')).toBe(cut.bytes);
        expect(Buffer.from(cut.text, 'utf8').toString('utf8')).toBe(cut.text);
        expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
    );
  });
});
