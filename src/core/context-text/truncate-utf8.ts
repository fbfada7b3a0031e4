/** Number of bytes `text` takes in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const character of text) bytes += utf8SizeOf(character.codePointAt(0) ?? 0);
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
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    const size = utf8SizeOf(character.codePointAt(0) ?? 0);
    if (bytes + size > maxBytes) return { text: text.slice(0, end), bytes, truncated: true };
    bytes += size;
    end += character.length;
  }
  return { text, bytes, truncated: false };
}

function utf8SizeOf(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}
