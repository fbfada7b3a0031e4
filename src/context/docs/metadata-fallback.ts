import { lazyRegExp } from './unicode-classes.js';
import { basenameOfTarget } from './page-target.js';
import type { PageMeta } from './page-record.js';

/** Least similarity (0..1) between the query and a title, alias or path for a fallback match. */
export const MIN_FALLBACK_SIMILARITY = 0.5;
/** Queries shorter than this (letters and digits) are too short to compare by shape. */
const MIN_FALLBACK_CHARS = 3;

/** One page the fallback found and how similar its best name was. */
export interface FallbackMatch {
  page: number;
  similarity: number;
}

/** Letters and digits only, lowercase: `Env Variables & Modes` → `envvariablesmodes`. */
export function squash(text: string): string {
  return text.toLowerCase().replace(notLetterOrDigit(), '');
}

const notLetterOrDigit = lazyRegExp(String.raw`[^\p{L}\p{N}]+`, 'gu');

function bigramsOf(text: string): Set<string> {
  const bigrams = new Set<string>();
  for (let index = 0; index < text.length - 1; index += 1) bigrams.add(text.slice(index, index + 2));
  return bigrams;
}

/** Dice similarity of two squashed strings' character bigrams, raised when one contains the other. */
function similarity(query: string, queryBigrams: Set<string>, candidate: string): number {
  if (candidate.length === 0) return 0;
  if (candidate === query) return 1;
  const candidateBigrams = bigramsOf(candidate);
  let shared = 0;
  for (const bigram of queryBigrams) if (candidateBigrams.has(bigram)) shared += 1;
  const dice = (2 * shared) / (queryBigrams.size + candidateBigrams.size || 1);
  const contains = candidate.includes(query) ? 0.6 + (0.4 * query.length) / candidate.length : 0;
  return Math.max(dice, contains);
}

/**
 * The fallback when full text finds nothing (a word mangled beyond typo
 * tolerance, names run together): compares the whole query, letters and
 * digits only, with each page's title, aliases, target and file name by
 * character-bigram similarity. Pages at MIN_FALLBACK_SIMILARITY or more,
 * most similar first.
 */
export function metadataFallback(pages: readonly PageMeta[], query: string, isAllowed: (page: number) => boolean): FallbackMatch[] {
  const squashed = squash(query);
  if (squashed.length < MIN_FALLBACK_CHARS) return [];
  const queryBigrams = bigramsOf(squashed);
  const matches: FallbackMatch[] = [];
  pages.forEach((meta, page) => {
    if (!isAllowed(page)) return;
    const names = [meta.title, ...meta.aliases, meta.target, basenameOfTarget(meta.target)];
    const best = Math.max(...names.map((name) => similarity(squashed, queryBigrams, squash(name))));
    if (best >= MIN_FALLBACK_SIMILARITY) matches.push({ page, similarity: best });
  });
  return matches.sort((left, right) => right.similarity - left.similarity || left.page - right.page);
}
