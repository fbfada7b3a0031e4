import type { Config } from '../../config/index.js';
import type { DocsMap } from '../../context/docs/index.js';
import { DELEGATE_TOOL, createDelegateTool } from '../delegate/index.js';
import type { AgentMode } from '../events/agent-event.js';
import type { AgentMemory } from '../memory/index.js';
import type { ValidationCommandSpec } from '../validation/index.js';
import type { AgentTool } from './agent-tool.js';
import { createDocsMapTool, docsMapDefinition } from './docs-map-tool.js';
import { EDIT_FILE_TOOL, createEditFileTool } from './edit-file-tool.js';
import { createListDirTool, listDirDefinition } from './list-dir-tool.js';
import { RECALL_TOOL, createRecallTool } from './recall-tool.js';
import { createReadFileTool, readFileDefinition } from './read-file-tool.js';
import { REMEMBER_TOOL, createRememberTool } from './remember-tool.js';
import { RUN_VALIDATION_TOOL, createRunValidationTool } from './run-validation-tool.js';
import { createSearchTextTool, searchTextDefinition } from './search-text-tool.js';
import { SHELL_TOOL, createShellTool } from './shell-tool.js';
import type { ToolDefinition, ToolEffect } from './tool-definition.js';
import { WRITE_FILE_TOOL, createWriteFileTool } from './write-file-tool.js';

/** What the tool set depends on besides the mode. */
export interface ToolSetOptions {
  mode: AgentMode;
  /** A sub-agent: read-only tools, no `delegate`. */
  isChild: boolean;
  config: Config;
  docsMap: DocsMap | null;
  validationCommands: readonly ValidationCommandSpec[];
  /** The agent's memory; null when it is off (`memory.enabled`) or the entry point opened none: no remember, no recall. */
  memory: AgentMemory | null;
}

/** How the MCP server serves a tool: its shared definition and a title for clients. */
export interface McpToolSurface {
  definition: ToolDefinition;
  /** A short human-readable name for clients' tool lists. */
  title: string;
  /** A successful result discloses nested context (a `<system-reminder>`) for the paths it touched, once per connection. */
  isDisclosing: boolean;
}

/** One tool of the registry and where it appears. */
export interface ToolRegistryEntry {
  readonly name: string;
  readonly effect: ToolEffect;
  /** The modes whose main session has the tool. */
  readonly modes: readonly AgentMode[];
  /** Whether sub-agents (`delegate`) have it, whatever their mode. */
  readonly isInSubAgents: boolean;
  /** Its shared definition, for tools any surface may run (the read tools); null: built per session only. */
  readonly definition: ToolDefinition | null;
  /** How the MCP server serves it; null: the agent only. */
  readonly mcp: McpToolSurface | null;
  /** The agent's tool; null when the session lacks what it needs (a docs map). */
  create(options: ToolSetOptions): AgentTool | null;
}

/** Every agent mode, from the least to the most the agent may do. */
export const AGENT_MODES: readonly AgentMode[] = ['read-only', 'propose', 'write', 'autonomous'];
const EDITING_MODES: readonly AgentMode[] = ['propose', 'write', 'autonomous'];
const COMMAND_MODES: readonly AgentMode[] = ['write', 'autonomous'];

/** A read tool: in every mode and in sub-agents, so it needs no approval (see safeToolNames). */
function readEntry(definition: ToolDefinition, create: (options: ToolSetOptions) => AgentTool | null, mcp: Omit<McpToolSurface, 'definition'> | null): ToolRegistryEntry {
  return { name: definition.name, effect: definition.effect, modes: AGENT_MODES, isInSubAgents: true, definition, mcp: mcp === null ? null : { definition, ...mcp }, create };
}

/**
 * The one list of brass-agent's tools, in the order the model sees them.
 * Every surface derives from it: the agent's tools per mode (toolsForMode),
 * the MCP server's tools (the entries with `mcp`, `readOnlyHint` from the
 * effect class), the permission layer's safe tools (safeToolNames: the
 * `read` effect) and the tool table in docs/tools.md (`npm run schema`).
 *
 * Adding a read-only tool is one file (its ToolDefinition with `effect:
 * 'read'` and its agent tool), one entry here (readEntry; give it `mcp` to
 * serve it over MCP too) and its test; then `npm run schema` updates the
 * docs table. Modes, sub-agents, the safe set and MCP follow.
 */
