import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { mcpToolEntries } from '../agent/tools/index.js';
import { registerDiscoverContextTool } from './discover-context-tool.js';
import type { McpSession } from './mcp-session.js';
import { registerProjectContextTool } from './project-context-tool.js';
import { registerDerivedTool } from './register-derived-tool.js';

/** The server's name in the MCP handshake. */
export const MCP_SERVER_NAME = 'brass-agent';

/**
 * The brass-agent MCP server bound to one session's workspace: its own
 * discover_context, validate_and_discover and project_context, then the
 * registry's MCP tools (read_file, search_text, list_dir, docs_map) derived
 * from the agent's definitions. Not yet connected to a transport.
 */
export function createMcpServer(session: McpSession, version: string): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version },
    { instructions: 'Workspace context discovery for this project: start with project_context and discover_context, then read_file, search_text and list_dir.' },
  );
  registerDiscoverContextTool(server, session);
  registerProjectContextTool(server, session);
  for (const entry of mcpToolEntries()) registerDerivedTool(server, session, entry);
  return server;
}
