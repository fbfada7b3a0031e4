import { truncateUtf8, utf8ByteLength } from '../../core/context-text/truncate-utf8.js';

/** Text one tool result carries at most before the loop adds nested context: 64 KiB. */
export const MAX_TOOL_RESULT_BYTES = 64 * 1024;

/**
 * Cuts `text` to at most `maxBytes` UTF-8 bytes on a character boundary and
 * says on a last line how to see the rest when it did.
 */
export function capToolText(text: string, maxBytes: number = MAX_TOOL_RESULT_BYTES, hint = 'narrow the request to see the rest'): string {
  const cut = truncateUtf8(text, maxBytes);
  if (!cut.truncated) return text;
  return `${cut.text}\n[... output cut: showing ${cut.bytes} of ${utf8ByteLength(text)} bytes; ${hint} ...]`;
}

/**
 * The last `maxBytes` UTF-8 bytes of `text` (where command output says what
 * failed), starting on a line boundary when one is near, with a first line
 * saying how much was dropped.
 */
export function tailText(text: string, maxBytes: number): string {
  const total = utf8ByteLength(text);
  if (total <= maxBytes) return text;
  // Cut the reversed text so the kept part is the end, on a character boundary.
  const reversed = [...text].reverse().join('');
  let tail = [...truncateUtf8(reversed, maxBytes).text].reverse().join('');
  const firstBreak = tail.indexOf('\n');
  if (firstBreak !== -1 && firstBreak < tail.length / 4) tail = tail.slice(firstBreak + 1);
  return `[... ${total - utf8ByteLength(tail)} earlier bytes not shown ...]\n${tail}`;
}
