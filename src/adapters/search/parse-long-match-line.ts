import { isAscii } from 'node:buffer';
import { MAX_MATCH_TEXT_CHARS } from './match-text.js';

/**
 * ripgrep JSON lines longer than this take the fast path: a match in a
 * minified file carries the whole (megabyte-long) line, and JSON.parse would
 * build all of it only for us to keep MAX_MATCH_TEXT_CHARS of it.
 */
export const LONG_JSON_LINE_BYTES = 4 * 1024;

/** Escaped bytes that always decode to more than MAX_MATCH_TEXT_CHARS code units (an escape is at most 6 bytes). */
const TEXT_PREFIX_RAW_BYTES = 6 * (MAX_MATCH_TEXT_CHARS + 2);

const LINES_TEXT_KEY = Buffer.from('"lines":{"text":"');

/** What the fast path extracts from a `match` message. */
export interface LongMatchLine {
  /** The message without its `lines.text` (replaced by `""`), parsed. */
  message: { data?: { path?: { text?: string; bytes?: string }; line_number?: number; submatches?: Array<{ start?: number }> } };
  /** The start of the matched line, decoded: at least MAX_MATCH_TEXT_CHARS code units, or all of it. */
  textPrefix: string;
  /** 1-based UTF-16 column of the first submatch. */
  column: number;
}

/**
 * Reads a long `{"type":"match",...}` line without decoding its whole
 * `lines.text`: the rest of the message is parsed with the text emptied, the
 * text is decoded only as far as the capped `text` needs, and the column is
 * counted over the raw escaped bytes. Returns null when the line is not in
 * the expected shape (`lines.bytes`, or an escape this does not model); the
 * caller then falls back to JSON.parse, so null costs time, never results.
 */
export function parseLongMatchLine(line: Buffer): LongMatchLine | null {
  const keyAt = line.indexOf(LINES_TEXT_KEY);
  if (keyAt < 0) return null;
  const textStart = keyAt + LINES_TEXT_KEY.length;
  const textEnd = closingQuote(line, textStart);
  if (textEnd < 0) return null;
  const message = JSON.parse(Buffer.concat([line.subarray(0, textStart), line.subarray(textEnd)]).toString('utf8')) as LongMatchLine['message'];
  const raw = line.subarray(textStart, textEnd);
  const column = columnInEscaped(raw, message.data?.submatches?.[0]?.start ?? 0);
  if (column === null) return null;
  return { message, textPrefix: decodeEscapedPrefix(raw), column };
}

/** The index of the quote that ends a JSON string starting at `from` (one not escaped by a backslash). */
function closingQuote(line: Buffer, from: number): number {
  for (let quote = line.indexOf(0x22, from); quote >= 0; quote = line.indexOf(0x22, quote + 1)) {
    let backslashes = 0;
    while (line[quote - 1 - backslashes] === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

function decodeEscapedPrefix(raw: Buffer): string {
  let cut = Math.min(raw.length, TEXT_PREFIX_RAW_BYTES);
  // Never cut inside an escape sequence: JSON.parse would reject it.
  for (let backslash = raw.indexOf(0x5c); backslash >= 0 && backslash < cut; backslash = raw.indexOf(0x5c, backslash + escapeLength(raw, backslash))) {
    if (backslash + escapeLength(raw, backslash) > cut) {
      cut = backslash;
      break;
    }
  }
  return JSON.parse(`"${raw.toString('utf8', 0, cut)}"`) as string;
}

/**
 * The 1-based UTF-16 column of decoded byte `byteOffset`, walking the raw
 * JSON string: literal runs are UTF-8 as they are; each escape stands for
 * one ASCII character (ripgrep escapes only quotes, backslashes and control
 * characters). Null for a `\u` escape above ASCII.
 */
function columnInEscaped(raw: Buffer, byteOffset: number): number | null {
  let rawPosition = 0;
  let decoded = 0;
  let units = 0;
  while (decoded < byteOffset) {
    const backslash = raw.indexOf(0x5c, rawPosition);
    const literalEnd = backslash < 0 ? raw.length : backslash;
    if (decoded + (literalEnd - rawPosition) >= byteOffset) {
      units += utf16Length(raw.subarray(rawPosition, rawPosition + (byteOffset - decoded)));
      return units + 1;
    }
    units += utf16Length(raw.subarray(rawPosition, literalEnd));
    decoded += literalEnd - rawPosition;
    if (backslash < 0) return null;
    const length = escapeLength(raw, backslash);
    if (length === 6 && Number.parseInt(raw.toString('latin1', backslash + 2, backslash + 6), 16) >= 0x80) return null;
    units += 1;
    decoded += 1;
    rawPosition = backslash + length;
  }
  return units + 1;
}

function escapeLength(raw: Buffer, backslash: number): number {
  return raw[backslash + 1] === 0x75 ? 6 : 2;
}

function utf16Length(bytes: Buffer): number {
  return isAscii(bytes) ? bytes.length : bytes.toString('utf8').length;
}
