import type { PageMeta } from './page-meta.js';
import { topDirectoryOf } from './page-target.js';

/** A top-level directory of the docs and its pages. */
export interface DocsRegion {
  /** The region's target: the directory name. */
  target: string;
  /** The region's own page (`x/index.md`, `x/README.md` or a top-level `x.md`), if any. */
  indexPage: number | null;
  /** Its other pages, by target. */
  pages: number[];
}

/** Pages grouped into regions; pages at the top of the docs dir that are no region's own page are loose. */
export interface DocsCatalog {
  pages: readonly PageMeta[];
  /** Regions by target, in target order. */
  regions: ReadonlyMap<string, DocsRegion>;
  /** Top-level pages that belong to no region. */
  loosePages: number[];
  /** The region of each page, by page number (null for loose pages). */
  regionOfPage: readonly (string | null)[];
}

/**
 * Groups pages (sorted by target) into regions: every top-level directory
 * holding a visible page is a region; a page whose target is the directory's
 * name is the region's own page (its title and summary describe the region).
 */
export function buildDocsCatalog(pages: readonly PageMeta[]): DocsCatalog {
  const regions = new Map<string, DocsRegion>();
  for (const meta of pages) {
    const top = topDirectoryOf(meta.relativePath);
    if (top !== null && !regions.has(top)) regions.set(top, { target: top, indexPage: null, pages: [] });
  }
  const sortedRegions = new Map([...regions].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
  const loosePages: number[] = [];
  const regionOfPage: (string | null)[] = [];
  pages.forEach((meta, page) => {
    const region = sortedRegions.get(topDirectoryOf(meta.relativePath) ?? meta.target);
    regionOfPage.push(region?.target ?? null);
    if (region === undefined) loosePages.push(page);
    else if (meta.target === region.target) region.indexPage = page;
    else region.pages.push(page);
  });
  return { pages, regions: sortedRegions, loosePages, regionOfPage };
}
