import { MAX_QUERY_CHARS, analyzeQuery } from './analyze-query.js';
import { diversify } from './diversify.js';
import type { DocsIndex } from './docs-index.js';
import { type SectionSnippet, makeSectionSnippet } from './make-snippet.js';
import { metadataFallback } from './metadata-fallback.js';
import { proximityBoost } from './proximity-boost.js';
import { type MatchKind, rankPages } from './rank-pages.js';

/** Most results one search returns. */
export const MAX_SEARCH_RESULTS = 5;
/** Best full-text candidates whose text is read for the proximity boost and diversity. */
export const RERANK_CANDIDATES = 20;

/** One search result: the page to open next and why it matched. */
export interface DocsSearchHit {
  /** The page's canonical target. */
  target: string;
  title: string;
  /** The best-matching passage, cut on word boundaries. */
  snippet: string;
  match: MatchKind;
  /** The heading the snippet sits under; open `target#anchor` for that section alone. */
  heading?: string;
  anchor?: string;
}

/** What searchDocsIndex needs. */
export interface SearchDocsIndexInput {
  index: DocsIndex;
  query: string;
  /** Pages the search may return (a scope). */
  isAllowed: (page: number) => boolean;
  /** At most this many results (1..MAX_SEARCH_RESULTS). */
  limit: number;
}

/**
 * Searches the index: BM25F with coverage over the query's concepts (see
 * rankPages), then, for the best RERANK_CANDIDATES, the proximity boost from
 * their text (see proximityBoost), then diversity among the results. When
 * full text finds nothing, the metadata fallback compares the query with
 * titles, aliases and paths. Every result carries a snippet. No match is an
 * empty list.
 */
export function searchDocsIndex(input: SearchDocsIndexInput): DocsSearchHit[] {
  const { index, isAllowed, limit } = input;
  const query = input.query.slice(0, MAX_QUERY_CHARS);
  const concepts = analyzeQuery(query);
  if (concepts.length === 0) return [];
  const ranking = rankPages(index, concepts, isAllowed);

  if (ranking.pages.length === 0) {
    return metadataFallback(index.pages, query, isAllowed)
      .slice(0, limit)
      .map(({ page }) => {
        const meta = index.pages[page]!;
        return { target: meta.target, title: meta.title, snippet: meta.summary ?? meta.title, match: 'fuzzy' as const };
      });
  }

  // The blocks come with the index (see DocsIndexData.pageBlocks): no page file is read here.
  const candidates = ranking.pages.slice(0, RERANK_CANDIDATES).map((ranked) => {
    const meta = index.pages[ranked.page]!;
    const blocks = index.blocksOf(ranked.page);
    const boost = blocks === null ? 1 : proximityBoost(concepts.length, meta.title, blocks, ranking.matchedTerms);
    const slash = meta.target.lastIndexOf('/');
    return { ...ranked, blocks, score: ranked.score * boost, directory: slash === -1 ? '' : meta.target.slice(0, slash), titleKey: meta.title.toLowerCase() };
  });
  candidates.sort((left, right) => right.score - left.score || left.page - right.page);
  return diversify(candidates, limit).map((candidate) => {
    const meta = index.pages[candidate.page]!;
    const fallback = meta.summary ?? meta.title;
    const passage: SectionSnippet = candidate.blocks === null ? { snippet: fallback } : makeSectionSnippet(candidate.blocks, ranking.matchedTerms, fallback);
    const hit: DocsSearchHit = { target: meta.target, title: meta.title, snippet: passage.snippet, match: candidate.match };
    if (passage.anchor !== undefined && passage.heading !== undefined) Object.assign(hit, { heading: passage.heading, anchor: passage.anchor });
    return hit;
  });
}
