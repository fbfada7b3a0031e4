import { buildDocsIndex, openDocsIndex } from './docs-index.js';
import { type PageText, buildPageRecord } from './page-record.js';
import { scanMarkdown } from './scan-markdown.js';
import { MAX_SEARCH_RESULTS, searchDocsIndex } from './search-docs-index.js';

/** One record to search: an id of the caller's, a title, extra headings (tags, labels) and a Markdown body. */
export interface SearchableRecord {
  id: string;
  title: string;
  headings: readonly string[];
  body: string;
}

/** One result of a record search. */
export interface RecordSearchHit {
  id: string;
  title: string;
  /** The best-matching passage of the body, cut on word boundaries. */
  snippet: string;
}

/** A search over a fixed set of records (build a new one when they change). */
export interface RecordSearch {
  readonly size: number;
  /** At most `limit` (1..MAX_SEARCH_RESULTS, default MAX_SEARCH_RESULTS) hits, best first; no match is an empty list. */
  search(query: string, limit?: number): Promise<RecordSearchHit[]>;
}

/**
 * The docs ranker (BM25F with concept coverage, proximity, typo tolerance
 * and snippets: see searchDocsIndex) over arbitrary records that are not
 * files, such as the agent's memory entries. The title is the title field,
 * `headings` count as aliases, the body is read as Markdown (its blocks are
 * kept in the index for snippets, as for pages).
 *
 * @example
 * const search = createRecordSearch([{ id: 'a', title: 'Tests', headings: ['pnpm'], body: 'Run `pnpm -F api test`.' }]);
 * await search.search('how to run tests'); // [{ id: 'a', title: 'Tests', snippet: 'Run pnpm -F api test.' }]
 */
export function createRecordSearch(records: readonly SearchableRecord[]): RecordSearch {
  const texts: PageText[] = records.map((record) => ({ title: record.title, aliases: [...record.headings], keywords: [], body: record.body, scanned: scanMarkdown(record.body) }));
  const index = openDocsIndex(
    buildDocsIndex(records.map((record, position) => buildPageRecord({ target: record.id, path: record.id, relativePath: `${record.id}.md`, text: texts[position]!, truncated: false }))),
  );
  return {
    size: records.length,
    search(query, limit = MAX_SEARCH_RESULTS) {
      const hits = searchDocsIndex({
        index,
        query,
        isAllowed: () => true,
        limit: Math.max(1, Math.min(MAX_SEARCH_RESULTS, limit)),
      });
      return Promise.resolve(hits.map((hit) => ({ id: hit.target, title: hit.title, snippet: hit.snippet })));
    },
  };
}
