import type { PageField } from './page-record.js';

/**
 * BM25F term-frequency saturation: a term's weighted frequency w scores
 * w·(k1+1)/(k1+w), so the tenth mention adds far less than the first.
 */
export const K1 = 1.2;

/**
 * Per field: `weight` multiplies a mention's frequency, `b` sets how much the
 * field's length (relative to the corpus average) discounts it (0: not at all,
 * 1: fully). Short, descriptive fields weigh most and are barely normalised;
 * long prose and code are normalised as in plain BM25 (b = 0.75). Code blocks
 * weigh least: they repeat boilerplate (`import`, `export default`).
 */
export const FIELD_PARAMETERS: Readonly<Record<PageField, { weight: number; b: number }>> = {
  title: { weight: 5, b: 0.3 },
  aliases: { weight: 4, b: 0 },
  description: { weight: 2, b: 0.5 },
  headings: { weight: 2.5, b: 0.5 },
  path: { weight: 3, b: 0 },
  code: { weight: 1.5, b: 0.75 },
  codeBlocks: { weight: 0.5, b: 0.75 },
  body: { weight: 1, b: 0.75 },
};

/** Inverse document frequency (the BM25 form, never negative). */
export function inverseDocumentFrequency(pageCount: number, documentFrequency: number): number {
  return Math.log(1 + (pageCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** The saturated score of a weighted term frequency. */
export function saturate(weightedFrequency: number): number {
  return (weightedFrequency * (K1 + 1)) / (K1 + weightedFrequency);
}
