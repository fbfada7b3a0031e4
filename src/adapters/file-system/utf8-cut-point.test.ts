import { describe, expect, it } from 'vitest';
import { utf8CutPoint } from './utf8-cut-point.js';

describe('utf8CutPoint', () => {
  it.each([
    { name: 'everything when shorter than the limit', bytes: Buffer.from('abc'), limit: 5, cut: 3 },
    { name: 'at the limit before an ASCII byte', bytes: Buffer.from('abcdef'), limit: 3, cut: 3 },
    { name: 'at the limit before a lead byte', bytes: Buffer.from('abc€'), limit: 3, cut: 3 },
    { name: 'before a 2-byte character split after its lead', bytes: Buffer.from('abé'), limit: 3, cut: 2 },
    { name: 'before a 3-byte character split after 2 bytes', bytes: Buffer.from('a€b'), limit: 3, cut: 1 },
    { name: 'before a 4-byte character split after 3 bytes', bytes: Buffer.from('a😀b'), limit: 4, cut: 1 },
    { name: 'at zero when the first character straddles', bytes: Buffer.from('😀'), limit: 2, cut: 0 },
    { name: 'at the limit for stray continuation bytes after ASCII', bytes: Buffer.from([0x61, 0x80, 0x80, 0x62]), limit: 2, cut: 2 },
    { name: 'at the limit for four continuation bytes in a row', bytes: Buffer.from([0x61, 0x80, 0x80, 0x80, 0x80, 0x80]), limit: 5, cut: 5 },
  ])('cuts $name', ({ bytes, limit, cut }) => {
    expect(utf8CutPoint(bytes, limit)).toBe(cut);
  });
});
