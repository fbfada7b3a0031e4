import { posix } from 'node:path';
import type { SearchTextResult, WorkspaceScope } from '../../core/index.js';

/** A search result as the agent's and the MCP server's `search_text` show it. */
export interface SearchMatchLines {
  /** The searched directory, workspace-relative (`.` for the root). */
  base: string;
  /** One `path:line:column: text` line per match, workspace-relative paths, plus a note when truncated. */
  lines: string[];
  /** The files with matches, workspace-relative, once each. */
  files: string[];
}

/**
 * Formats an `fs.searchText` result for a tool: its match paths are relative
 * to the searched directory, callers work with workspace-relative ones, so
 * each is joined to the directory's workspace-relative path.
 */
export async function searchMatchLines(scope: WorkspaceScope, path: string | undefined, result: SearchTextResult, maxResultsLimit: number): Promise<SearchMatchLines> {
  const base = path === undefined ? '.' : ((await scope.resolve(path)).relativePath ?? path);
  const located = result.matches.map((match) => ({ ...match, path: posix.join(base, match.path) }));
  const lines = located.map((match) => `${match.path}:${match.line}:${match.column}: ${match.text}`);
  if (result.truncated) lines.push(`[... more matches not shown: raise maxResults (up to ${maxResultsLimit}) or narrow the search ...]`);
  return { base, lines, files: [...new Set(located.map((match) => match.path))] };
}
