import { type TermCounts, countTerms } from './analyze-token.js';
import { basenameOfTarget, markdownExtensionOf } from './page-target.js';
import { parseFrontmatter } from './parse-frontmatter.js';
import { type MarkdownBlock, scanMarkdown } from './scan-markdown.js';

/** The fields a page is indexed by, each with its own weight (see bm25f-parameters.ts). */
export const PAGE_FIELDS = ['title', 'aliases', 'description', 'headings', 'path', 'code', 'codeBlocks', 'body'] as const;

/** One indexed field of a page. */
export type PageField = (typeof PAGE_FIELDS)[number];

/** What the map keeps about a page besides its terms (it is also what the cache stores). */
export interface PageMeta {
  /** Canonical target (`guides/install`). */
  target: string;
  /** Workspace-relative file path (`docs/guides/install.md`). */
  path: string;
  /** Docs-relative file path (`guides/install.md`). */
  relativePath: string;
  title: string;
  /** Frontmatter `description`, or the first paragraph, shortened. */
  summary?: string;
  aliases: string[];
  /** Only the first `docs.maxPageBytes` bytes were read. */
  truncated: boolean;
}

/** A page as the index builder takes it: metadata, the term counts of each field, and its blocks (for reranking and snippets). */
export interface PageRecord {
  meta: PageMeta;
  fields: Record<PageField, TermCounts>;
  blocks: readonly MarkdownBlock[];
}

/** Summaries are cut to about this many characters, on a word boundary. */
export const MAX_SUMMARY_CHARS = 200;

/** Title, body and search text of a page, shared by the index and the snippets. */
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

/**
 * Reads a page's frontmatter and Markdown: the title is the frontmatter
 * `title`, else its navigation label (`linkTitle`, `sidebar_label`), else
 * the first heading (escapes, `{#id}` and shortcodes removed), else the file name (also when the
 * frontmatter is broken, as the issue asks).
 */
export function readPageText(relativePath: string, target: string, text: string): PageText {
  const parsed = parseFrontmatter(text);
  const scanned = scanMarkdown(parsed.body, { isMdx: markdownExtensionOf(relativePath) === '.mdx' });
  const firstHeading = parsed.problem === undefined ? scanned.blocks.find((block) => block.kind === 'heading')?.text : undefined;
  const title = parsed.frontmatter.title ?? parsed.frontmatter.navLabel ?? firstHeading ?? basenameOfTarget(target);
  const page: PageText = { title, aliases: parsed.frontmatter.aliases, keywords: parsed.frontmatter.keywords, body: parsed.body, scanned };
  if (parsed.frontmatter.description !== undefined) page.description = parsed.frontmatter.description;
  if (parsed.problem !== undefined) page.problem = parsed.problem;
  return page;
}

/** Cuts text to at most `maxChars` characters on a word boundary, with an ellipsis when cut. */
export function shorten(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.lastIndexOf(' ', maxChars - 1);
  return `${text.slice(0, cut > maxChars / 2 ? cut : maxChars - 1).trimEnd()}…`;
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
