import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai';
import type { LlmToolDefinition } from '../../core/index.js';

/**
 * The AI SDK tool set for our tool definitions, without `execute`: the agent
 * runs tools itself (through the runtime's permission gates), so one
 * streamText call is exactly one model turn. Undefined when there are none.
 */
export function toToolSet(tools: readonly LlmToolDefinition[] | undefined): ToolSet | undefined {
  if (tools === undefined || tools.length === 0) return undefined;
  const toolSet: ToolSet = {};
  for (const definition of tools) {
    // Our definitions carry plain JSON Schema objects; the SDK only forwards them to the provider.
    toolSet[definition.name] = tool({ description: definition.description, inputSchema: jsonSchema<unknown>(definition.inputSchema as JSONSchema7) });
  }
  return toolSet;
}
