/** Number of bytes `text` takes in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string): number {
  // A loop over UTF-16 code units, not the string iterator: this runs on every tool result and prompt part.
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const size = utf8SizeAt(text, index);
    bytes += size;
    if (size === 4) index += 1;
  }
  return bytes;
}

/** A text cut to a byte budget. */
export interface Utf8Truncation {
  text: string;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  truncated: boolean;
}

/**
 * Cuts `text` to at most `maxBytes` UTF-8 bytes on a character boundary: a
 * multi-byte character or a surrogate pair is kept whole or dropped whole,
 * never split.
 *
 * @example
 * truncateUtf8('héllo', 2); // { text: 'h', bytes: 1, truncated: true }
 */
export function truncateUtf8(text: string, maxBytes: number): Utf8Truncation {
  // No character takes more than 3 bytes per UTF-16 code unit: a text that short fits without counting.
  if (text.length * 3 <= maxBytes) return { text, bytes: utf8ByteLength(text), truncated: false };
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const size = utf8SizeAt(text, index);
    if (bytes + size > maxBytes) return { text: text.slice(0, index), bytes, truncated: true };
    bytes += size;
    if (size === 4) index += 1;
  }
  return { text, bytes, truncated: false };
}

/** UTF-8 bytes of the character starting at code unit `index`: 4 for a surrogate pair (two code units), 3 for a lone surrogate (U+FFFD). */
function utf8SizeAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit < 0x80) return 1;
  if (unit < 0x800) return 2;
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 4;
  }
  return 3;
}
