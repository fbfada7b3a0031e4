import { describe, expect, it } from 'vitest';
import { buildStringTableParts, openStringTable } from './string-table.js';

describe('string tables', () => {
  const values = ['parse', 'parser', 'token', 'ünïcode', 'a', '$scope', '', 'x'.repeat(64)].filter((value) => value !== '');

  it('finds every value by its number and nothing else', () => {
    const table = openStringTable(buildStringTableParts(values))!;
    expect(table.size).toBe(values.length);
    for (const [number, value] of values.entries()) {
      expect(table.numberOf(value)).toBe(number);
      expect(table.valueOf(number)).toBe(value);
    }
    for (const absent of ['pars', 'parsers', 'Token', 'unicode', 'b', '']) expect(table.numberOf(absent)).toBe(-1);
  });

  it('holds thousands of values with colliding hash slots', () => {
    const many = Array.from({ length: 5_000 }, (_, number) => `term${number}`);
    const table = openStringTable(buildStringTableParts(many))!;
    expect(many.every((value, number) => table.numberOf(value) === number)).toBe(true);
    expect(table.numberOf('term5000')).toBe(-1);
  });

  it('is empty without values', () => {
    const table = openStringTable(buildStringTableParts([]))!;
    expect(table.size).toBe(0);
    expect(table.numberOf('anything')).toBe(-1);
  });

  it('refuses damaged parts, and a table whose slots were all filled still ends its probe', () => {
    const parts = buildStringTableParts(values);
    expect(openStringTable({ ...parts, text: parts.text.slice(1) })).toBeNull();
    expect(openStringTable({ ...parts, offsets: parts.offsets.map((offset, position) => (position === 2 ? 0 : offset)) })).toBeNull();
    expect(openStringTable({ ...parts, slots: parts.slots.map(() => values.length) })).toBeNull();
    expect(openStringTable({ ...parts, slots: parts.slots.subarray(0, 12) })).toBeNull();
    // Every slot names a value: no empty slot to stop at, yet a lookup of an absent value returns.
    const full = openStringTable({ ...parts, slots: parts.slots.map((_, position) => position % values.length) })!;
    expect(full.numberOf('absent')).toBe(-1);
  });
});
