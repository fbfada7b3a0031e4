import { InvalidInputError, type Runtime, systemClock } from '../../core/index.js';
import { assignTargets } from './assign-targets.js';
import type { LoadedPage, buildDocsIndexFromFiles as BuildDocsIndexFromFiles, loadPage as LoadPage } from './build-docs-index-from-files.js';
import { buildDocsCatalog } from './docs-catalog.js';
import { type DocsIndexData, openDocsIndex } from './docs-index.js';
import type { DocsIndexCache } from './docs-index-cache.js';
import { DocsTargetError } from './docs-target-error.js';
import type { DocsOverview, DocsPageView, DocsRegionSummary, DocsRegionView, DocsSearchResult } from './docs-views.js';
import { listDocsFiles } from './list-docs-files.js';
import { readDocsIndexCache, writeDocsIndexCache } from './docs-index-cache-io.js';
import { type ListingSnapshot, type SiteStamp, isRacyListing, isSameListing, isSiteStampCurrent } from './docs-map-freshness.js';
import { anchorsOf, findSection } from './page-section.js';
import { type SiteStructure, readSiteStructure } from './read-site-structure.js';
import { type DocsTargetResolution, type TargetResolver, createTargetResolver, splitAnchor } from './resolve-docs-target.js';
import { MAX_SEARCH_RESULTS, searchDocsIndex } from './search-docs-index.js';

/** Default of `docs.maxPageBytes`: pages are read up to 1 MiB. */
export const DEFAULT_MAX_PAGE_BYTES = 1024 * 1024;
/** Anchors listed when a `page#anchor` names no heading of the page. */
const MAX_LISTED_ANCHORS = 40;
/** Page texts kept in memory between searches, in characters (about 64 MiB). */
const MAX_REMEMBERED_TEXT_CHARS = 32 * 1024 * 1024;

export interface CreateDocsMapOptions {
  /** Every read goes through this runtime: workspace scope, permission rules, safe reads. */
  runtime: Runtime;
  /** Docs directories, workspace-relative (config `docs.dir`). */
  dirs: readonly string[];
  /** Pages are read up to this many bytes (config `docs.maxPageBytes`). */
  maxPageBytes?: number;
  /** Keeps the index between runs; absent, the index is built every time. */
  cache?: DocsIndexCache;
  /** Pages read of those to index when the index is built (not when it comes from the cache): first 0, last the total. */
  onProgress?: (done: number, total: number) => void;
  /**
   * A map this function returned before, for a caller that keeps one between
   * calls (the MCP server): when the listing shows the same pages with the
   * same sizes and mtimes in the same setup, and the site structure's
   * directories and config files are unchanged (a few stats; they are read
   * again when a stamp is stale or within the racy window), that map is
   * returned as it is, its page texts still in memory; otherwise, or while
   * a page's mtime is within RACY_WINDOW_MS of the listing, a new one is
   * opened as without it.
   */
  reuse?: DocsMap;
}

/** The docs map of a workspace: regions, a region's pages, a page, search. */
export interface DocsMap {
  /** One line per problem met while indexing (unreadable pages, broken frontmatter, cache trouble). */
  readonly warnings: readonly string[];
  /** Whether the index came from the cache (nothing was re-read or re-tokenised). */
  readonly isFromCache: boolean;
  readonly pageCount: number;
  /** The regions (top-level directories) and the loose top-level pages. */
  regions(): DocsOverview;
  /** What a target names, without throwing. */
  resolve(target: string): DocsTargetResolution;
  /** A region's page index. Throws DocsTargetError when the target is no region. */
  region(target: string): Promise<DocsRegionView>;
  /**
   * A page in full (a region's own page for a region target); `page#anchor`,
   * the section under that heading. Throws DocsTargetError (also for an
   * anchor the page does not have: its `candidates` are the page's anchors).
   */
  page(target: string): Promise<DocsPageView>;
  /** A region or a page, whichever the target names (what `brass-agent docs TARGET` shows); `x#anchor` is always a page's section. */
  open(target: string): Promise<({ kind: 'region' } & DocsRegionView) | ({ kind: 'page' } & DocsPageView)>;
  /**
   * At most five pages for a query, best first, each with a snippet and how it
   * matched; `scope` (a region or page target) limits the search to it. No
   * match is an empty list. Throws InvalidInputError for an empty query and
   * DocsTargetError for a bad scope.
   */
  search(query: string, options?: { scope?: string; limit?: number }): Promise<DocsSearchResult>;
}

