/**
 * The docs map: a funnel from the documentation's regions (top-level
 * directories) to ranked search in task language to one canonical target,
 * read in full. Pure logic over the core runtime (every read is an
 * `fs.list`, `fs.stat` or `fs.readFile` action); the index cache is a
 * capability the caller supplies. The CLI's `docs` command, the agent's
 * `docs_map` tool and the MCP tool share this core.
 */
export { answerDocsQuery, docsPageJson, docsRegionJson } from './answer-docs-query.js';
export type { DocsQuery } from './answer-docs-query.js';
export { DEFAULT_MAX_PAGE_BYTES, createDocsMap } from './create-docs-map.js';
export type { CreateDocsMapOptions, DocsMap } from './create-docs-map.js';
export type { DocsIndexCache } from './docs-index-cache.js';
export { DocsTargetError } from './docs-target-error.js';
export type { DocsTargetFailure } from './docs-target-error.js';
export type {
  DocsOverview,
  DocsPageSummary,
  DocsPageView,
  DocsRegionSummary,
  DocsRegionView,
  DocsSearchResult,
} from './docs-views.js';
export { GUIDANCE_BEGIN_MARKER, GUIDANCE_END_MARKER, renderDocsGuidance, upsertDocsGuidance } from './docs-guidance.js';
export { GUIDANCE_FILE, MAX_GUIDANCE_FILE_BYTES, writeDocsGuidance } from './write-docs-guidance.js';
export type { DocsGuidanceResult } from './write-docs-guidance.js';
export { MAX_DOCS_PAGES } from './list-docs-files.js';
export { MAX_QUERY_CHARS } from './analyze-query.js';
export type { DocsTargetResolution } from './resolve-docs-target.js';
export { MAX_SEARCH_RESULTS } from './search-docs-index.js';
export type { DocsSearchHit } from './search-docs-index.js';
export type { MatchKind } from './rank-pages.js';
export { SNIPPET_MAX_CHARS } from './make-snippet.js';
export { createRecordSearch } from './create-record-search.js';
export type { RecordSearch, RecordSearchHit, SearchableRecord } from './create-record-search.js';
