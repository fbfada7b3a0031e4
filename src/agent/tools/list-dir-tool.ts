import * as z from 'zod';
import { utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import type { ListEntry } from '../../core/index.js';
import { type AgentTool, observationFailure } from './agent-tool.js';
import { type ToolDefinition, createToolDefinition, readContextOf, toAgentTool } from './tool-definition.js';
import { MAX_TOOL_RESULT_BYTES } from './tool-text.js';

/** The tool's name. */
export const LIST_DIR_TOOL = 'list_dir';
/** Entries returned when the model does not say. */
export const DEFAULT_LIST_ENTRIES = 200;
/** Entries one call may ask for at most. */
export const MAX_LIST_ENTRIES = 2000;
/** Room kept under the result cap for the note on more entries. */
const NOTE_BYTES = 256;

const schema = z.strictObject({
  path: z.string().min(1).optional().describe('The directory, relative to the workspace root. Default: the workspace root.'),
  recursive: z.boolean().optional().describe('Also list subdirectories (default false). Ignored files and build directories are skipped.'),
  maxEntries: z.number().int().min(1).max(MAX_LIST_ENTRIES).optional().describe(`At most this many entries (default ${DEFAULT_LIST_ENTRIES}).`),
});

/** The structured result of `list_dir` (MCP `structuredContent`): the entries the text shows. */
export const listDirOutputSchema = z.object({
  entries: z
    .array(z.object({ path: z.string().describe('Workspace-relative, forward slashes, no trailing slash.'), kind: z.enum(['file', 'directory', 'symlink', 'fifo', 'socket', 'device', 'other']) }))
    .describe('In listing order.'),
  truncated: z.boolean().describe('More entries exist than are shown: raise maxEntries or list a subdirectory.'),
});

/**
 * `list_dir`: a directory listing through the runtime (`fs.list`: scope,
 * `.gitignore`, skipped directories), one workspace-relative path per line,
 * directories with a trailing `/`, as many as fit the result cap.
 */
export const listDirDefinition: ToolDefinition = createToolDefinition({
  name: LIST_DIR_TOOL,
  effect: 'read',
  description: 'List a directory of the workspace (optionally recursive). One path per line; directories end with "/". Ignored files and build directories are skipped.',
  schema,
  outputSchema: listDirOutputSchema,
  async run({ path, recursive, maxEntries }, { runtime, redact, signal }) {
    const limit = maxEntries ?? DEFAULT_LIST_ENTRIES;
    const observation = await runtime.execute(
      { kind: 'fs.list', tool: LIST_DIR_TOOL, ...(path === undefined ? {} : { path }), recursive: recursive ?? false, maxEntries: limit },
      signal === undefined ? {} : { signal },
    );
    const where = path ?? '.';
    if (!observation.ok) return observationFailure(where, observation.error);
    const entries = fitResultCap(observation.value.entries);
    const truncated = observation.value.truncated || entries.length < observation.value.entries.length;
    const lines = entries.map(lineOf);
    if (lines.length === 0) lines.push('(empty directory)');
    if (truncated) lines.push(`[... more entries not shown: raise maxEntries (up to ${MAX_LIST_ENTRIES}) or list a subdirectory ...]`);
    const structured = { entries: entries.map((entry) => ({ path: redact(entry.path), kind: entry.kind })), truncated };
    return { ok: true, content: redact(lines.join('\n')), paths: [where], summary: `listed ${where} (${entries.length}${truncated ? '+' : ''} entries)`, structured };
  },
});

/** An entry's line: directories end with `/`. */
function lineOf(entry: ListEntry): string {
  return entry.kind === 'directory' ? `${entry.path}/` : entry.path;
}

/** The first entries whose lines fit the result cap, so the text and the structured result show the same entries. */
function fitResultCap(entries: readonly ListEntry[]): ListEntry[] {
  let bytes = NOTE_BYTES;
  let kept = 0;
  for (const entry of entries) {
    bytes += utf8ByteLength(lineOf(entry)) + 1;
    if (bytes > MAX_TOOL_RESULT_BYTES) break;
    kept += 1;
  }
  return entries.slice(0, kept);
}

/** The agent's `list_dir` (see listDirDefinition). */
export function createListDirTool(): AgentTool {
  return toAgentTool(listDirDefinition, (context) => readContextOf(context));
}
