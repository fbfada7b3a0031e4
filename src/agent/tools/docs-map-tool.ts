import * as z from 'zod';
import { answerDocsQuery, type DocsMap } from '../../context/docs/index.js';
import { type AgentTool, failure } from './agent-tool.js';
import { type ToolDefinition, createToolDefinition, readContextOf, toAgentTool } from './tool-definition.js';
import { MAX_TOOL_RESULT_BYTES, capToolText } from './tool-text.js';

/** The tool's name. */
export const DOCS_MAP_TOOL = 'docs_map';

const schema = z.strictObject({
  target: z
    .string()
    .min(1)
    .optional()
    .describe('A region (e.g. "guides"), a page target (e.g. "guides/install") or one section of a page ("guides/install#proxy", a search result\'s target#anchor). Omit to list the regions.'),
  search: z.string().min(1).optional().describe('A question in plain words: the five best matching pages, with snippets (inside target when both are given).'),
});

const listed = z.object({ target: z.string(), title: z.string() }).loose();

/**
 * The structured result of `docs_map` (MCP `structuredContent`): the
 * `brass-agent docs --json` document of the call, whichever of its four
 * shapes (regions; a region's pages; a page; search results) it has.
 */
export const docsMapOutputSchema = z
  .object({
    version: z.literal(1),
    regions: z.array(listed.extend({ pageCount: z.number().int() })).optional().describe('No arguments: the regions.'),
    pages: z.array(listed).optional().describe("No arguments: the loose top-level pages; a region: its pages."),
    target: z.string().optional().describe('The region or page opened, canonical.'),
    title: z.string().optional(),
    description: z.string().optional(),
    path: z.string().optional().describe("The page's file (a region's own page), workspace-relative."),
    truncated: z.boolean().optional().describe('The page was longer than docs.maxPageBytes.'),
    body: z.string().optional().describe("The page's Markdown (also the text content's Markdown)."),
    query: z.string().optional(),
    scope: z.string().optional(),
    anchor: z.string().optional().describe('A page section was opened (target#anchor): its anchor; target alone is the whole page.'),
    heading: z.string().optional().describe("The opened section's heading."),
    results: z
      .array(listed.extend({ snippet: z.string(), heading: z.string().optional(), anchor: z.string().optional() }))
      .optional()
      .describe('search: at most five pages, best first; heading/anchor: the section the snippet comes from (open target#anchor).'),
  })
  .loose();

/**
 * `docs_map`: the project's docs map, as `brass-agent docs --json` answers
 * it (see answerDocsQuery). The permission rules on the tool and on the page
 * it opens are checked first. A page it shows counts as touched, so nested
 * context there is disclosed. A page's Markdown is text after its JSON
 * header, not a string escaped inside JSON.
 */
export const docsMapDefinition: ToolDefinition = createToolDefinition({
  name: DOCS_MAP_TOOL,
  effect: 'read',
  description:
    "Navigate the project's documentation. No arguments: the regions and loose pages. target: a region's pages, or a page's full text; " +
    'target#anchor: only that section. search: the five best matching pages for a question, with snippets and the heading they sit under ' +
    '(open target#anchor for that section). Returns JSON; a page returns a JSON header, then its Markdown.',
  schema,
  outputSchema: docsMapOutputSchema,
  truncationHint: 'open a narrower target',
  async run({ target, search }, { runtime, redact, openDocsMap }) {
    if (openDocsMap === undefined) return failure('This project has no docs map.', 'unavailable');
    // The map reads through the entry point's runtime: the session's rules on this tool are checked here.
    const toolCheck = await runtime.check({ kind: 'fs.list', path: '.', tool: DOCS_MAP_TOOL });
    if (toolCheck.verdict.decision === 'deny') return failure(`docs_map is denied (${toolCheck.verdict.reason})`, 'denied');
    const answer = await answerDocsQuery(await openDocsMap(), { target, search });
    const path = typeof answer.path === 'string' ? answer.path : null;
    if (path !== null) {
      const pageCheck = await runtime.check({ kind: 'fs.readFile', path, tool: DOCS_MAP_TOOL });
      if (pageCheck.verdict.decision === 'deny') return failure(`${path}: reading it is denied (${pageCheck.verdict.reason})`, 'denied');
    }
    const what = search !== undefined ? `searched docs for ${JSON.stringify(search)}` : target === undefined ? 'listed docs regions' : `opened docs ${target}`;
    const { body, ...header } = answer;
    const content = typeof body === 'string' ? `${JSON.stringify(header, null, 2)}\n\n${body}` : JSON.stringify(answer, null, 2);
    // The text is cut centrally; the structured body is cut the same way, after redaction (a cut secret would no longer be recognised).
    const structured = typeof body === 'string' ? { ...answer, body: capToolText(redact(body), MAX_TOOL_RESULT_BYTES, 'open a narrower target') } : answer;
    return { ok: true, content: redact(content), paths: path === null ? [] : [path], summary: what, structured };
  },
});

/** The agent's `docs_map` over the session's docs map (see docsMapDefinition). */
export function createDocsMapTool(docsMap: DocsMap): AgentTool {
  return toAgentTool(docsMapDefinition, (context) => readContextOf(context, docsMap));
}
