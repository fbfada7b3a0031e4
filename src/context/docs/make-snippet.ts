import { shorten } from './page-meta.js';
import { headingOfBlock } from './page-section.js';
import type { MarkdownBlock } from './scan-markdown.js';
import { analyzeToken, forEachRawToken } from './analyze-token.js';
import { createTermPrefilter } from './term-prefilter.js';

/** Longest snippet, in characters (ellipses not counted). */
export const SNIPPET_MAX_CHARS = 240;
/** Share of the window placed before the first matched word, for context. */
const LEAD_SHARE = 0.2;
/** A code block is a worse snippet than prose with the same matches. */
const CODE_BLOCK_FACTOR = 0.7;
/** What a match in the heading above a block is worth for the block, against a match in the block. */
const HEADING_SHARE = 0.5;
/** Matches of one block considered for the window: enough for any paragraph, bounded for a huge one. */
const MAX_WINDOW_HITS = 200;

/** Matched vocabulary terms: the query concepts each stands for (bit mask) and what the match is worth. */
export type MatchedTerms = ReadonlyMap<string, { concepts: number; factor: number }>;

interface Hit {
  index: number;
  concepts: number;
  factor: number;
}

/** The text a snippet is cut from: code with its whitespace collapsed. */
function displayTextOf(block: MarkdownBlock): string {
  return block.kind === 'code' ? block.text.replace(/\s+/g, ' ').trim() : block.text;
}

/** A snippet and the heading of the section it comes from (none before the first heading below the title). */
export interface SectionSnippet {
  snippet: string;
  anchor?: string;
  heading?: string;
}

/**
 * The snippet of a page for a query: the prose paragraph (or code block)
 * that matches the most distinct query concepts, cut to a window of at most
 * SNIPPET_MAX_CHARS around its densest run of matches, on word boundaries,
 * with `…` where text was cut. The heading a block sits under counts for it
 * at HEADING_SHARE of its worth, so the section whose heading says what the
 * query says wins a tie. Falls back to `fallback` (the page summary) when no
 * block matches (a title-only or metadata match). `mayBlockHit` may say
 * from what reranking read (see readPagePositions) that a block holds no
 * matched term, so it is not tokenised again; undefined leaves it to the
 * term prefilter.
 */
export function makeSectionSnippet(
  blocks: readonly MarkdownBlock[],
  matchedTerms: MatchedTerms,
  fallback: string,
  mayBlockHit: (blockIndex: number) => boolean | undefined = () => undefined,
): SectionSnippet {
  let best: { text: string; hits: Hit[]; score: number; blockIndex: number } | null = null;
  let headingHits: Hit[] = [];
  let isFirstHeading = true;
  // A block that cannot hold a matched term has no hits: it is not tokenised.
  const mayMatch = createTermPrefilter(matchedTerms.keys());
  const mayHit = (blockIndex: number, text: string): boolean => mayBlockHit(blockIndex) ?? mayMatch(text);
  for (const [blockIndex, block] of blocks.entries()) {
    if (block.kind === 'heading') {
      // The page's opening `#` heading is its title, which ranked the page already.
      const isTitle = isFirstHeading && block.depth === 1;
      isFirstHeading = false;
      headingHits = isTitle || !mayHit(blockIndex, block.text) ? [] : findHits(block.text, matchedTerms, mayMatch).map((hit) => ({ ...hit, factor: hit.factor * HEADING_SHARE }));
      continue;
    }
    const isCandidate = mayHit(blockIndex, block.text);
    if (!isCandidate && headingHits.length === 0) continue;
    const text = displayTextOf(block);
    const hits = isCandidate ? findHits(text, matchedTerms, mayMatch) : [];
    if (hits.length === 0 && headingHits.length === 0) continue;
    const score = conceptScore([...hits, ...headingHits]) * (block.kind === 'code' ? CODE_BLOCK_FACTOR : 1) + Math.min(hits.length, 10) * 0.01;
    if (best === null || score > best.score) best = { text, hits, score, blockIndex };
  }
  if (best === null) return { snippet: shorten(fallback.replace(/\s+/g, ' ').trim(), SNIPPET_MAX_CHARS) };
  const { text, hits, blockIndex } = best;
  const snippet = hits.length === 0 ? shorten(text, SNIPPET_MAX_CHARS) : cutWindow(text, hits);
  const section = headingOfBlock(blocks, blockIndex);
  return section === null ? { snippet } : { snippet, ...section };
}

/** The snippet text alone (see makeSectionSnippet). */
export function makeSnippet(blocks: readonly MarkdownBlock[], matchedTerms: MatchedTerms, fallback: string): string {
  return makeSectionSnippet(blocks, matchedTerms, fallback).snippet;
}

/** The words of a text that match the query, where they start; words `mayHold` rules out are not analysed. */
function findHits(text: string, matchedTerms: MatchedTerms, mayHold: (word: string) => boolean): Hit[] {
  const hits: Hit[] = [];
  forEachRawToken(text, (start, end) => {
    const raw = text.slice(start, end);
    if (!mayHold(raw)) return;
    let concepts = 0;
    let factor = 0;
    for (const term of analyzeToken(raw).all) {
      const matched = matchedTerms.get(term);
      if (matched === undefined || matched.concepts === 0) continue;
      concepts |= matched.concepts;
      factor = Math.max(factor, matched.factor);
    }
    if (concepts !== 0) hits.push({ index: start, concepts, factor });
  });
  return hits;
}

/** Distinct concepts matched, each counted once at its best worth. */
function conceptScore(hits: readonly Hit[]): number {
  const best = new Map<number, number>();
  for (const hit of hits) {
    for (let rest = hit.concepts, concept = 0; rest !== 0; rest >>>= 1, concept += 1) {
      if ((rest & 1) === 1) best.set(concept, Math.max(best.get(concept) ?? 0, hit.factor));
    }
  }
  let total = 0;
  for (const factor of best.values()) total += factor;
  return total;
}

function cutWindow(text: string, hits: readonly Hit[]): string {
  if (text.length <= SNIPPET_MAX_CHARS) return text;
  const span = SNIPPET_MAX_CHARS * (1 - LEAD_SHARE);
  let anchor = hits[0]!.index;
  let anchorScore = -1;
  const considered = hits.slice(0, MAX_WINDOW_HITS);
  for (const hit of considered) {
    const score = conceptScore(considered.filter((other) => other.index >= hit.index && other.index < hit.index + span));
    if (score > anchorScore) {
      anchorScore = score;
      anchor = hit.index;
    }
  }
  let start = Math.max(0, Math.min(anchor - Math.floor(SNIPPET_MAX_CHARS * LEAD_SHARE), text.length - SNIPPET_MAX_CHARS));
  // Start on a word: just after the nearest space before the window start.
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    start = space === -1 ? 0 : space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_MAX_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
