import { MAX_QUERY_CHARS, analyzeQuery } from './analyze-query.js';
import { diversify } from './diversify.js';
import type { DocsIndex } from './docs-index.js';
import { type SectionSnippet, makeSectionSnippet } from './make-snippet.js';
import { metadataFallback } from './metadata-fallback.js';
import { matchedTermTable, readPagePositions } from './concept-positions.js';
import { proximityBoostOf } from './proximity-boost.js';
import { type MatchKind, rankPages } from './rank-pages.js';
import { averageSectionLength, bestSectionScore, readPageSections } from './section-focus.js';

/** Most results one search returns. */
export const MAX_SEARCH_RESULTS = 5;
/** Best full-text candidates whose text is read for the proximity boost, the section focus and diversity. */
export const RERANK_CANDIDATES = 20;
/** Most a page gains for having the best-focused section among the candidates (see bestSectionScore). */
export const SECTION_FOCUS_WEIGHT = 1;

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
 * their text (see proximityBoost) and the section focus: up to
 * 1 + SECTION_FOCUS_WEIGHT for the page whose best section (see
 * bestSectionScore) is the best among them, in proportion for the others;
 * then diversity among the results. When
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

  // The blocks and words come with the index (see DocsIndexData): no page file is read or tokenised here.
  // Each candidate is read once (see readPagePositions) for the proximity boost and the section focus.
  const matched = matchedTermTable(ranking.matchedTerms, (term) => index.termId(term), index.terms.length);
  const read = ranking.pages.slice(0, RERANK_CANDIDATES).map((ranked) => {
    const meta = index.pages[ranked.page]!;
    const blocks = index.blocksOf(ranked.page);
    const words = blocks === null ? null : index.wordsOf(ranked.page);
    const positions = blocks === null ? null : readPagePositions(meta.title, blocks, ranking.matchedTerms, words === null ? undefined : { words, matched });
    const sections = blocks === null || positions === null ? null : readPageSections(blocks, meta.title, positions, concepts.length);
    return { ranked, meta, blocks, positions, sections };
  });
  const averageLength = averageSectionLength(read.flatMap((page) => (page.sections === null ? [] : [page.sections])));
  const focus = read.map((page) => (page.sections === null ? 0 : bestSectionScore(page.sections, ranking.conceptWeights, averageLength)));
  const bestFocus = Math.max(0, ...focus);
  const candidates = read.map(({ ranked, meta, blocks, positions }, position) => {
    const boost = blocks === null || positions === null ? 1 : proximityBoostOf(concepts.length, blocks, positions);
    const focusBoost = bestFocus > 0 ? 1 + (SECTION_FOCUS_WEIGHT * focus[position]!) / bestFocus : 1;
    const slash = meta.target.lastIndexOf('/');
    // The fields by name, not `...ranked`: V8 copied the spread through a slow path (some 30 µs of a warm MCP docs_map call).
    const score = ranked.score * boost * focusBoost;
    return { page: ranked.page, match: ranked.match, blocks, positions, score, directory: slash === -1 ? '' : meta.target.slice(0, slash), titleKey: meta.title.toLowerCase() };
  });
  candidates.sort((left, right) => right.score - left.score || left.page - right.page);
  return diversify(candidates, limit).map((candidate) => {
    const meta = index.pages[candidate.page]!;
    const fallback = meta.summary ?? meta.title;
    // A block whose read positions match no concept has no hit: the snippet does not tokenise it again.
    const mayBlockHit = (blockIndex: number): boolean | undefined => candidate.positions?.blocks[blockIndex]?.any.some((mask) => mask !== 0);
    const passage: SectionSnippet = candidate.blocks === null ? { snippet: fallback } : makeSectionSnippet(candidate.blocks, ranking.matchedTerms, fallback, mayBlockHit);
    const hit: DocsSearchHit = { target: meta.target, title: meta.title, snippet: passage.snippet, match: candidate.match };
    if (passage.anchor !== undefined && passage.heading !== undefined) Object.assign(hit, { heading: passage.heading, anchor: passage.anchor });
    return hit;
  });
}
