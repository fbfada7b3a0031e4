/**
 * Text search and listing on Node: ripgrep (configured, bundled or on PATH)
 * in fixed-string mode, a pure-Node engine with the same results when there
 * is no ripgrep, and a gitignore-aware listing built on the same walker.
 */
export { createTextSearcher } from './create-text-searcher.js';
export type { TextSearcher } from './create-text-searcher.js';
export { bundledRipgrepPath, findRipgrep, probeRipgrep, RIPGREP_PROBE_TIMEOUT_MS } from './find-ripgrep.js';
export type { FindRipgrepOptions, RipgrepLocation } from './find-ripgrep.js';
export { DEFAULT_MAX_LIST_ENTRIES, listFiles } from './list-files.js';
export { MAX_MATCH_TEXT_CHARS } from './match-text.js';
export { searchWithNode } from './node-search.js';
export { DEFAULT_MAX_SEARCH_FILE_BYTES } from './resolve-search-request.js';
export { searchWithRipgrep } from './ripgrep-search.js';
export { walkFiles } from './walk-files.js';
export type { WalkEntry, WalkFilesOptions } from './walk-files.js';
