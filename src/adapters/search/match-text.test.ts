import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MATCH_TEXT_CHARS, columnOfByteOffset, columnOfUtf8Offset, toMatchText } from './match-text.js';

describe('toMatchText', () => {
  it.each([
    ['line\n', 'line'],
    ['line\r\n', 'line'],
    ['line', 'line'],
    ['cr only\r', 'cr only'],
    ['', ''],
  ])('strips the terminator of %j', (line, text) => {
    expect(toMatchText(line)).toBe(text);
  });

  it('caps long lines without splitting a surrogate pair', () => {
    expect(toMatchText('x'.repeat(MAX_MATCH_TEXT_CHARS + 10))).toHaveLength(MAX_MATCH_TEXT_CHARS);
    const split = `${'x'.repeat(MAX_MATCH_TEXT_CHARS - 1)}😀tail`;
    expect(toMatchText(split)).toBe('x'.repeat(MAX_MATCH_TEXT_CHARS - 1));
  });
});

describe('columns', () => {
  it('counts UTF-16 code units before a byte offset', () => {
    const line = 'café 😀 needle';
    const offset = Buffer.byteLength('café 😀 ');
    expect(columnOfUtf8Offset(line, offset)).toBe(9);
    expect(columnOfByteOffset(Buffer.from(line), offset)).toBe(9);
  });

  it('agrees between the string and the byte version at every character boundary', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(), (line, pick) => {
        const characters = Array.from(line);
        const prefix = characters.slice(0, pick % (characters.length + 1)).join('');
        const offset = Buffer.byteLength(prefix);
        expect(columnOfUtf8Offset(line, offset)).toBe(prefix.length + 1);
        expect(columnOfByteOffset(Buffer.from(line), offset)).toBe(prefix.length + 1);
      }),
    );
  });
});
