import * as z from 'zod';
import { utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import type { SearchMatch } from '../../core/index.js';
import { type AgentTool, observationFailure } from './agent-tool.js';
import { rankSearchMatches } from './rank-search-matches.js';
import { searchMatchLines } from './search-match-lines.js';
import { type ToolDefinition, createToolDefinition, readContextOf, toAgentTool } from './tool-definition.js';
import { MAX_TOOL_RESULT_BYTES } from './tool-text.js';

/** The tool's name. */
export const SEARCH_TEXT_TOOL = 'search_text';
/** Matches returned when the model does not say. */
export const DEFAULT_SEARCH_MATCHES = 100;
/** Matches one call may ask for at most, on every surface (the MCP server's limit, the larger of the two it replaced). */
export const MAX_SEARCH_MATCHES = 1000;
/**
 * Matches fetched to rank, whatever the call returns: the engine stops in
 * path order, so without a pool larger than the answer the first
 * directories alone would fill it (`benchmarks/` before `src/`).
 */
export const SEARCH_RANK_POOL = MAX_SEARCH_MATCHES;
/** Room kept under the result cap for the note on more matches. */
const NOTE_BYTES = 256;

const schema = z.strictObject({
  query: z.string().min(1).describe('The exact text to find: a fixed string on one line, not a regular expression.'),
  path: z.string().min(1).optional().describe('A directory to search, relative to the workspace root. Default: the whole workspace.'),
  globs: z.array(z.string().min(1)).max(50).optional().describe('Only files whose path (relative to the searched directory) matches one of these globs, e.g. ["**/*.ts"].'),
  excludeGlobs: z.array(z.string().min(1)).max(50).optional().describe('Skip files matching any of these globs, e.g. ["**/*.test.ts"].'),
  caseSensitive: z.boolean().optional().describe('Match case exactly (default true).'),
  maxResults: z.number().int().min(1).max(MAX_SEARCH_MATCHES).optional().describe(`At most this many matches (default ${DEFAULT_SEARCH_MATCHES}).`),
});

/** The structured result of `search_text` (MCP `structuredContent`): the matches the text shows, in its order. */
export const searchTextOutputSchema = z.object({
  matches: z
    .array(
      z.object({
        path: z.string().describe('Workspace-relative, forward slashes.'),
        line: z.number().int().describe('1-based.'),
        column: z.number().int().describe('1-based, in UTF-16 code units of text.'),
        text: z.string().describe('The matching line, redacted, capped in length.'),
      }),
    )
    .describe('Best files first (source before tests, benchmarks, fixtures and docs; declarations and file names matching the query first), each file in line order.'),
  truncated: z.boolean().describe('More matches exist than are shown: raise maxResults or narrow the search.'),
});

/**
 * `search_text`: a fixed-string search through the runtime (`fs.searchText`:
 * scope, ignore files, skipped directories), ranked by relevance
 * (rankSearchMatches over a pool of SEARCH_RANK_POOL matches), one
 * `path:line:column: text` line per match with workspace-relative paths,
 * as many as fit the result cap. A match line that could lie inside a
 * private key is redacted as part of its whole file.
 */
export const searchTextDefinition: ToolDefinition = createToolDefinition({
  name: SEARCH_TEXT_TOOL,
  effect: 'read',
  description:
    'Find an exact string in the workspace files (fixed string, not a regex). Returns "path:line:column: text" lines, most relevant files first ' +
    '(source before tests, benchmarks, fixtures and docs; files declaring the string or named after it first), each file in line order. ' +
    'Narrow with path, globs and excludeGlobs; ignored files and build directories are skipped.',
  schema,
  outputSchema: searchTextOutputSchema,
  async run({ query, path, globs, excludeGlobs, caseSensitive, maxResults }, { runtime, redact, signal }) {
    const options = signal === undefined ? {} : { signal };
    const limit = maxResults ?? DEFAULT_SEARCH_MATCHES;
    const observation = await runtime.execute(
      {
        kind: 'fs.searchText',
        tool: SEARCH_TEXT_TOOL,
        query,
        maxResults: Math.max(limit, SEARCH_RANK_POOL),
        ...(path === undefined ? {} : { path }),
        ...(globs === undefined ? {} : { globs }),
        ...(excludeGlobs === undefined ? {} : { excludeGlobs }),
        ...(caseSensitive === undefined ? {} : { caseSensitive }),
      },
      options,
    );
    if (!observation.ok) return observationFailure(path ?? query, observation.error);
    const ranked = rankSearchMatches(observation.value.matches, query, caseSensitive ?? true);
    const shown = fitResultCap(ranked.slice(0, limit), path === undefined ? 0 : utf8ByteLength(path) + 1);
    const truncated = observation.value.truncated || shown.length < ranked.length;
    // A match inside a key block may not show the key's header: redaction looks at the whole file (issue 15, item 15).
    const readFile = async (file: string): Promise<string | null> => {
      const read = await runtime.execute({ kind: 'fs.readFile', path: file, tool: SEARCH_TEXT_TOOL }, options);
      return read.ok ? read.value.content : null;
    };
    const { base, lines, files, matches } = await searchMatchLines(runtime.scope, path, { ...observation.value, matches: shown, truncated }, MAX_SEARCH_MATCHES, { readFile, redact });
    const structured = { matches: matches.map((match) => ({ path: match.path, line: match.line, column: match.column, text: redact(match.text) })), truncated };
    if (matches.length === 0) return { ok: true, content: 'No matches.', paths: [base], summary: `no match for ${JSON.stringify(query)}`, structured };
    return {
      ok: true,
      content: redact(lines.join('\n')),
      paths: [base, ...files],
      summary: `${matches.length}${truncated ? '+' : ''} matches for ${JSON.stringify(query)} in ${files.length} files`,
      structured,
    };
  },
});

/** The first matches whose lines fit the result cap, so the text and the structured result show the same matches. */
function fitResultCap(matches: readonly SearchMatch[], prefixBytes: number): SearchMatch[] {
  let bytes = NOTE_BYTES;
  let kept = 0;
  for (const match of matches) {
    // The line as searchMatchLines writes it, the searched directory's prefix included; the central cap still guards the text.
    bytes += prefixBytes + utf8ByteLength(`${match.path}:${match.line}:${match.column}: ${match.text}\n`);
    if (bytes > MAX_TOOL_RESULT_BYTES) break;
    kept += 1;
  }
  return matches.slice(0, kept);
}

/** The agent's `search_text` (see searchTextDefinition). */
export function createSearchTextTool(): AgentTool {
  return toAgentTool(searchTextDefinition, (context) => readContextOf(context));
}
