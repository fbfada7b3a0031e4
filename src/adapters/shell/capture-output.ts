import { MAX_UTF8_SEQUENCE_BYTES, isContinuationByte, utf8SequenceLength } from '../utf8/utf8-bytes.js';

/** What one captured stream holds once it has ended. */
export interface CapturedOutput {
  /** Head and tail decoded as UTF-8, with a marker line between them when bytes were dropped. */
  text: string;
  /** Bytes left out between head and tail (including partial characters cut at the seams). */
  droppedBytes: number;
}

/** Initial size of the head buffer; it doubles up to the head limit, so small outputs stay small. */
const INITIAL_HEAD_CAPACITY_BYTES = 4096;

/** The marker inserted where bytes were dropped. */
export function formatDroppedMarker(droppedBytes: number): string {
  return `\n[... ${droppedBytes} bytes dropped ...]\n`;
}

/**
 * Captures a byte stream within a fixed budget: the first half of
 * `maxOutputBytes` is kept as the head, the last half in a ring buffer as the
 * tail, and everything in between is counted and dropped. Memory stays
 * O(maxOutputBytes) whatever the stream's length.
 *
 * @example
 * const capture = new OutputCapture(64 * 1024);
 * child.stdout.on('data', (chunk: Buffer) => capture.push(chunk));
 * // later
 * const { text, droppedBytes } = capture.finish();
 */
export class OutputCapture {
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private head: Buffer = Buffer.alloc(0);
  private headLength = 0;
  /** Allocated only once the head is full: output that fits the head never pays for it. */
  private tail: Buffer | undefined;
  private tailStart = 0;
  private tailLength = 0;
  private dropped = 0;

  /** @param maxOutputBytes bytes kept in total (head + tail); 0 keeps nothing. */
  constructor(maxOutputBytes: number) {
    const budget = Math.max(0, Math.floor(maxOutputBytes));
    this.headLimit = Math.ceil(budget / 2);
    this.tailLimit = budget - this.headLimit;
  }

  /** Adds a chunk of the stream. */
  push(chunk: Uint8Array): void {
    let rest = chunk;
    if (this.headLength < this.headLimit) {
      const taken = Math.min(this.headLimit - this.headLength, rest.length);
      this.appendToHead(rest.subarray(0, taken));
      rest = rest.subarray(taken);
    }
    if (rest.length > 0) this.pushToTail(rest);
  }

  /** Decodes what was kept; call once, after the stream ended. */
  finish(): CapturedOutput {
    const head = this.head.subarray(0, this.headLength);
    const tail = this.orderedTail();
    if (this.dropped === 0) {
      return { text: Buffer.concat([head, tail]).toString('utf8'), droppedBytes: 0 };
    }
    const headEnd = completeUtf8Length(head);
    const tailStart = leadingContinuationBytes(tail);
    const droppedBytes = this.dropped + (head.length - headEnd) + tailStart;
    const text =
      head.subarray(0, headEnd).toString('utf8') + formatDroppedMarker(droppedBytes) + tail.subarray(tailStart).toString('utf8');
    return { text, droppedBytes };
  }

  private appendToHead(bytes: Uint8Array): void {
    const needed = this.headLength + bytes.length;
    if (needed > this.head.length) {
      let capacity = Math.max(this.head.length, INITIAL_HEAD_CAPACITY_BYTES);
      while (capacity < needed) capacity *= 2;
      const grown = Buffer.allocUnsafe(Math.min(capacity, this.headLimit));
      this.head.copy(grown, 0, 0, this.headLength);
      this.head = grown;
    }
    this.head.set(bytes, this.headLength);
    this.headLength = needed;
  }

  private pushToTail(bytes: Uint8Array): void {
    const capacity = this.tailLimit;
    if (capacity === 0) {
      this.dropped += bytes.length;
      return;
    }
    this.tail ??= Buffer.allocUnsafe(capacity);
    if (bytes.length >= capacity) {
      this.dropped += this.tailLength + (bytes.length - capacity);
      this.tail.set(bytes.subarray(bytes.length - capacity));
      this.tailStart = 0;
      this.tailLength = capacity;
      return;
    }
    const writeAt = (this.tailStart + this.tailLength) % capacity;
    const firstPart = Math.min(bytes.length, capacity - writeAt);
    this.tail.set(bytes.subarray(0, firstPart), writeAt);
    this.tail.set(bytes.subarray(firstPart), 0);
    const overflow = Math.max(0, this.tailLength + bytes.length - capacity);
    this.dropped += overflow;
    this.tailStart = (this.tailStart + overflow) % capacity;
    this.tailLength = Math.min(capacity, this.tailLength + bytes.length);
  }

  private orderedTail(): Buffer {
    if (this.tail === undefined || this.tailLength === 0) return Buffer.alloc(0);
    const end = this.tailStart + this.tailLength;
    if (end <= this.tail.length) return this.tail.subarray(this.tailStart, end);
    return Buffer.concat([this.tail.subarray(this.tailStart), this.tail.subarray(0, end - this.tail.length)]);
  }
}

/** Length of `bytes` without a trailing, incomplete UTF-8 sequence. */
function completeUtf8Length(bytes: Uint8Array): number {
  let start = bytes.length - 1;
  const lowest = Math.max(0, bytes.length - MAX_UTF8_SEQUENCE_BYTES);
  while (start > lowest && isContinuationByte(bytes[start] ?? 0)) start -= 1;
  if (start < 0) return 0;
  const expected = utf8SequenceLength(bytes[start] ?? 0);
  return expected > bytes.length - start ? start : bytes.length;
}

/** Continuation bytes at the start of `bytes`: the end of a character cut off at the seam. */
function leadingContinuationBytes(bytes: Uint8Array): number {
  let count = 0;
  while (count < bytes.length && count < MAX_UTF8_SEQUENCE_BYTES - 1 && isContinuationByte(bytes[count] ?? 0)) count += 1;
  return count;
}
