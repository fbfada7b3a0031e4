/**
 * The agent's tools, one module each: reads, searches and listings through
 * the runtime, the docs map, edits recorded as pending (one patch per run),
 * validation, a gated shell. Every result is text for the model; bad input
 * and expected failures are error results, never exceptions.
 */
export { defineTool, failure } from './agent-tool.js';
export type { AgentTool, AgentToolResult, ToolContext, ToolSpec } from './agent-tool.js';
export type { PendingEdits } from './pending-edits.js';
export { DEFAULT_READ_LINES, READ_FILE_TOOL, createReadFileTool } from './read-file-tool.js';
export { DEFAULT_SEARCH_MATCHES, MAX_SEARCH_MATCHES, SEARCH_TEXT_TOOL, createSearchTextTool } from './search-text-tool.js';
export { DEFAULT_LIST_ENTRIES, LIST_DIR_TOOL, MAX_LIST_ENTRIES, createListDirTool } from './list-dir-tool.js';
export { DOCS_MAP_TOOL, createDocsMapTool } from './docs-map-tool.js';
export { EDIT_FILE_TOOL, createEditFileTool } from './edit-file-tool.js';
export { WRITE_FILE_TOOL, createWriteFileTool } from './write-file-tool.js';
export { RUN_VALIDATION_TOOL, createRunValidationTool } from './run-validation-tool.js';
export { MAX_SHELL_TOOL_STREAM_BYTES, SHELL_TOOL, createShellTool } from './shell-tool.js';
export { MAX_TOOL_RESULT_BYTES, capToolText, tailText } from './tool-text.js';
export { sliceLines } from './slice-lines.js';
export type { LineSlice } from './slice-lines.js';