/**
 * The setup and listing each map was opened for, and the site structure it
 * was opened with (config files that are no pages: `_category_.json`,
 * `mkdocs.yml`, `sidebars.json`) with what it was read from, so `reuse` can
 * tell whether it is still current. `siteStamp` is renewed when a re-read
 * finds the same structure.
 */
const openedFor = new WeakMap<DocsMap, { snapshot: ListingSnapshot; regions: ReadonlySet<string>; structure: string; siteStamp: SiteStamp | null }>();

/**
 * Opens the docs map: lists the docs through the runtime, then loads the
 * index from the cache when the fingerprint of every page's size and mtime
 * matches, else reads, tokenises and indexes every page and stores the
 * index. Queries never reach the cache.
 *
 * Throws InvalidInputError (`docs.dir`) for a missing docs directory.
 *
 * @example
 * const map = await createDocsMap({ runtime, dirs: ['docs'], cache });
 * const { results } = await map.search('configure the dev server proxy');
 * const page = await map.page(results[0]!.target);
 */
export async function createDocsMap(options: CreateDocsMapOptions): Promise<DocsMap> {
  const { runtime } = options;
  const maxPageBytes = options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES;
  if (!Number.isSafeInteger(maxPageBytes) || maxPageBytes < 1) throw new InvalidInputError('docs.maxPageBytes', 'must be a positive integer');
  if (options.dirs.length === 0) throw new InvalidInputError('docs.dir', 'names no directory');
  const listedAtMs = systemClock.now();
  const listing = await listDocsFiles(runtime, options.dirs);
  // A racy listing is never remembered as current: the next call compares again from scratch.
  const snapshot: ListingSnapshot | null = isRacyListing(listing, listedAtMs) ? null : { root: runtime.scope.root, maxPageBytes, listing };
  const previous = options.reuse === undefined ? undefined : openedFor.get(options.reuse);
  if (options.reuse !== undefined && previous !== undefined && snapshot !== null && isSameListing(previous.snapshot, snapshot)) {
    // The same pages, so the same targets and index: only the site's config files can have changed.
    if (previous.siteStamp !== null && (await isSiteStampCurrent(runtime, previous.siteStamp))) return options.reuse;
    const structure = await readSiteStructure(runtime, { dirs: listing.dirs, categoryFiles: listing.categoryFiles, regions: previous.regions });
    if (structureKeyOf(structure) === previous.structure) {
      previous.siteStamp = structure.stamp;
      return options.reuse;
    }
  }
  const warnings = [...listing.warnings];
  const cacheKey = { root: runtime.scope.root, dirs: listing.dirs, files: listing.files, maxPageBytes };

  let data: DocsIndexData;
  let remembered = new Map<number, LoadedPage>();
  // A hit holds the targets (in its pages) and the clash warnings: only a build assigns them.
  const cached = options.cache === undefined ? null : await readDocsIndexCache(options.cache, cacheKey, warnings);
  if (cached !== null) {
    data = cached.index;
    warnings.push(...cached.warnings);
  } else {
    const assigned = assignTargets(listing.files);
    const { buildDocsIndexFromFiles } = await loadPageReader();
    const built = await buildDocsIndexFromFiles(runtime, assigned.files, maxPageBytes, options.onProgress);
    data = built.index;
    remembered = built.loaded;
    const buildWarnings = [...assigned.warnings, ...built.warnings];
    // The clashes come before a cache trouble warning, as they did before the cache was read.
    warnings.splice(listing.warnings.length, 0, ...assigned.warnings);
    warnings.push(...built.warnings);
    if (options.cache !== undefined) await writeDocsIndexCache(options.cache, cacheKey, { index: data, warnings: buildWarnings }, warnings);
  }

  const index = openDocsIndex(data);
  const catalog = buildDocsCatalog(index.pages);
  // Built on the first target to resolve: a search without a scope needs none (issue 20, item 4).
  let resolver: TargetResolver | undefined;
  const resolveTarget = (target: string): DocsTargetResolution => (resolver ??= createTargetResolver(catalog, listing.dirs)).resolve(target);
  const structure = await readSiteStructure(runtime, { dirs: listing.dirs, categoryFiles: listing.categoryFiles, regions: new Set(catalog.regions.keys()) });
  warnings.push(...structure.warnings);
  /** A region's name and description: the site's navigation label, else its own page, else the folder name. */
  const describeRegion = (region: string): Omit<DocsRegionSummary, 'pageCount'> => {
    const entry = catalog.regions.get(region)!;
    const indexMeta = entry.indexPage === null ? undefined : index.pages[entry.indexPage];
    const label = structure.regions.get(region);
    const description = label?.description ?? indexMeta?.summary;
    const summary = { target: region, title: label?.title ?? indexMeta?.title ?? region };
    return description === undefined ? summary : { ...summary, description };
  };
  let rememberedChars = [...remembered.values()].reduce((sum, page) => sum + page.text.body.length, 0);

  const loadText = async (page: number): Promise<LoadedPage | null> => {
    const known = remembered.get(page);
    if (known !== undefined) return known;
    const meta = index.pages[page]!;
    const { loadPage } = await loadPageReader();
    const loaded = await loadPage(runtime, meta, maxPageBytes);
    if ('problem' in loaded) return null;
    if (rememberedChars + loaded.text.body.length <= MAX_REMEMBERED_TEXT_CHARS) {
      remembered.set(page, loaded);
      rememberedChars += loaded.text.body.length;
    }
    return loaded;
  };

  const pageView = async (page: number, anchor?: string): Promise<DocsPageView> => {
    const meta = index.pages[page]!;
    const loaded = await loadText(page);
    if (loaded === null) throw new InvalidInputError('target', `${meta.target}: ${meta.path} can no longer be read`);
    const view: DocsPageView = { target: meta.target, title: meta.title, path: meta.path, body: loaded.text.body, truncated: loaded.truncated };
    if (loaded.text.description !== undefined) view.description = loaded.text.description;
    if (anchor === undefined) return view;
    const section = findSection(loaded.text.body, loaded.text.scanned.blocks, anchor);
    if (section === null) throw noSuchAnchor(meta.target, anchor, anchorsOf(loaded.text.scanned.blocks));
    return { ...view, body: section.body, anchor: section.anchor, heading: section.heading };
  };

  const regionView = async (region: string): Promise<DocsRegionView> => {
    const entry = catalog.regions.get(region)!;
    const view: DocsRegionView = {
      ...describeRegion(region),
      pages: entry.pages.map((page) => ({ target: index.pages[page]!.target, title: index.pages[page]!.title })),
    };
    if (entry.indexPage !== null) view.indexPage = await pageView(entry.indexPage);
    return view;
  };

  const resolveOrThrow = (target: string): Extract<DocsTargetResolution, { ok: true }> => {
    if (typeof target !== 'string') throw new InvalidInputError('target', 'must be a string');
    const resolution = resolveTarget(target);
    if (resolution.ok) return resolution;
    throw toTargetError(target, resolution);
  };

  const openPage = async (target: string): Promise<DocsPageView> => {
    const { anchor } = splitAnchor(target);
    const resolution = resolveOrThrow(target);
    if (resolution.kind === 'page') return pageView(resolution.page, anchor);
    const indexPage = catalog.regions.get(resolution.region)!.indexPage;
    if (indexPage === null) {
      throw new DocsTargetError({
        target,
        failure: 'not-a-page',
        message: `${JSON.stringify(target)} is a region without a page of its own; list its pages or search in it`,
      });
    }
    return pageView(indexPage, anchor);
  };

  const map: DocsMap = {
    warnings,
    isFromCache: cached !== null,
    pageCount: index.pages.length,
    regions() {
      // Regions the site's navigation gives a position come first, in that order; the rest by target.
      const positionOf = (region: string): number => structure.regions.get(region)?.position ?? Number.POSITIVE_INFINITY;
      const ordered = [...catalog.regions.values()].sort((left, right) => {
        const difference = positionOf(left.target) - positionOf(right.target);
        return Number.isNaN(difference) ? 0 : difference; // both without a position: keep target order
      });
      return {
        regions: ordered.map((entry) => ({ ...describeRegion(entry.target), pageCount: entry.pages.length })),
        pages: catalog.loosePages.map((page) => ({ target: index.pages[page]!.target, title: index.pages[page]!.title })),
      };
    },
    resolve: resolveTarget,
    async region(target) {
      const resolution = resolveOrThrow(target);
      if (resolution.kind !== 'region') {
        throw new DocsTargetError({ target, failure: 'not-a-page', message: `${JSON.stringify(target)} is a page, not a region; open it as a page` });
      }
      return regionView(resolution.region);
    },
    page: openPage,
    async open(target) {
      const resolution = resolveOrThrow(target);
      // `region#anchor` is a section of the region's own page.
      if (resolution.kind === 'page' || splitAnchor(target).anchor !== undefined) return { kind: 'page', ...(await openPage(target)) };
      return { kind: 'region', ...(await regionView(resolution.region)) };
    },
    async search(query, searchOptions = {}) {
      if (typeof query !== 'string') throw new InvalidInputError('query', 'must be a string');
      if (query.trim().length === 0) throw new InvalidInputError('query', 'is empty; describe what you are looking for');
      const limit = searchOptions.limit ?? MAX_SEARCH_RESULTS;
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_SEARCH_RESULTS) {
        throw new InvalidInputError('limit', `must be a whole number from 1 to ${MAX_SEARCH_RESULTS}`);
      }
      let isAllowed = (_page: number): boolean => true;
      let scope: string | undefined;
      if (searchOptions.scope !== undefined) {
        const resolution = resolveOrThrow(searchOptions.scope);
        scope = resolution.kind === 'region' ? resolution.region : index.pages[resolution.page]!.target;
        const prefix = `${scope}/`;
        isAllowed = (page) => {
          const target = index.pages[page]!.target;
          return target === scope || target.startsWith(prefix) || catalog.regionOfPage[page] === scope;
        };
      }
      const results = searchDocsIndex({ index, query, isAllowed, limit });
      return scope === undefined ? { query, results } : { query, scope, results };
    },
  };
  if (snapshot !== null) openedFor.set(map, { snapshot, regions: new Set(catalog.regions.keys()), structure: structureKeyOf(structure), siteStamp: structure.stamp });
  return map;
}

