import type { DocsSearchHit } from './search-docs-index.js';

/** A region in the overview. */
export interface DocsRegionSummary {
  target: string;
  title: string;
  /** The region page's frontmatter description or first paragraph, shortened. */
  description?: string;
  /** Pages in the region besides its own page. */
  pageCount: number;
}

/** A page in a listing. */
export interface DocsPageSummary {
  target: string;
  title: string;
}

/** Nothing asked for: the regions, and the pages at the top that belong to none. */
export interface DocsOverview {
  regions: DocsRegionSummary[];
  pages: DocsPageSummary[];
}

/** One page in full. */
export interface DocsPageView {
  target: string;
  title: string;
  /** Frontmatter description, when the page has one. */
  description?: string;
  /** Workspace-relative file path. */
  path: string;
  /** The Markdown without frontmatter (only the section, for a `page#anchor` target). */
  body: string;
  /** Only the first `docs.maxPageBytes` bytes are shown. */
  truncated: boolean;
  /** For a `page#anchor` target: the section's anchor and heading; `target` alone is the whole page. */
  anchor?: string;
  heading?: string;
}

/** A region: its compact page index, and its own page in full when it has one. */
export interface DocsRegionView {
  target: string;
  title: string;
  description?: string;
  pages: DocsPageSummary[];
  /** The region's own page (`x/index.md`, `x/README.md`, `x.md`), if any. */
  indexPage?: DocsPageView;
}

/** A search's results, best first. */
export interface DocsSearchResult {
  query: string;
  /** The target the search was limited to, canonical. */
  scope?: string;
  results: DocsSearchHit[];
}
