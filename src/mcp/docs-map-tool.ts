import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { answerDocsQuery } from '../context/docs/index.js';
import type { McpSession } from './mcp-session.js';
import { guardTool, textResult } from './tool-result.js';

/** The name the server registers the tool under. */
export const DOCS_MAP_TOOL = 'docs_map';

const inputSchema = {
  target: z.string().min(1).optional().describe('A region (top-level docs directory, e.g. "guides") or a page target (e.g. "guides/install"). Omit to list the regions.'),
  search: z.string().min(1).optional().describe('Search the docs in task language; returns at most five pages, best first, with snippets. With target, searches only inside it.'),
};

/**
 * Registers `docs_map`: the project's docs map, exactly as
 * `brass-agent docs [TARGET] [--search QUERY] --json` returns it: no
 * arguments, the regions; a region, its pages; a page, its text; `search`,
 * at most five ranked pages.
 */
export function registerDocsMapTool(server: McpServer, session: McpSession): void {
  server.registerTool(
    DOCS_MAP_TOOL,
    {
      title: 'Project docs map',
      description:
        "Navigate the project's documentation. No arguments: the regions (top-level doc areas) and loose pages. target: a region's pages, or a page's full text. " +
        'search: the five best matching pages for a question, with snippets (scoped to target when both are given). Returns JSON.',
      inputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ target, search }) =>
      guardTool(async () => {
        const map = await session.openDocsMap();
        return textResult(session.workspace.redactor.redact(JSON.stringify(await answerDocsQuery(map, { target, search }), null, 2)).text);
      }),
  );
}