/**
 * The page reader (frontmatter, Markdown scanning, tokenising), loaded when a
 * page is first read: a search served from the cache never needs it, and
 * the CLI then loads no YAML parser (issue 20, item 4).
 */
async function loadPageReader(): Promise<{ buildDocsIndexFromFiles: typeof BuildDocsIndexFromFiles; loadPage: typeof LoadPage }> {
  return import('./build-docs-index-from-files.js');
}

function structureKeyOf(structure: SiteStructure): string {
  return JSON.stringify([[...structure.regions].sort(([left], [right]) => left.localeCompare(right)), structure.warnings]);
}

function noSuchAnchor(target: string, anchor: string, anchors: readonly string[]): DocsTargetError {
  const requested = `${target}#${anchor}`;
  if (anchors.length === 0) {
    return new DocsTargetError({ target: requested, failure: 'not-found', message: `${target} has no headings, so no #${anchor}; open ${target} for the whole page` });
  }
  const listed = anchors.slice(0, MAX_LISTED_ANCHORS).join(', ');
  const more = anchors.length > MAX_LISTED_ANCHORS ? ` and ${anchors.length - MAX_LISTED_ANCHORS} more` : '';
  return new DocsTargetError({
    target: requested,
    failure: 'not-found',
    candidates: anchors.map((known) => `${target}#${known}`),
    message: `${target} has no heading #${anchor}; its anchors: ${listed}${more}`,
  });
}

function toTargetError(target: string, resolution: Extract<DocsTargetResolution, { ok: false }>): DocsTargetError {
  switch (resolution.failure) {
    case 'invalid':
      return new DocsTargetError({ target, failure: 'invalid', message: resolution.message });
    case 'ambiguous':
      return new DocsTargetError({
        target,
        failure: 'ambiguous',
        candidates: resolution.candidates,
        message: `${JSON.stringify(target)} matches several docs pages: ${resolution.candidates.join(', ')}; give the full target`,
      });
    case 'not-found': {
      const hint = resolution.suggestions.length === 0 ? '' : `; did you mean ${resolution.suggestions.join(', ')}?`;
      return new DocsTargetError({ target, failure: 'not-found', candidates: resolution.suggestions, message: `no docs region or page ${JSON.stringify(target)}${hint}` });
    }
  }
}
