import type { ToolKind } from '@agentclientprotocol/sdk';
import { TOOL_REGISTRY, type ToolEffect, type ToolRegistryEntry } from '../../agent/tools/index.js';

/** The ACP kind of each effect class; a read tool that takes a `query` is a search (see toolKindOf). */
const KIND_OF_EFFECT: Record<ToolEffect, ToolKind> = { read: 'read', write: 'edit', exec: 'execute', delegate: 'think' };

/**
 * The ACP tool kind of one of our tools (the editor picks its icon from
 * it), derived from the registry: the tool's effect class, and among the
 * read tools those whose arguments take a `query` search. A tool the
 * registry does not know (none today) is `other`.
 *
 * @example
 * toolKindOf('edit_file'); // 'edit'
 * toolKindOf('search_text'); // 'search'
 */
export function toolKindOf(tool: string, registry: readonly ToolRegistryEntry[] = TOOL_REGISTRY): ToolKind {
  const entry = registry.find((candidate) => candidate.name === tool);
  if (entry === undefined) return 'other';
  if (entry.effect === 'read' && entry.definition !== null && 'query' in entry.definition.schema.shape) return 'search';
  return KIND_OF_EFFECT[entry.effect];
}
