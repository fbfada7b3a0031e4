import { z } from 'zod';
import { answerDocsQuery, type DocsMap } from '../../context/docs/index.js';
import { type AgentTool, defineTool, failure } from './agent-tool.js';
import { capToolText } from './tool-text.js';

/** The tool's name. */
export const DOCS_MAP_TOOL = 'docs_map';

const schema = z.strictObject({
  target: z.string().min(1).optional().describe('A region (e.g. "guides") or a page target (e.g. "guides/install"). Omit to list the regions.'),
  search: z.string().min(1).optional().describe('A question in plain words: the five best matching pages, with snippets (inside target when both are given).'),
});

/**
 * `docs_map`: the project's docs map, as the MCP tool and `brass-agent docs
 * --json` answer it (see answerDocsQuery). A page it shows counts as
 * touched, so nested context there is disclosed.
 */
export function createDocsMapTool(docsMap: DocsMap): AgentTool {
  return defineTool({
    name: DOCS_MAP_TOOL,
    description:
      "Navigate the project's documentation. No arguments: the regions and loose pages. target: a region's pages, or a page's full text. " +
      'search: the five best matching pages for a question, with snippets. Returns JSON.',
    schema,
    async run({ target, search }, { session }) {
      // The map reads through the entry point's runtime: the session's rules on this tool are checked here.
      const toolCheck = await session.runtime.check({ kind: 'fs.list', path: '.', tool: DOCS_MAP_TOOL });
      if (toolCheck.verdict.decision === 'deny') return failure(`docs_map is denied (${toolCheck.verdict.reason})`, 'denied');
      const answer = await answerDocsQuery(docsMap, { target, search });
      const path = typeof answer.path === 'string' ? answer.path : null;
      if (path !== null) {
        const pageCheck = await session.runtime.check({ kind: 'fs.readFile', path, tool: DOCS_MAP_TOOL });
        if (pageCheck.verdict.decision === 'deny') return failure(`${path}: reading it is denied (${pageCheck.verdict.reason})`, 'denied');
      }
      const what = search !== undefined ? `searched docs for ${JSON.stringify(search)}` : target === undefined ? 'listed docs regions' : `opened docs ${target}`;
      return {
        ok: true,
        content: capToolText(session.redact(JSON.stringify(answer, null, 2)), undefined, 'open a narrower target'),
        paths: path === null ? [] : [path],
        summary: what,
      };
    },
  });
}
