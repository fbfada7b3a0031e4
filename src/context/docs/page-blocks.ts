import type { MarkdownBlock } from './scan-markdown.js';

/**
 * Every page's scanned blocks (headings, prose, code as plain text), kept
 * with the index in the form the cache stores: page i's blocks are the UTF-8
 * JSON in bytes offsets[i] .. offsets[i + 1] - 1. A search decodes only the
 * pages it reranks and cuts snippets from, so a warm search reads, parses
 * and scans no page file.
 */
export interface EncodedPageBlocks {
  offsets: Uint32Array;
  bytes: Uint8Array;
}

/** A block as stored: kind, text, then a heading's depth, anchor and offset in the body. */
type StoredBlock = [kind: 0 | 1 | 2, text: string, depth?: number, anchor?: string | null, offset?: number | null];

const KINDS: readonly MarkdownBlock['kind'][] = ['heading', 'prose', 'code'];

/** Encodes the blocks of every page, in page order. */
export function encodePageBlocks(pages: readonly (readonly MarkdownBlock[])[]): EncodedPageBlocks {
  const encoder = new TextEncoder();
  const parts = pages.map((blocks) =>
    encoder.encode(
      JSON.stringify(
        blocks.map((block): StoredBlock => {
          const kind = KINDS.indexOf(block.kind) as StoredBlock[0];
          return block.kind === 'heading' ? [kind, block.text, block.depth ?? 1, block.anchor ?? null, block.offset ?? null] : [kind, block.text];
        }),
      ),
    ),
  );
  const offsets = new Uint32Array(pages.length + 1);
  parts.forEach((part, page) => (offsets[page + 1] = offsets[page]! + part.length));
  const bytes = new Uint8Array(offsets[pages.length]!);
  parts.forEach((part, page) => bytes.set(part, offsets[page]!));
  return { offsets, bytes };
}

/** Whether the offsets describe `bytes` (ascending, ending at its length): the cache's integrity check. */
export function isConsistentPageBlocks(encoded: EncodedPageBlocks, pageCount: number): boolean {
  const { offsets, bytes } = encoded;
  if (offsets.length !== pageCount + 1 || offsets[0] !== 0 || offsets[pageCount] !== bytes.length) return false;
  for (let page = 0; page < pageCount; page += 1) if (offsets[page]! > offsets[page + 1]!) return false;
  return true;
}

/**
 * Page `page`'s blocks, or null when its stored form is unreadable (a
 * damaged cache entry: the search then ranks the page without its text).
 */
export function decodePageBlocks(encoded: EncodedPageBlocks, page: number): MarkdownBlock[] | null {
  const start = encoded.offsets[page];
  const end = encoded.offsets[page + 1];
  if (start === undefined || end === undefined) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(encoded.bytes.subarray(start, end)));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
  if (!Array.isArray(stored)) return null;
  const blocks: MarkdownBlock[] = [];
  for (const item of stored as unknown[]) {
    if (!Array.isArray(item) || typeof item[1] !== 'string') return null;
    const kind = KINDS[item[0] as number];
    if (kind === undefined) return null;
    if (kind !== 'heading') {
      blocks.push({ kind, text: item[1] });
      continue;
    }
    if (typeof item[2] !== 'number' || (typeof item[3] !== 'string' && item[3] !== null) || (typeof item[4] !== 'number' && item[4] !== null)) return null;
    const block: MarkdownBlock = { kind, text: item[1], depth: item[2] };
    if (typeof item[3] === 'string') block.anchor = item[3];
    if (typeof item[4] === 'number') block.offset = item[4];
    blocks.push(block);
  }
  return blocks;
}
