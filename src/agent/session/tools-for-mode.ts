import type { AgentTool } from '../tools/agent-tool.js';
import { type ToolSetOptions, registryEntriesFor } from '../tools/tool-registry.js';

export type { ToolSetOptions } from '../tools/tool-registry.js';

/**
 * The tools of a session, in the order the model sees them, derived from
 * the tool registry (TOOL_REGISTRY):
 * - every mode: read_file, search_text, list_dir, docs_map (when the
 *   project has a docs map), run_validation, delegate;
 * - `propose`, `write`, `autonomous`: also edit_file and write_file;
 * - `write`, `autonomous`: also shell (the permission rules decide each
 *   command; one no rule allows asks);
 * - a sub-agent gets the read-only set without delegate, whatever its mode.
 */
export function toolsForMode(options: ToolSetOptions): AgentTool[] {
  return registryEntriesFor(options).flatMap((entry) => entry.create(options) ?? []);
}
