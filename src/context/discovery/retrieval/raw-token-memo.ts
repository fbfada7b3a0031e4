/** Slot fields: the token's hash, where its chars start in `chars` plus one (0: a free slot), its length, where its term ids start in `ids`, how many. */
const SLOT_FIELDS = 5;

/**
 * One generation of the raw-token memo: an open-addressing table keyed by
 * countRawTokens's hash whose slots hold the token's chars and term ids as
 * offsets into two flat pools. A lookup reads one slot's record and, on a
 * hash hit, compares the token's chars in place: nothing is sliced, and
 * there are no objects to chase (a hit costs a few cache lines, which was
 * what the memo's time went to).
 */
export class RawTokenMemo {
  private readonly slots: Int32Array;
  private readonly mask: number;
  private chars: Uint16Array = new Uint16Array(1 << 16);
  private charCount = 0;
  /** Term ids of every entry; read `idsStart`/`idsLength` of a found entry. */
  ids: Int32Array = new Int32Array(1 << 14);
  private idCount = 0;
  size = 0;
  idsStart = 0;
  idsLength = 0;
  private freeSlot = 0;

  /** @param slotCount a power of two, at least twice the entries the memo will hold. */
  constructor(slotCount: number) {
    this.slots = new Int32Array(slotCount * SLOT_FIELDS);
    this.mask = slotCount - 1;
  }

  /** Whether `text[start, start + length)` is here; if so, its ids are at `idsStart`/`idsLength`, else the next `insert` goes to its free slot. */
  find(text: string, start: number, length: number, hash: number): boolean {
    const slots = this.slots;
    let slot = hash & this.mask;
    for (;;) {
      const record = slot * SLOT_FIELDS;
      const charsStart = slots[record + 1]!;
      if (charsStart === 0) break;
      if (slots[record] === hash && slots[record + 2] === length && this.sameChars(text, start, charsStart - 1, length)) {
        this.idsStart = slots[record + 3]!;
        this.idsLength = slots[record + 4]!;
        return true;
      }
      slot = (slot + 1) & this.mask;
    }
    this.freeSlot = slot;
    return false;
  }

  /** Adds the token the last `find` missed, with its term ids. */
  insert(text: string, start: number, length: number, hash: number, termIds: ArrayLike<number>): void {
    if (this.charCount + length > this.chars.length) this.chars = grown(this.chars, this.charCount + length) as Uint16Array;
    for (let offset = 0; offset < length; offset += 1) this.chars[this.charCount + offset] = text.charCodeAt(start + offset);
    if (this.idCount + termIds.length > this.ids.length) this.ids = grown(this.ids, this.idCount + termIds.length) as Int32Array;
    for (let index = 0; index < termIds.length; index += 1) this.ids[this.idCount + index] = termIds[index]!;
    const record = this.freeSlot * SLOT_FIELDS;
    this.slots[record] = hash;
    this.slots[record + 1] = this.charCount + 1;
    this.slots[record + 2] = length;
    this.slots[record + 3] = this.idCount;
    this.slots[record + 4] = termIds.length;
    this.idsStart = this.idCount;
    this.idsLength = termIds.length;
    this.charCount += length;
    this.idCount += termIds.length;
    this.size += 1;
  }

  clear(): void {
    this.slots.fill(0);
    this.charCount = 0;
    this.idCount = 0;
    this.size = 0;
  }

  private sameChars(text: string, start: number, charsStart: number, length: number): boolean {
    const chars = this.chars;
    for (let offset = 0; offset < length; offset += 1) if (chars[charsStart + offset] !== text.charCodeAt(start + offset)) return false;
    return true;
  }
}

function grown(array: Uint16Array | Int32Array, needed: number): Uint16Array | Int32Array {
  let size = array.length * 2;
  while (size < needed) size *= 2;
  const copy = array instanceof Uint16Array ? new Uint16Array(size) : new Int32Array(size);
  copy.set(array);
  return copy;
}
