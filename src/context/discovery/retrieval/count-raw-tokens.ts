/** A token longer than this is data (a hash, a base64 blob), not a name. */
export const MAX_TOKEN_CHARS = 64;

/**
 * The distinct raw tokens of the last countRawTokens call, in order of first
 * appearance: entry `e` is `text.slice(starts[e], starts[e] + lengths[e])`,
 * seen `counts[e]` times. Reused from call to call (indexing is synchronous
 * and never re-entered), so read it before the next call.
 */
export const rawTable: RawTokenTable = {
  starts: new Int32Array(1024),
  lengths: new Int32Array(1024),
  counts: new Int32Array(1024),
  hashes: new Int32Array(1024),
  /** Entry + 1 per open-addressing slot; 0 is free. */
  slots: new Int32Array(2048),
};

interface RawTokenTable {
  starts: Int32Array;
  lengths: Int32Array;
  counts: Int32Array;
  hashes: Int32Array;
  slots: Int32Array;
}

/** Slots a call starts on (a power of two; see countRawTokens). */
const INITIAL_SLOTS = 2048;
/** 1 for `[A-Za-z0-9_$]`. */
const ASCII_TOKEN_CHAR = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) ASCII_TOKEN_CHAR[code] = /[\w$]/.test(String.fromCharCode(code)) ? 1 : 0;
/** Per BMP code unit beyond ASCII: 0 not yet known, 1 a letter or number, 2 not. */
const BMP_TOKEN_CHAR = new Uint8Array(0x10000);
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

/**
 * Counts the raw tokens of `text` — what `/[\p{L}\p{N}_$]+(?:[.-][\p{L}\p{N}_$]+)*\/gu`
 * matches, skipping those over MAX_TOKEN_CHARS code units — into rawTable,
 * and returns how many distinct ones there are.
 *
 * Written by hand because it runs over every character of every indexed
 * file: a global `match` allocates a string per occurrence and a map keyed
 * by those strings hashes each one again, while this pass hashes the char
 * codes as it reads them and slices nothing (an entry's chars are compared
 * in place on a hash hit). No library tokenizes code this way at this speed.
 */
export function countRawTokens(text: string): number {
  const length = text.length;
  let distinct = 0;
  let { starts, lengths, counts, hashes, slots } = rawTable;
  // Each call starts on the first INITIAL_SLOTS slots and doubles as it needs: once one large file has grown the
  // table, a small file spread over all of it would miss the cache on nearly every token.
  let mask = Math.min(INITIAL_SLOTS, slots.length) - 1;
  let index = 0;
  while (index < length) {
    const first = text.charCodeAt(index);
    // ASCII inline: nearly every character of code is.
    let width = first < 0x80 ? ASCII_TOKEN_CHAR[first]! : tokenCharWidth(text, index);
    if (width === 0) {
      index += 1;
      continue;
    }
    const start = index;
    let hash = 0;
    for (;;) {
      do {
        hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
        if (width === 2) hash = (Math.imul(hash, 31) + text.charCodeAt(index + 1)) | 0;
        index += width;
        if (index >= length) break;
        const next = text.charCodeAt(index);
        width = next < 0x80 ? ASCII_TOKEN_CHAR[next]! : tokenCharWidth(text, index);
      } while (width !== 0);
      // A `.` or `-` joins two runs only when a token character follows it.
      const separator = text.charCodeAt(index);
      if ((separator !== 0x2e && separator !== 0x2d) || index + 1 >= length) break;
      width = tokenCharWidth(text, index + 1);
      if (width === 0) break;
      hash = (Math.imul(hash, 31) + separator) | 0;
      index += 1;
    }
    const tokenLength = index - start;
    if (tokenLength > MAX_TOKEN_CHARS) continue;
    hash ^= hash >>> 15;
    hash = Math.imul(hash, 0x2c1b3c6d);
    hash ^= hash >>> 12;
    let slot = hash & mask;
    for (;;) {
      const occupant = slots[slot]!;
      if (occupant === 0) {
        if (distinct === starts.length) ({ starts, lengths, counts, hashes } = growEntries());
        starts[distinct] = start;
        lengths[distinct] = tokenLength;
        counts[distinct] = 1;
        hashes[distinct] = hash;
        distinct += 1;
        slots[slot] = distinct;
        if (distinct * 2 > mask + 1) {
          slots = growSlots(distinct, mask + 1);
          mask = mask * 2 + 1;
        }
        break;
      }
      const entry = occupant - 1;
      if (hashes[entry] === hash && lengths[entry] === tokenLength && sameChars(text, starts[entry]!, start, tokenLength)) {
        counts[entry] = counts[entry]! + 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  // Free the slots for the next call without clearing the whole table.
  for (let entry = 0; entry < distinct; entry += 1) {
    let slot = hashes[entry]! & mask;
    while (slots[slot] !== entry + 1) slot = (slot + 1) & mask;
    slots[slot] = 0;
  }
  return distinct;
}

/** 0 when `text[index]` starts no token character; else its code units (2 for an astral letter or number). */
function tokenCharWidth(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0x80) return ASCII_TOKEN_CHAR[code]!;
  if (code >= 0xd800 && code <= 0xdbff) {
    const low = text.charCodeAt(index + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return LETTER_OR_NUMBER.test(text.slice(index, index + 2)) ? 2 : 0;
    return 0;
  }
  let known = BMP_TOKEN_CHAR[code]!;
  if (known === 0) {
    known = LETTER_OR_NUMBER.test(String.fromCharCode(code)) ? 1 : 2;
    BMP_TOKEN_CHAR[code] = known;
  }
  return known === 1 ? 1 : 0;
}

function sameChars(text: string, left: number, right: number, length: number): boolean {
  for (let offset = 0; offset < length; offset += 1) if (text.charCodeAt(left + offset) !== text.charCodeAt(right + offset)) return false;
  return true;
}

function growEntries(): RawTokenTable {
  const size = rawTable.starts.length * 2;
  for (const key of ['starts', 'lengths', 'counts', 'hashes'] as const) {
    const grown = new Int32Array(size);
    grown.set(rawTable[key]);
    rawTable[key] = grown;
  }
  return rawTable;
}

/**
 * Doubles the slots in use (`used` of them: the table's first ones, grown
 * into a larger table when it has no more) and places the first `distinct`
 * entries again. Slots past those in use are always free.
 */
function growSlots(distinct: number, used: number): Int32Array {
  if (rawTable.slots.length < used * 2) rawTable.slots = new Int32Array(used * 2);
  else rawTable.slots.fill(0, 0, used);
  const slots = rawTable.slots;
  const mask = used * 2 - 1;
  for (let entry = 0; entry < distinct; entry += 1) {
    let slot = rawTable.hashes[entry]! & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }
  return slots;
}
