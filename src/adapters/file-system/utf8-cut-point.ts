/** The longest UTF-8 sequence: a cut never looks back further than this. */
const MAX_UTF8_SEQUENCE_BYTES = 4;

/**
 * The largest offset `<= limit` at which `bytes` can be cut without splitting
 * a UTF-8 character. `bytes` should hold a few bytes past `limit` (up to 3)
 * so a character straddling the limit is recognised; a stray continuation
 * byte or an invalid lead byte is not a character and never moves the cut.
 *
 * @example
 * utf8CutPoint(Buffer.from('ab€'), 3) // 2: '€' is three bytes starting at 2
 */
export function utf8CutPoint(bytes: Uint8Array, limit: number): number {
  if (bytes.length <= limit) return bytes.length;
  let start = limit;
  while (start > 0 && limit - start < MAX_UTF8_SEQUENCE_BYTES - 1 && isContinuationByte(bytes[start]!)) start -= 1;
  if (start === limit) return limit;
  const length = sequenceLength(bytes[start]!);
  return start + length > limit ? start : limit;
}

function isContinuationByte(byte: number): boolean {
  return (byte & 0b1100_0000) === 0b1000_0000;
}

/** Length announced by a lead byte; 1 for ASCII and for bytes that cannot start a sequence. */
function sequenceLength(byte: number): number {
  if ((byte & 0b1110_0000) === 0b1100_0000) return 2;
  if ((byte & 0b1111_0000) === 0b1110_0000) return 3;
  if ((byte & 0b1111_1000) === 0b1111_0000) return 4;
  return 1;
}
