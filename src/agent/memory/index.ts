/**
 * Agent memory: what the agent learned about a workspace (and about you),
 * kept across sessions as small Markdown entries in a MemoryStore, written
 * through one gate (redaction, reminder tags neutralised, bounds), searched
 * with the docs ranker, and shown in the system prompt as a compact index.
 */
export { createAgentMemory } from './create-agent-memory.js';
export type { AgentMemory, AgentMemoryOptions, MemoryEntries, RememberResult } from './create-agent-memory.js';
export { MAX_MEMORY_TAGS, MAX_MEMORY_TEXT_BYTES, MAX_MEMORY_TITLE_CHARS, MEMORY_SOURCES } from './memory-entry.js';
export type { MemoryEntry, MemoryEntryInput, MemorySource } from './memory-entry.js';
export { parseMemoryEntry, parseMemoryFields } from './parse-memory-entry.js';
export { prepareMemoryFields } from './prepare-memory-fields.js';
export { renderMemoryEntry } from './render-memory-entry.js';
export { MAX_MEMORY_INDEX_BYTES, MAX_MEMORY_INDEX_CANDIDATES, renderMemoryIndex } from './render-memory-index.js';
export { MAX_TRACED_CHARS, MIN_VERBATIM_RUN_CHARS, createToolResultTrace } from './tool-result-trace.js';
export type { ToolResultTrace } from './tool-result-trace.js';
