import { z } from 'zod';
import { type AgentTool, observationFailure } from './agent-tool.js';
import { type ToolDefinition, createToolDefinition, readContextOf, toAgentTool } from './tool-definition.js';

/** The tool's name. */
export const LIST_DIR_TOOL = 'list_dir';
/** Entries returned when the model does not say. */
export const DEFAULT_LIST_ENTRIES = 200;
/** Entries one call may ask for at most. */
export const MAX_LIST_ENTRIES = 2000;

const schema = z.strictObject({
  path: z.string().min(1).optional().describe('The directory, relative to the workspace root. Default: the workspace root.'),
  recursive: z.boolean().optional().describe('Also list subdirectories (default false). Ignored files and build directories are skipped.'),
  maxEntries: z.number().int().min(1).max(MAX_LIST_ENTRIES).optional().describe(`At most this many entries (default ${DEFAULT_LIST_ENTRIES}).`),
});

/**
 * `list_dir`: a directory listing through the runtime (`fs.list`: scope,
 * `.gitignore`, skipped directories), one workspace-relative path per line,
 * directories with a trailing `/`.
 */
export const listDirDefinition: ToolDefinition = createToolDefinition({
  name: LIST_DIR_TOOL,
  effect: 'read',
  description: 'List a directory of the workspace (optionally recursive). One path per line; directories end with "/". Ignored files and build directories are skipped.',
  schema,
  async run({ path, recursive, maxEntries }, { runtime, redact, signal }) {
    const limit = maxEntries ?? DEFAULT_LIST_ENTRIES;
    const observation = await runtime.execute(
      { kind: 'fs.list', tool: LIST_DIR_TOOL, ...(path === undefined ? {} : { path }), recursive: recursive ?? false, maxEntries: limit },
      signal === undefined ? {} : { signal },
    );
    const where = path ?? '.';
    if (!observation.ok) return observationFailure(where, observation.error);
    const { entries, truncated } = observation.value;
    const lines = entries.map((entry) => (entry.kind === 'directory' ? `${entry.path}/` : entry.path));
    if (lines.length === 0) lines.push('(empty directory)');
    if (truncated) lines.push(`[... more entries not shown: raise maxEntries (up to ${MAX_LIST_ENTRIES}) or list a subdirectory ...]`);
    return { ok: true, content: redact(lines.join('\n')), paths: [where], summary: `listed ${where} (${entries.length}${truncated ? '+' : ''} entries)` };
  },
});

/** The agent's `list_dir` (see listDirDefinition). */
export function createListDirTool(): AgentTool {
  return toAgentTool(listDirDefinition, (context) => readContextOf(context));
}
