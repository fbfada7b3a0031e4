import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolSurface, ReadToolContext, ToolRegistryEntry } from '../agent/tools/index.js';
import type { McpSession } from './mcp-session.js';
import { toCallToolResult } from './tool-result.js';

/**
 * Serves a registry tool over MCP, derived from its one definition: the same
 * name, description, arguments (plus deprecated aliases), permission checks
 * and output cap as the agent's tool. `readOnlyHint` comes from the effect
 * class. A disclosing tool's successful result gets the connection's nested
 * context reminder appended (after the capped text, as the agent's loop does).
 */
export function registerDerivedTool(server: McpServer, session: McpSession, entry: ToolRegistryEntry & { mcp: McpToolSurface }): void {
  const { definition, title, isDisclosing } = entry.mcp;
  server.registerTool(
    definition.name,
    {
      title,
      description: definition.description,
      inputSchema: definition.compatSchema.shape,
      annotations: { readOnlyHint: definition.effect === 'read', openWorldHint: false },
    },
    async (args: Record<string, unknown>): Promise<CallToolResult> => {
      const result = await definition.run(args, mcpReadContext(session), { isCompat: true });
      const callResult = toCallToolResult(result);
      if (!result.ok || !isDisclosing) return callResult;
      const contextSession = await session.contextSession();
      const reminder = await contextSession.onToolResult({ tool: definition.name, ok: true, paths: result.paths });
      if (reminder === null) return callResult;
      return { content: [{ type: 'text', text: `${result.content}\n\n${session.workspace.redactor.redact(reminder.text).text}` }] };
    },
  );
}

/** The read context of an MCP connection: the workspace's runtime and redactor, its docs map; no pending edits. */
export function mcpReadContext(session: McpSession): ReadToolContext {
  const { workspace } = session;
  return { runtime: workspace.runtime, redact: (text) => workspace.redactor.redact(text).text, openDocsMap: () => session.openDocsMap() };
}
