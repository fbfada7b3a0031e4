/** Longest `text` of a SearchMatch, in UTF-16 code units; the rest of the line is cut. */
export const MAX_MATCH_TEXT_CHARS = 500;

/**
 * Bytes of a line worth decoding to produce its capped text: enough for
 * MAX_MATCH_TEXT_CHARS code units whatever the characters (at most 3 bytes
 * per code unit in UTF-8), plus a `\r` and a split character.
 */
export const MAX_MATCH_TEXT_BYTES = MAX_MATCH_TEXT_CHARS * 3 + 4;

/**
 * The `text` of a match: the line without its `\n` or `\r\n` terminator,
 * cut to MAX_MATCH_TEXT_CHARS code units without splitting a surrogate pair.
 * Both engines build text through here, so their results compare equal.
 */
export function toMatchText(line: string): string {
  let end = line.length;
  if (line.charCodeAt(end - 1) === 0x0a) end -= 1;
  if (line.charCodeAt(end - 1) === 0x0d) end -= 1;
  if (end > MAX_MATCH_TEXT_CHARS) {
    end = MAX_MATCH_TEXT_CHARS;
    if (isHighSurrogate(line.charCodeAt(end - 1))) end -= 1;
  }
  return end === line.length ? line : line.slice(0, end);
}

/**
 * The 1-based UTF-16 column of the character that starts at `byteOffset` in
 * the UTF-8 encoding of `line` (a well-formed string, as ripgrep's JSON
 * `lines.text` is).
 */
export function columnOfUtf8Offset(line: string, byteOffset: number): number {
  // Most code is ASCII: when the first `byteOffset` characters are one byte
  // each, the native byte count settles it without a loop over a long line.
  if (byteOffset <= line.length && Buffer.byteLength(line.slice(0, byteOffset), 'utf8') === byteOffset) return byteOffset + 1;
  let bytes = 0;
  let index = 0;
  while (bytes < byteOffset && index < line.length) {
    const unit = line.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isHighSurrogate(unit) && index + 1 < line.length) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
    index += 1;
  }
  return index + 1;
}

/**
 * The 1-based UTF-16 column of byte `byteOffset` of `line` when its bytes
 * are decoded as UTF-8 with invalid sequences replaced by U+FFFD.
 */
export function columnOfByteOffset(line: Uint8Array, byteOffset: number): number {
  return Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('utf8', 0, byteOffset).length + 1;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
