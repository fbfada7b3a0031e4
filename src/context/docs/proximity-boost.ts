import { type PagePositions, countBigrams, isExactlyTheQuery, readPagePositions } from './concept-positions.js';
import type { MatchedTerm } from './rank-pages.js';
import type { MarkdownBlock } from './scan-markdown.js';

/** Factor for a page whose title is the query (every title word matches, every query word is in it). */
export const TITLE_IS_QUERY_BOOST = 2;
/** Factor for a page with a heading that is the query (`## server.proxy` for `server.proxy`). */
export const HEADING_IS_QUERY_BOOST = 1.6;
/** Most a page gains from the query's neighbouring words appearing as neighbours, by where. */
export const PHRASE_BOOSTS = { title: 0.8, heading: 0.5, body: 0.3 } as const;

/**
 * The proximity factor of a page for a query of `conceptCount` concepts:
 * TITLE_IS_QUERY_BOOST or HEADING_IS_QUERY_BOOST when the title or a heading
 * says exactly what the query says, times 1 + PHRASE_BOOSTS[place] × the
 * share of the query's neighbouring word pairs that stand next to each other
 * in the title, one heading or one paragraph (the best place counts), within
 * what readPagePositions read (MAX_PAGE_READ_CHARS). Words match as they do
 * in ranking: stemmed, by name, or through typo tolerance.
 *
 * @example
 * proximityBoost(3, 'Features', blocks, matchedTerms); // 1.6 × 1.5 when a heading reads "Hot Module Replacement" for "hot module replacement"
 */
export function proximityBoost(conceptCount: number, title: string, blocks: readonly MarkdownBlock[], matchedTerms: ReadonlyMap<string, MatchedTerm>): number {
  if (conceptCount === 0) return 1;
  return proximityBoostOf(conceptCount, blocks, readPagePositions(title, blocks, matchedTerms));
}

/** proximityBoost from a page already read (see readPagePositions): what a search computes, reading each candidate once. */
export function proximityBoostOf(conceptCount: number, blocks: readonly MarkdownBlock[], read: PagePositions): number {
  if (conceptCount === 0) return 1;
  const pairs = conceptCount - 1;
  let factor = 1;
  const titleShare = pairs > 0 ? countBigrams(read.title, conceptCount) / pairs : 0;
  let headingShare = 0;
  let bodyShare = 0;
  let isHeadingTheQuery = false;
  read.blocks.forEach((positions, blockIndex) => {
    const block = blocks[blockIndex]!;
    if (block.kind === 'code') return;
    if (block.kind === 'heading' && isExactlyTheQuery(positions, conceptCount)) isHeadingTheQuery = true;
    if (pairs === 0) return;
    const share = countBigrams(positions, conceptCount) / pairs;
    if (block.kind === 'heading') headingShare = Math.max(headingShare, share);
    else bodyShare = Math.max(bodyShare, share);
  });
  if (isExactlyTheQuery(read.title, conceptCount)) factor *= TITLE_IS_QUERY_BOOST;
  else if (isHeadingTheQuery) factor *= HEADING_IS_QUERY_BOOST;
  return factor * (1 + Math.max(PHRASE_BOOSTS.title * titleShare, PHRASE_BOOSTS.heading * headingShare, PHRASE_BOOSTS.body * bodyShare));
}
