import { analyzeToken, partSurfaces, rawTokens } from './analyze-token.js';

/** Characters of a query that are read; the rest is ignored (a query, not a document). */
export const MAX_QUERY_CHARS = 1_000;
/** Distinct words of a query that are ranked; later ones are ignored. */
export const MAX_QUERY_CONCEPTS = 16;

/** One word or name of a query with the terms that match it. */
export interface QueryConcept {
  /** As typed. */
  raw: string;
  /** The whole name (`server.hmr.overlai` for `server.hmr.overlay`: see analyzeToken), when it is a compound. */
  whole: string | null;
  /** Leading parts and camelCase segments: they score but do not cover the concept. */
  related: readonly string[];
  /** Stemmed words; all of them together cover the concept too. */
  parts: readonly string[];
  /** The words of `parts` as typed, lowercased (same order): what typo tolerance measures. */
  surfaces: readonly string[];
  /** The term standing for the concept in phrases. */
  primary: string;
}

/**
 * Splits a query into concepts, the way pages are tokenised: stop words and
 * punctuation drop out, names keep their whole form and their parts, repeats
 * collapse. Reads at most MAX_QUERY_CHARS characters and MAX_QUERY_CONCEPTS
 * concepts, so a 10,000-character query costs what a short one does. No part
 * of the query is ever used as a pattern.
 *
 * @example
 * analyzeQuery('how to set server.hmr.overlay').map((concept) => concept.raw); // ['set', 'server.hmr.overlay']
 */
export function analyzeQuery(query: string): QueryConcept[] {
  const concepts: QueryConcept[] = [];
  const seen = new Set<string>();
  for (const token of rawTokens(query.slice(0, MAX_QUERY_CHARS))) {
    const terms = analyzeToken(token.text);
    if (terms.primary === null || seen.has(terms.primary)) continue;
    seen.add(terms.primary);
    concepts.push({ raw: token.text, whole: terms.whole, related: terms.related, parts: terms.parts, surfaces: partSurfaces(token.text), primary: terms.primary });
    if (concepts.length === MAX_QUERY_CONCEPTS) break;
  }
  return concepts;
}
