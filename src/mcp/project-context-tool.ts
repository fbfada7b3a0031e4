import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { capToolText } from '../agent/tools/index.js';
import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN } from '../config/index.js';
import type { McpSession } from './mcp-session.js';
import { guardTool, redactStructured, textResult } from './tool-result.js';

/** The name the server registers the tool under. */
export const PROJECT_CONTEXT_TOOL = 'project_context';

const inputSchema = {
  agent: z
    .string()
    .regex(CONTEXT_NAME_PATTERN, CONTEXT_NAME_MESSAGE)
    .optional()
    .describe('Load the scoped context of this agent (agents.<name> in the config or .brass-agent/agents/<name>.md). Omit for the default context.'),
};

/** The structured result of `project_context` (MCP `structuredContent`): the files it came from and the context text. */
const outputSchema = z.object({
  guidance: z.array(z.object({ path: z.string(), bytes: z.number().int() })).describe('Guidance files, project root down to the workspace.'),
  scoped: z.array(z.object({ path: z.string(), layer: z.string() })).describe('Scoped context files and their layer.'),
  manifest: z.array(z.object({ path: z.string(), dir: z.string(), label: z.string() })).describe('Directories with their own context file, disclosed by read_file on the first read there.'),
  text: z.string().describe('The guidance, scoped context and manifest as one Markdown text, redacted.'),
});

/**
 * Registers `project_context`: the project guidance (AGENTS.md and the
 * like, project root down to the workspace), the scoped context of an
 * optional agent, and the manifest of nested context files, as one
 * redacted text block after a JSON list of the files it came from.
 */
export function registerProjectContextTool(server: McpServer, session: McpSession): void {
  server.registerTool(
    PROJECT_CONTEXT_TOOL,
    {
      title: 'Project guidance and context',
      description:
        "The project's standing instructions: guidance files (AGENTS.md and similar), the scoped context of an optional agent, path-scoped rules, " +
        'and the manifest of directories with their own context files (read_file discloses those when you first read there). Call once at the start of a task.',
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ agent }) =>
      guardTool(async () => {
        const context = agent === undefined ? await session.contextSession() : await session.openContextSession({ agent });
        const files = {
          guidance: context.guidance.files.map((file) => ({ path: file.path, bytes: file.bytes })),
          scoped: context.scoped.files.map((file) => ({ path: file.path, layer: file.layer })),
          manifest: context.manifest.entries.map((entry) => ({ path: entry.path, dir: entry.dir, label: entry.label })),
        };
        const text = context.systemPrompt.trim().length === 0 ? 'This project has no guidance, scoped context or nested context files.' : context.systemPrompt.trim();
        const redact = (value: string): string => session.workspace.redactor.redact(value).text;
        return textResult(redact(`${JSON.stringify(files, null, 2)}\n\n${text}`), { ...redactStructured(files, redact), text: capToolText(redact(text)) });
      }),
  );
}
