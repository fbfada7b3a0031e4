/**
 * The agent's tools, one module each: reads, searches and listings through
 * the runtime, the docs map, edits recorded as pending (one patch per run),
 * validation, a gated shell. Every result is text for the model; bad input
 * and expected failures are error results, never exceptions.
 */
export { defineTool, describeActionError, failure, observationFailure, runToolSpec } from './agent-tool.js';
export type { AgentTool, AgentToolResult, ToolContext, ToolOutputCap, ToolSpec } from './agent-tool.js';
export type { PendingEdits } from './pending-edits.js';
export { DEFAULT_READ_LINES, READ_FILE_TOOL, createReadFileTool, readFileDefinition } from './read-file-tool.js';
export { DEFAULT_SEARCH_MATCHES, MAX_SEARCH_MATCHES, SEARCH_TEXT_TOOL, createSearchTextTool, searchTextDefinition } from './search-text-tool.js';
export { DEFAULT_LIST_ENTRIES, LIST_DIR_TOOL, MAX_LIST_ENTRIES, createListDirTool, listDirDefinition } from './list-dir-tool.js';
export { DOCS_MAP_TOOL, createDocsMapTool, docsMapDefinition } from './docs-map-tool.js';
export { EDIT_FILE_TOOL, createEditFileTool } from './edit-file-tool.js';
export { WRITE_FILE_TOOL, createWriteFileTool } from './write-file-tool.js';
export { RUN_VALIDATION_TOOL, createRunValidationTool } from './run-validation-tool.js';
export { MAX_SHELL_TOOL_STREAM_BYTES, SHELL_TOOL, createShellTool } from './shell-tool.js';
export { MAX_TOOL_RESULT_BYTES, capToolText, tailText } from './tool-text.js';
export { sliceLines } from './slice-lines.js';
export type { LineSlice } from './slice-lines.js';
export { createToolDefinition, readContextOf, toAgentTool } from './tool-definition.js';
export type { ReadToolContext, ToolDefinition, ToolDefinitionSpec, ToolEffect } from './tool-definition.js';
export { AGENT_MODES, TOOL_REGISTRY, mcpToolEntries, registryEntriesFor, safeToolNames } from './tool-registry.js';
export type { McpToolSurface, ToolRegistryEntry, ToolSetOptions } from './tool-registry.js';
export { TOOL_TABLE_END, TOOL_TABLE_FILE, TOOL_TABLE_START, buildToolTable, replaceToolTable } from './build-tool-table.js';
