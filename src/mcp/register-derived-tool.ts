import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { McpToolSurface, ReadToolContext, ToolRegistryEntry } from '../agent/tools/index.js';
import type { McpSession } from './mcp-session.js';
import { redactOncePerText, toCallToolResult } from './tool-result.js';

/** Where a disclosing tool's structured result carries the nested context it disclosed. */
const REMINDER_FIELD = {
  reminder: z.string().optional().describe('Nested context (a <system-reminder>) for the first call touching a directory with its own AGENTS.md or similar: follow it.'),
};

/**
 * Serves a registry tool over MCP, derived from its one definition: the same
 * name, description, arguments (plus deprecated aliases), permission checks
 * and output cap as the agent's tool. `readOnlyHint` comes from the effect
 * class; `outputSchema` is the definition's, and a successful result carries
 * the tool's `structured` data (redacted) as `structuredContent` beside its
 * text. A disclosing tool's successful result gets the connection's nested
 * context reminder appended (after the capped text, as the agent's loop
 * does; in `structuredContent.reminder` too).
 */
export function registerDerivedTool(server: McpServer, session: McpSession, entry: ToolRegistryEntry & { mcp: McpToolSurface }): void {
  const { definition, title, isDisclosing } = entry.mcp;
  server.registerTool(
    definition.name,
    {
      title,
      description: definition.description,
      inputSchema: definition.compatSchema.shape,
      ...(definition.outputSchema === null ? {} : { outputSchema: isDisclosing ? definition.outputSchema.extend(REMINDER_FIELD) : definition.outputSchema }),
      annotations: { readOnlyHint: definition.effect === 'read', openWorldHint: false },
    },
    async (args: Record<string, unknown>): Promise<CallToolResult> => {
      const context = mcpReadContext(session);
      const result = await definition.run(args, context, { isCompat: true });
      const callResult = toCallToolResult(result, context.redact);
      if (!result.ok || !isDisclosing) return callResult;
      const contextSession = await session.contextSession();
      const reminder = await contextSession.onToolResult({ tool: definition.name, ok: true, paths: result.paths });
      if (reminder === null) return callResult;
      const text = context.redact(reminder.text);
      return {
        content: [{ type: 'text', text: `${result.content}\n\n${text}` }],
        ...(callResult.structuredContent === undefined ? {} : { structuredContent: { ...callResult.structuredContent, reminder: text } }),
      };
    },
  );
}

/** The read context of one MCP call: the workspace's runtime and redactor (see redactOncePerText), the connection's docs map; no pending edits. */
export function mcpReadContext(session: McpSession): ReadToolContext {
  const { workspace } = session;
  return { runtime: workspace.runtime, redact: redactOncePerText((text) => workspace.redactor.redact(text).text), openDocsMap: () => session.openDocsMap() };
}
