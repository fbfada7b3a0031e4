import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN } from '../config/index.js';
import type { McpSession } from './mcp-session.js';
import { guardTool, textResult } from './tool-result.js';

/** The name the server registers the tool under. */
export const PROJECT_CONTEXT_TOOL = 'project_context';

const inputSchema = {
  agent: z
    .string()
    .regex(CONTEXT_NAME_PATTERN, CONTEXT_NAME_MESSAGE)
    .optional()
    .describe('Load the scoped context of this agent (agents.<name> in the config or .brass-agent/agents/<name>.md). Omit for the default context.'),
};

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
        return textResult(session.workspace.redactor.redact(`${JSON.stringify(files, null, 2)}\n\n${text}`).text);
      }),
  );
}
