import { slugifyHeading } from './heading-anchor.js';
import type { MarkdownBlock } from './scan-markdown.js';

/** A heading of a page and the Markdown under it. */
export interface PageSection {
  anchor: string;
  /** The heading as a reader sees it. */
  heading: string;
  /** From the heading line to the next heading of the same or a higher level. */
  body: string;
}

type HeadingBlock = MarkdownBlock & { kind: 'heading'; anchor: string; offset: number; depth: number };

function isHeading(block: MarkdownBlock): block is HeadingBlock {
  return block.kind === 'heading' && block.anchor !== undefined && block.offset !== undefined && block.depth !== undefined;
}

/** Every anchor of a page, in document order. */
export function anchorsOf(blocks: readonly MarkdownBlock[]): string[] {
  return blocks.filter(isHeading).map((block) => block.anchor);
}

/**
 * The section a `page#anchor` target names: the anchor as written, else in
 * another case, else the slug of what was typed (`#Server Options` finds
 * `server-options`). Null when the page has no such heading.
 */
export function findSection(body: string, blocks: readonly MarkdownBlock[], anchor: string): PageSection | null {
  const headings = blocks.filter(isHeading);
  const wanted = anchor.trim();
  const lower = wanted.toLowerCase();
  const slug = slugifyHeading(wanted);
  const position =
    [
      headings.findIndex((block) => block.anchor === wanted),
      headings.findIndex((block) => block.anchor.toLowerCase() === lower),
      headings.findIndex((block) => block.anchor === slug),
    ].find((found) => found !== -1) ?? -1;
  if (position === -1) return null;
  const heading = headings[position]!;
  const next = headings.slice(position + 1).find((block) => block.depth <= heading.depth);
  return { anchor: heading.anchor, heading: heading.text, body: body.slice(heading.offset, next?.offset ?? body.length) };
}

/**
 * The heading a block of a page sits under, as a search result names it:
 * the nearest heading before it, unless that is the page's opening `#`
 * heading (its section is the whole page). Null for a block before any
 * heading.
 */
export function headingOfBlock(blocks: readonly MarkdownBlock[], blockIndex: number): { anchor: string; heading: string } | null {
  const firstHeading = blocks.findIndex((block) => block.kind === 'heading');
  for (let index = blockIndex; index >= 0; index -= 1) {
    const block = blocks[index]!;
    if (!isHeading(block)) continue;
    if (index === firstHeading && block.depth === 1) return null;
    return { anchor: block.anchor, heading: block.text };
  }
  return null;
}
