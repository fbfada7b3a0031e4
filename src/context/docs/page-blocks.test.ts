import { describe, expect, it } from 'vitest';
import { decodePageBlocks, encodePageBlocks, isConsistentPageBlocks } from './page-blocks.js';
import { scanMarkdown } from './scan-markdown.js';

describe('page blocks', () => {
  it('decode to the blocks the scanner made: kinds, text, heading depth, anchor and offset', () => {
    const pages = [
      scanMarkdown('# Server\n\n## Proxy rules {#proxy}\n\nForward requests.\n\n```js\nexport default {}\n```\n').blocks,
      [],
      scanMarkdown('Intro without a heading.\n\n### Deep\n\nText — with “unicode”.\n').blocks,
    ];
    const encoded = encodePageBlocks(pages);
    expect(isConsistentPageBlocks(encoded, pages.length)).toBe(true);
    pages.forEach((blocks, page) => expect(decodePageBlocks(encoded, page)).toEqual(blocks));
  });

  it('reads damaged bytes as null and inconsistent offsets as inconsistent', () => {
    const encoded = encodePageBlocks([scanMarkdown('# A\n\nText.\n').blocks]);
    const damaged = { offsets: encoded.offsets, bytes: encoded.bytes.slice() };
    damaged.bytes[1] = 0x22; // a quote where the first block's array opens
    expect(decodePageBlocks(damaged, 0)).toBeNull();
    expect(decodePageBlocks(encoded, 5)).toBeNull();
    expect(isConsistentPageBlocks(encoded, 2)).toBe(false);
    expect(isConsistentPageBlocks({ offsets: encoded.offsets, bytes: encoded.bytes.subarray(1) }, 1)).toBe(false);
  });
});
