import type { SearchTextRequest, SearchTextResult } from '../../core/index.js';
import { createSpecialIgnoreCheck } from './create-special-ignore-check.js';
import { searchWithNode } from './node-search.js';
import { type ProgramLauncher, searchWithRipgrep } from './ripgrep-search.js';

/** A text search bound to one engine; `engine` says which, for status output. */
export interface TextSearcher {
  readonly engine: 'ripgrep' | 'node';
  searchText(request: SearchTextRequest): Promise<SearchTextResult>;
}

/**
 * Binds the text search to ripgrep when a binary is given (see findRipgrep),
 * to the pure-Node engine otherwise. Both return the same results for the
 * same request; only `engine` in the result differs. `launch` starts
 * ripgrep inside the sandbox.
 *
 * @example
 * const searcher = createTextSearcher({ ripgrep: await findRipgrep({}) });
 * const { matches } = await searcher.searchText({ query: 'TODO', root: workspaceRoot });
 */
export function createTextSearcher(options: { ripgrep: { path: string } | null; launch?: ProgramLauncher }): TextSearcher {
  const { ripgrep, launch } = options;
  if (ripgrep === null) return { engine: 'node', searchText: (request) => searchWithNode(request) };
  // The searcher lives as long as its services (a whole MCP connection): the directory pass for special ignore files is remembered.
  const specialIgnoreCheck = createSpecialIgnoreCheck();
  return { engine: 'ripgrep', searchText: (request) => searchWithRipgrep(ripgrep.path, request, launch, specialIgnoreCheck) };
}
