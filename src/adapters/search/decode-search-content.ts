/**
 * The bytes ripgrep actually searches for a file's raw bytes: its default
 * `--encoding auto` sniffs a byte-order mark and transcodes UTF-16 (LE or BE)
 * and BOM-marked UTF-8 to UTF-8, replacing invalid sequences with U+FFFD;
 * bytes without a BOM are searched as they are.
 */
export function decodeSearchContent(raw: Buffer): Buffer {
  if (raw.length >= 3 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) {
    return Buffer.from(raw.toString('utf8', 3), 'utf8');
  }
  if (raw.length >= 2 && raw[0] === 0xff && raw[1] === 0xfe) return transcode(raw, 'utf-16le');
  if (raw.length >= 2 && raw[0] === 0xfe && raw[1] === 0xff) return transcode(raw, 'utf-16be');
  return raw;
}

function transcode(raw: Buffer, encoding: 'utf-16le' | 'utf-16be'): Buffer {
  // Only the first BOM is a mark: a second one is content, as in ripgrep.
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(raw.subarray(2));
  return Buffer.from(text, 'utf8');
}
