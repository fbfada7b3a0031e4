/**
 * The MCP server: brass-agent's context discovery as Model Context Protocol
 * tools over stdio, for other coding agents.
 */
export { createMcpServer, MCP_SERVER_NAME } from './create-mcp-server.js';
export { createMcpSession } from './mcp-session.js';
export type { McpLog, McpSession } from './mcp-session.js';
export { serveStdio } from './serve-stdio.js';
export type { ServeStdioOptions } from './serve-stdio.js';
export { MAX_RESULT_TEXT_BYTES, capText } from './tool-result.js';
export { DISCOVER_CONTEXT_TOOL, MAX_VALIDATION_OUTPUT_CHARS } from './discover-context-tool.js';
export { PROJECT_CONTEXT_TOOL } from './project-context-tool.js';
export { READ_FILE_TOOL } from './read-file-tool.js';
export { DEFAULT_SEARCH_RESULTS, MAX_SEARCH_RESULTS, SEARCH_TEXT_TOOL } from './search-text-tool.js';
export { DOCS_MAP_TOOL } from './docs-map-tool.js';
