/**
 * A read-only table of distinct strings, numbered 0..size-1, that finds a
 * string's number without building a Map: the strings are one text (each
 * followed by a line break, so none may hold one), `offsets` says where each
 * starts, and `slots` is an open-addressing hash table (FNV-1a, linear
 * probing) of their numbers. It is written once into the index's cache
 * entry and used from it as loaded: a warm run looks up the few terms of a
 * goal instead of hashing hundreds of thousands of terms into a Map first.
 * Written by hand because the point is its byte layout (typed arrays laid
 * into the cache file), which no general-purpose map offers.
 */
export interface StringTable {
  readonly size: number;
  /** The number of `value`, or -1. */
  numberOf(value: string): number;
  /** The string numbered `number` (0 ≤ number < size). */
  valueOf(number: number): string;
}

/** The parts of a table as stored: see StringTable. */
export interface StringTableParts {
  text: string;
  offsets: Int32Array;
  slots: Int32Array;
}

/** 32-bit FNV-1a over UTF-16 code units: cheap, and spreads short identifiers well. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let position = 0; position < value.length; position += 1) hash = Math.imul(hash ^ value.charCodeAt(position), 0x01000193);
  return hash >>> 0;
}

/** The parts of a table of `values` (distinct, none holding a line break), numbered in the order given. */
export function buildStringTableParts(values: readonly string[]): StringTableParts {
  const offsets = new Int32Array(values.length + 1);
  for (let number = 0; number < values.length; number += 1) offsets[number + 1] = offsets[number]! + values[number]!.length + 1;
  const slots = new Int32Array(slotCountFor(values.length)).fill(-1);
  const mask = slots.length - 1;
  for (let number = 0; number < values.length; number += 1) {
    let slot = hashString(values[number]!) & mask;
    while (slots[slot] !== -1) slot = (slot + 1) & mask;
    slots[slot] = number;
  }
  return { text: values.length === 0 ? '' : `${values.join('\n')}\n`, offsets, slots };
}

/** At most half the slots are used: short probe runs, and always an empty slot to stop at. */
function slotCountFor(size: number): number {
  let count = 8;
  while (count < size * 2) count *= 2;
  return count;
}

/**
 * The table over stored parts, or null when they are not a consistent
 * table (offsets out of order or past the text, a slot count that is not a
 * power of two above twice the size, a slot naming no string). A damaged
 * table can therefore never read outside its text or probe forever.
 */
export function openStringTable(parts: StringTableParts): StringTable | null {
  const { text, offsets, slots } = parts;
  const size = offsets.length - 1;
  if (size < 0 || offsets[0] !== 0 || offsets[size] !== text.length) return null;
  for (let number = 0; number < size; number += 1) {
    const end = offsets[number + 1]!;
    if (end <= offsets[number]! || text.charCodeAt(end - 1) !== 10) return null;
  }
  if (slots.length < 8 || (slots.length & (slots.length - 1)) !== 0 || slots.length < size * 2) return null;
  for (let position = 0; position < slots.length; position += 1) {
    const slot = slots[position]!;
    if (slot < -1 || slot >= size) return null;
  }
  const mask = slots.length - 1;
  const valueOf = (number: number) => text.slice(offsets[number]!, offsets[number + 1]! - 1);
  return {
    size,
    valueOf,
    numberOf(value) {
      let slot = hashString(value) & mask;
      // Bounded by the slot count: a table whose slots were all filled by damage still ends.
      for (let probe = 0; probe < slots.length; probe += 1) {
        const number = slots[slot]!;
        if (number === -1) return -1;
        if (offsets[number + 1]! - offsets[number]! - 1 === value.length && text.startsWith(value, offsets[number]!)) return number;
        slot = (slot + 1) & mask;
      }
      return -1;
    },
  };
}