export const TOOL_REGISTRY: readonly ToolRegistryEntry[] = [
  readEntry(readFileDefinition, () => createReadFileTool(), { title: 'Read a workspace file', isDisclosing: true }),
  readEntry(searchTextDefinition, () => createSearchTextTool(), { title: 'Search workspace text', isDisclosing: false }),
  readEntry(listDirDefinition, () => createListDirTool(), { title: 'List a workspace directory', isDisclosing: true }),
  readEntry(docsMapDefinition, (options) => (options.docsMap === null ? null : createDocsMapTool(options.docsMap)), { title: 'Project docs map', isDisclosing: false }),
  {
    name: RUN_VALIDATION_TOOL,
    effect: 'exec',
    modes: AGENT_MODES,
    isInSubAgents: true,
    definition: null,
    mcp: null,
    create: (options) => createRunValidationTool(options.validationCommands),
  },
  // Reads the memory only; sub-agents may recall too.
  { name: RECALL_TOOL, effect: 'read', modes: AGENT_MODES, isInSubAgents: true, definition: null, mcp: null, create: ({ memory }) => (memory === null ? null : createRecallTool(memory)) },
  // Writes the memory (asking like a write): never in read-only mode, never in sub-agents.
  { name: REMEMBER_TOOL, effect: 'write', modes: EDITING_MODES, isInSubAgents: false, definition: null, mcp: null, create: ({ memory }) => (memory === null ? null : createRememberTool(memory)) },
  { name: EDIT_FILE_TOOL, effect: 'write', modes: EDITING_MODES, isInSubAgents: false, definition: null, mcp: null, create: () => createEditFileTool() },
  { name: WRITE_FILE_TOOL, effect: 'write', modes: EDITING_MODES, isInSubAgents: false, definition: null, mcp: null, create: () => createWriteFileTool() },
  // The permission rules decide each command; one no rule allows asks.
  { name: SHELL_TOOL, effect: 'exec', modes: COMMAND_MODES, isInSubAgents: false, definition: null, mcp: null, create: () => createShellTool() },
  {
    name: DELEGATE_TOOL,
    effect: 'delegate',
    modes: AGENT_MODES,
    isInSubAgents: false,
    definition: null,
    mcp: null,
    create: ({ config }) => {
      const delegate = config.agent.delegate;
      return createDelegateTool({
        maxTasks: delegate.maxTasks,
        concurrency: delegate.concurrency,
        timeoutMs: delegate.timeoutMs,
        maxSteps: delegate.maxSteps,
        maxTokens: config.agent.maxTokens,
        maxOutputTokens: config.llm.maxOutputTokens,
      });
    },
  },
];

/** The registry entries a session has: a sub-agent's whatever its mode, else its mode's. */
export function registryEntriesFor(options: { mode: AgentMode; isChild: boolean }, registry: readonly ToolRegistryEntry[] = TOOL_REGISTRY): ToolRegistryEntry[] {
  return registry.filter((entry) => (options.isChild ? entry.isInSubAgents : entry.modes.includes(options.mode)));
}

/**
 * The tools whose reads need no approval: exactly the `read` effect class.
 * The agent passes it to its permission service as `safeTools`.
 */
export function safeToolNames(registry: readonly ToolRegistryEntry[] = TOOL_REGISTRY): string[] {
  return registry.filter((entry) => entry.effect === 'read').map((entry) => entry.name);
}

/** The entries the MCP server serves, with their MCP surface. */
export function mcpToolEntries(registry: readonly ToolRegistryEntry[] = TOOL_REGISTRY): (ToolRegistryEntry & { mcp: McpToolSurface })[] {
  return registry.filter((entry): entry is ToolRegistryEntry & { mcp: McpToolSurface } => entry.mcp !== null);
}
