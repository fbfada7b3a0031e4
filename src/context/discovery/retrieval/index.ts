/** Code-aware lexical retrieval over the workspace: index the source files, rank them for a goal written in prose. */
export { tokenizeCode, splitIdentifier, stemTerm } from './tokenize-code.js';
export { extractDeclaredSymbols } from './extract-declared-symbols.js';
export { indexDocument, RETRIEVAL_FIELDS } from './index-document.js';
export type { IndexedDocument, RetrievalField } from './index-document.js';
export { isCodePath, unindexableReason } from './is-indexable-source.js';
export { buildRetrievalIndex, createRetrievalIndex, MAX_INDEX_FILE_BYTES, MAX_INDEXED_FILES, MAX_LISTED_ENTRIES } from './build-retrieval-index.js';
export type { BuildRetrievalIndexOptions, LeftOutReason, RetrievalCoverage, RetrievalIndex } from './build-retrieval-index.js';
export { rankByGoal, describeGoalMatch, MAX_GOAL_QUERY_CHARS } from './rank-by-goal.js';
export type { GoalMatch } from './rank-by-goal.js';
export { fuseRankings, RRF_K } from './fuse-rankings.js';
export { retrievalCacheKeyOf } from './retrieval-index-cache.js';
export type { RetrievalIndexCache } from './retrieval-index-cache.js';
export { RETRIEVAL_INDEX_FORMAT_VERSION } from './index-segment.js';
