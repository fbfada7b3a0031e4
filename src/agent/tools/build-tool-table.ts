import { ConfigSchema } from '../../config/index.js';
import type { AgentMemory } from '../memory/index.js';
import { BrassError } from '../../core/index.js';
import { toInputSchema } from './agent-tool.js';
import { AGENT_MODES, TOOL_REGISTRY, type ToolRegistryEntry, type ToolSetOptions } from './tool-registry.js';

/** Where the generated table starts in docs/tools.md. */
export const TOOL_TABLE_START = '<!-- BEGIN GENERATED TOOL TABLE: edit src/agent/tools/tool-registry.ts, then run `npm run schema` -->';
/** Where it ends. */
export const TOOL_TABLE_END = '<!-- END GENERATED TOOL TABLE -->';
/** The docs page holding the table. */
export const TOOL_TABLE_FILE = 'docs/tools.md';

interface JsonObjectSchema {
  properties?: Record<string, { description?: string }>;
  required?: string[];
}

/**
 * The Markdown table of every registry tool: name, effect class, the modes
 * and sub-agents that have it, whether the MCP server serves it, and its
 * arguments (`?` when optional; MCP-only deprecated aliases said so).
 */
export function buildToolTable(registry: readonly ToolRegistryEntry[] = TOOL_REGISTRY): string {
  const rows = registry.map((entry) => {
    const modes = entry.modes.length === AGENT_MODES.length ? 'all' : entry.modes.map((mode) => `\`${mode}\``).join(', ');
    const agentArguments = argumentNames(schemaOf(entry));
    const compat = entry.mcp === null ? [] : argumentNames(toInputSchema(entry.mcp.definition.compatSchema) as JsonObjectSchema).filter((name) => !agentArguments.includes(name));
    const mcp = entry.mcp === null ? 'no' : compat.length === 0 ? 'yes' : `yes (also ${compat.join(', ')}: deprecated)`;
    const args = agentArguments.length === 0 ? '—' : agentArguments.join(', ');
    return `| \`${entry.name}\` | ${entry.effect} | ${modes} | ${entry.isInSubAgents ? 'yes' : 'no'} | ${mcp} | ${args} |`;
  });
  return ['| tool | effect | modes | sub-agents | MCP | arguments |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/**
 * `markdown` with the text between TOOL_TABLE_START and TOOL_TABLE_END
 * replaced by buildToolTable(). Throws when the markers are missing.
 */
export function replaceToolTable(markdown: string): string {
  const start = markdown.indexOf(TOOL_TABLE_START);
  const end = markdown.indexOf(TOOL_TABLE_END);
  if (start === -1 || end < start) throw new BrassError('tool-table-markers-missing', `the tool table markers are missing: ${TOOL_TABLE_START} ... ${TOOL_TABLE_END}`);
  return `${markdown.slice(0, start + TOOL_TABLE_START.length)}\n\n${buildToolTable()}\n\n${markdown.slice(end)}`;
}

/** A memory for building the memory tools' definitions only: the table never runs a tool. */
const unused = (): Promise<never> => Promise.reject(new BrassError('unused', 'the tool table never runs a tool'));
const TABLE_MEMORY: AgentMemory = { list: unused, get: unused, search: unused, remember: unused, update: unused, forget: unused, promptIndex: unused };

/** The JSON Schema of the agent's tool: its shared definition, or the tool a default session builds. */
function schemaOf(entry: ToolRegistryEntry): JsonObjectSchema {
  if (entry.definition !== null) return entry.definition.llmDefinition.inputSchema as JsonObjectSchema;
  const options: ToolSetOptions = { mode: 'autonomous', isChild: false, config: ConfigSchema.parse({}), docsMap: null, validationCommands: [], memory: TABLE_MEMORY };
  const tool = entry.create(options);
  if (tool === null) throw new BrassError('tool-table-no-tool', `${entry.name} has no definition and builds no tool in a default session`);
  return tool.definition.inputSchema as JsonObjectSchema;
}

/** `name` or `name?`, in schema order. */
function argumentNames(schema: JsonObjectSchema): string[] {
  const required = new Set(schema.required ?? []);
  return Object.keys(schema.properties ?? {}).map((name) => `\`${name}${required.has(name) ? '' : '?'}\``);
}
