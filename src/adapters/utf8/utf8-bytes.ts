/**
 * UTF-8 byte facts shared by the adapters that cut byte streams (capped file
 * reads, capped command output) so a cut never splits a character.
 */

/** The longest UTF-8 sequence in bytes. */
export const MAX_UTF8_SEQUENCE_BYTES = 4;

/** Whether a byte continues a multi-byte sequence (10xxxxxx). */
export function isContinuationByte(byte: number): boolean {
  return (byte & 0b1100_0000) === 0b1000_0000;
}

/** Length announced by a lead byte; 1 for ASCII and for bytes that cannot start a sequence. */
export function utf8SequenceLength(leadByte: number): number {
  if ((leadByte & 0b1110_0000) === 0b1100_0000) return 2;
  if ((leadByte & 0b1111_0000) === 0b1110_0000) return 3;
  if ((leadByte & 0b1111_1000) === 0b1111_0000) return 4;
  return 1;
}
