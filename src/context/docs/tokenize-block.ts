import { type TokenTerms, analyzeToken, forEachRawToken } from './analyze-token.js';
import type { MarkdownBlock } from './scan-markdown.js';

/** A word of a block, where it starts in the block's display text, and its index terms. */
export interface LocatedToken {
  index: number;
  terms: TokenTerms;
}

/** A block as snippets and proximity read it: whitespace collapsed, tokenised once. */
export interface TokenizedBlock {
  text: string;
  tokens: LocatedToken[];
}

// Keyed by the block object: a page kept in memory is tokenised once for all the
// queries that rerank it, and forgotten with it.
const tokenized = new WeakMap<MarkdownBlock, TokenizedBlock>();

/** Tokenises a text with each token's position (stop words included: they have no terms). */
export function tokenizeText(text: string): TokenizedBlock {
  const tokens: LocatedToken[] = [];
  forEachRawToken(text, (start, end) => tokens.push({ index: start, terms: analyzeToken(text.slice(start, end)) }));
  return { text, tokens };
}

/** The tokens of a block, computed on first use and remembered with the block. */
export function tokenizeBlock(block: MarkdownBlock): TokenizedBlock {
  const known = tokenized.get(block);
  if (known !== undefined) return known;
  const result = tokenizeText(block.kind === 'code' ? block.text.replace(/\s+/g, ' ').trim() : block.text);
  tokenized.set(block, result);
  return result;
}
