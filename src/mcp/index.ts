/**
 * The MCP server: brass-agent's context discovery as Model Context Protocol
 * tools over stdio, for other coding agents. read_file, search_text,
 * list_dir and docs_map are the agent's registry tools
 * (src/agent/tools/tool-registry.ts).
 */
export { createMcpServer, MCP_SERVER_NAME } from './create-mcp-server.js';
export { createMcpSession } from './mcp-session.js';
export type { McpLog, McpSession } from './mcp-session.js';
export { serveStdio } from './serve-stdio.js';
export type { ServeStdioOptions } from './serve-stdio.js';
export { mcpReadContext, registerDerivedTool } from './register-derived-tool.js';
export { redactStructured, toCallToolResult } from './tool-result.js';
export { DISCOVER_CONTEXT_TOOL, MAX_VALIDATION_OUTPUT_CHARS, VALIDATE_AND_DISCOVER_TOOL } from './discover-context-tool.js';
export { discoverOutputSchema } from './discover-output-schema.js';
export { PROJECT_CONTEXT_TOOL } from './project-context-tool.js';
