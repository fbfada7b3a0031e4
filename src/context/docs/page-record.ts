import { type TermCounts, countTerms } from './analyze-token.js';
import { MAX_SUMMARY_CHARS, type PageField, type PageMeta, shorten } from './page-meta.js';
import type { MarkdownBlock, scanMarkdown } from './scan-markdown.js';

// What a search needs of a page (no frontmatter parser, no Markdown scanner) lives in page-meta.ts.
export type { PageField, PageMeta } from './page-meta.js';

/** A page as the index builder takes it: metadata, the term counts of each field, and its blocks (for reranking and snippets). */
export interface PageRecord {
  meta: PageMeta;
  fields: Record<PageField, TermCounts>;
  blocks: readonly MarkdownBlock[];
}

/** Title, body and search text of a page, shared by the index and the snippets (see readPageText). */
export interface PageText {
  title: string;
  description?: string;
  aliases: string[];
  /** Frontmatter `keywords`: ranked with the aliases, never a target. */
  keywords: string[];
  /** The Markdown body without frontmatter. */
  body: string;
  scanned: ReturnType<typeof scanMarkdown>;
  /** Why the frontmatter was ignored, if it was. */
  problem?: string;
}

/** Builds the index record of one page from its text. */
export function buildPageRecord(input: { target: string; path: string; relativePath: string; text: PageText; truncated: boolean }): PageRecord {
  const { text } = input;
  const headings: string[] = [];
  const body: string[] = [];
  const codeBlocks: string[] = [];
  let isTitleSkipped = false;
  for (const block of text.scanned.blocks) {
    if (block.kind === 'prose') body.push(block.text);
    else if (block.kind === 'code') codeBlocks.push(block.text);
    else if (!isTitleSkipped && block.text.toLowerCase() === text.title.toLowerCase()) isTitleSkipped = true;
    else headings.push(block.text);
  }
  const firstProse = text.scanned.blocks.find((block) => block.kind === 'prose')?.text;
  const summarySource = text.description ?? firstProse;
  const meta: PageMeta = {
    target: input.target,
    path: input.path,
    relativePath: input.relativePath,
    title: text.title,
    aliases: text.aliases,
    truncated: input.truncated,
  };
  if (summarySource !== undefined) meta.summary = shorten(summarySource, MAX_SUMMARY_CHARS);
  return {
    meta,
    blocks: text.scanned.blocks,
    fields: {
      title: countTerms(text.title),
      // Keywords are the corpus's own synonyms of a page: they weigh as its aliases do.
      aliases: countTerms(...text.aliases, ...text.keywords),
      description: countTerms(text.description ?? ''),
      headings: countTerms(...headings),
      // Segment by segment: `guide/env-and-mode` is `guide` and `env-and-mode`, not one name.
      path: countTerms(...input.target.split('/')),
      code: countTerms(...text.scanned.codeSpans),
      codeBlocks: countTerms(...codeBlocks),
      body: countTerms(...body),
    },
  };
}
