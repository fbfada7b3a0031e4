import { MAX_UTF8_SEQUENCE_BYTES, isContinuationByte, utf8SequenceLength } from '../utf8/utf8-bytes.js';

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
  const length = utf8SequenceLength(bytes[start]!);
  return start + length > limit ? start : limit;
}
