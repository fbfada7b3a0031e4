import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BrassError } from '../core/index.js';

/** Text one tool result carries at most; beyond it the text is cut and the cut is said. 64 KiB. */
export const MAX_RESULT_TEXT_BYTES = 64 * 1024;

/**
 * Cuts `text` to at most `maxBytes` UTF-8 bytes on a character boundary and
 * says so on a last line when it did.
 */
export function capText(text: string, maxBytes: number = MAX_RESULT_TEXT_BYTES): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  // Decoding a cut buffer may end in a partial character: drop the replacement it becomes.
  const head = bytes.subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
  return `${head}\n[... output cut: showing ${Buffer.byteLength(head, 'utf8')} of ${bytes.length} bytes; narrow the request to see the rest ...]`;
}

/** A successful tool result of one text block, capped at MAX_RESULT_TEXT_BYTES. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text: capText(text) }] };
}

/** An expected failure (outside, missing, denied): `isError: true` and one line of text. */
export function errorResult(message: string): CallToolResult {
  const line = message.split('\n')[0] ?? message;
  return { content: [{ type: 'text', text: line }], isError: true };
}

/**
 * Runs a tool body; an expected failure (a BrassError: bad input, a missing
 * file, a denied command) becomes an error result instead of a thrown error.
 * Anything else is a bug and is rethrown for the SDK to report.
 */
export async function guardTool(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (BrassError.isInstance(error)) return errorResult(error.message);
    throw error;
  }
}
