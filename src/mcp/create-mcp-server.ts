import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerDiscoverContextTool } from './discover-context-tool.js';
import { registerDocsMapTool } from './docs-map-tool.js';
import type { McpSession } from './mcp-session.js';
import { registerProjectContextTool } from './project-context-tool.js';
import { registerReadFileTool } from './read-file-tool.js';
import { registerSearchTextTool } from './search-text-tool.js';

/** The server's name in the MCP handshake. */
export const MCP_SERVER_NAME = 'brass-agent';

/**
 * The brass-agent MCP server with its five tools (discover_context,
 * project_context, read_file, search_text, docs_map), bound to one
 * session's workspace. Not yet connected to a transport.
 */
export function createMcpServer(session: McpSession, version: string): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version },
    { instructions: 'Workspace context discovery for this project: start with project_context and discover_context, then read_file and search_text.' },
  );
  registerDiscoverContextTool(server, session);
  registerProjectContextTool(server, session);
  registerReadFileTool(server, session);
  registerSearchTextTool(server, session);
  registerDocsMapTool(server, session);
  return server;
}
