/**
 * What the index keeps of a page and the helpers a search needs of it,
 * apart from page-record.ts: a warm search loads neither the frontmatter
 * parser (gray-matter, js-yaml) nor the Markdown scanner.
 */

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

/** Summaries are cut to about this many characters, on a word boundary. */
export const MAX_SUMMARY_CHARS = 200;

/** Cuts text to at most `maxChars` characters on a word boundary, with an ellipsis when cut. */
export function shorten(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.lastIndexOf(' ', maxChars - 1);
  return `${text.slice(0, cut > maxChars / 2 ? cut : maxChars - 1).trimEnd()}…`;
}
