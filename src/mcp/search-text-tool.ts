import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { searchMatchLines } from '../agent/tools/search-match-lines.js';
import type { McpSession } from './mcp-session.js';
import { errorResult, guardTool, textResult } from './tool-result.js';

/** The name the server registers the tool under. */
export const SEARCH_TEXT_TOOL = 'search_text';
/** Matches returned when the caller does not say. */
export const DEFAULT_SEARCH_RESULTS = 100;
/** Matches one call may ask for at most. */
export const MAX_SEARCH_RESULTS = 1000;

const inputSchema = {
  query: z.string().min(1).describe('The exact text to find (a fixed string, not a regular expression).'),
  path: z.string().min(1).optional().describe('A directory to search, relative to the workspace root. Default: the whole workspace.'),
  globs: z.array(z.string().min(1)).max(50).optional().describe('Only search files whose path (relative to the searched directory) matches one of these globs, e.g. ["**/*.ts"].'),
  excludeGlobs: z.array(z.string().min(1)).max(50).optional().describe('Skip files matching any of these globs, e.g. ["**/*.test.ts"].'),
  maxResults: z.number().int().min(1).max(MAX_SEARCH_RESULTS).optional().describe(`Return at most this many matches (default ${DEFAULT_SEARCH_RESULTS}).`),
  caseSensitive: z.boolean().optional().describe('Match case exactly (default: true).'),
};

/**
 * Registers `search_text`: a fixed-string search of the workspace through
 * the runtime (scope, skip dirs, ignore files), one `path:line:column: text`
 * line per match, redacted, sorted by path then position.
 */
export function registerSearchTextTool(server: McpServer, session: McpSession): void {
  server.registerTool(
    SEARCH_TEXT_TOOL,
    {
      title: 'Search workspace text',
      description:
        'Find an exact string in the workspace files (fixed string, not a regex). Returns one "path:line:column: text" line per match, sorted by path. ' +
        'Narrow with path, globs and excludeGlobs; files ignored by .gitignore and build directories are skipped.',
      inputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, path, globs, excludeGlobs, maxResults, caseSensitive }) =>
      guardTool(async () => {
        const { workspace } = session;
        const observation = await workspace.runtime.execute({
          kind: 'fs.searchText',
          query,
          maxResults: maxResults ?? DEFAULT_SEARCH_RESULTS,
          ...(path === undefined ? {} : { path }),
          ...(globs === undefined ? {} : { globs }),
          ...(excludeGlobs === undefined ? {} : { excludeGlobs }),
          ...(caseSensitive === undefined ? {} : { caseSensitive }),
        });
        if (!observation.ok) return errorResult(`${path ?? query}: ${observation.error.message} (${observation.error.code})`);
        if (observation.value.matches.length === 0) return textResult('No matches.');
        // A match inside a key block may not show the key's header: redaction looks at the whole file (issue 15, item 15).
        const redact = (text: string): string => workspace.redactor.redact(text).text;
        const readFile = async (file: string): Promise<string | null> => {
          const read = await workspace.runtime.execute({ kind: 'fs.readFile', path: file });
          return read.ok ? read.value.content : null;
        };
        const { lines } = await searchMatchLines(workspace.runtime.scope, path, observation.value, MAX_SEARCH_RESULTS, { readFile, redact });
        return textResult(workspace.redactor.redact(lines.join('\n')).text);
      }),
  );
}
