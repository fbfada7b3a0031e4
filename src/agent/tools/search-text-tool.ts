import { z } from 'zod';
import { type AgentTool, observationFailure } from './agent-tool.js';
import { searchMatchLines } from './search-match-lines.js';
import { type ToolDefinition, createToolDefinition, readContextOf, toAgentTool } from './tool-definition.js';

/** The tool's name. */
export const SEARCH_TEXT_TOOL = 'search_text';
/** Matches returned when the model does not say. */
export const DEFAULT_SEARCH_MATCHES = 100;
/** Matches one call may ask for at most, on every surface (the MCP server's limit, the larger of the two it replaced). */
export const MAX_SEARCH_MATCHES = 1000;

const schema = z.strictObject({
  query: z.string().min(1).describe('The exact text to find: a fixed string on one line, not a regular expression.'),
  path: z.string().min(1).optional().describe('A directory to search, relative to the workspace root. Default: the whole workspace.'),
  globs: z.array(z.string().min(1)).max(50).optional().describe('Only files whose path (relative to the searched directory) matches one of these globs, e.g. ["**/*.ts"].'),
  excludeGlobs: z.array(z.string().min(1)).max(50).optional().describe('Skip files matching any of these globs, e.g. ["**/*.test.ts"].'),
  caseSensitive: z.boolean().optional().describe('Match case exactly (default true).'),
  maxResults: z.number().int().min(1).max(MAX_SEARCH_MATCHES).optional().describe(`At most this many matches (default ${DEFAULT_SEARCH_MATCHES}).`),
});

/**
 * `search_text`: a fixed-string search through the runtime (`fs.searchText`:
 * scope, ignore files, skipped directories), one `path:line:column: text`
 * line per match with workspace-relative paths, capped. A match line that
 * could lie inside a private key is redacted as part of its whole file.
 */
export const searchTextDefinition: ToolDefinition = createToolDefinition({
  name: SEARCH_TEXT_TOOL,
  effect: 'read',
  description:
    'Find an exact string in the workspace files (fixed string, not a regex). Returns "path:line:column: text" lines sorted by path. ' +
    'Narrow with path, globs and excludeGlobs; ignored files and build directories are skipped.',
  schema,
  async run({ query, path, globs, excludeGlobs, caseSensitive, maxResults }, { runtime, redact, signal }) {
    const options = signal === undefined ? {} : { signal };
    const observation = await runtime.execute(
      {
        kind: 'fs.searchText',
        tool: SEARCH_TEXT_TOOL,
        query,
        maxResults: maxResults ?? DEFAULT_SEARCH_MATCHES,
        ...(path === undefined ? {} : { path }),
        ...(globs === undefined ? {} : { globs }),
        ...(excludeGlobs === undefined ? {} : { excludeGlobs }),
        ...(caseSensitive === undefined ? {} : { caseSensitive }),
      },
      options,
    );
    if (!observation.ok) return observationFailure(path ?? query, observation.error);
    const { matches, truncated } = observation.value;
    // A match inside a key block may not show the key's header: redaction looks at the whole file (issue 15, item 15).
    const readFile = async (file: string): Promise<string | null> => {
      const read = await runtime.execute({ kind: 'fs.readFile', path: file, tool: SEARCH_TEXT_TOOL }, options);
      return read.ok ? read.value.content : null;
    };
    const { base, lines, files } = await searchMatchLines(runtime.scope, path, observation.value, MAX_SEARCH_MATCHES, { readFile, redact });
    if (matches.length === 0) return { ok: true, content: 'No matches.', paths: [base], summary: `no match for ${JSON.stringify(query)}` };
    return {
      ok: true,
      content: redact(lines.join('\n')),
      paths: [base, ...files],
      summary: `${matches.length}${truncated ? '+' : ''} matches for ${JSON.stringify(query)} in ${files.length} files`,
    };
  },
});

/** The agent's `search_text` (see searchTextDefinition). */
export function createSearchTextTool(): AgentTool {
  return toAgentTool(searchTextDefinition, (context) => readContextOf(context));
}
