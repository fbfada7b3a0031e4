import * as z from 'zod';
import { toolResultEventOf } from '../../context/nested/index.js';
import { utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import { type AgentTool, type AgentToolResult, failure, observationFailure } from './agent-tool.js';
import { sliceLines } from './slice-lines.js';
import { type ReadToolContext, type ToolDefinition, createToolDefinition, readContextOf, toAgentTool } from './tool-definition.js';
import { MAX_TOOL_RESULT_BYTES, capToolText } from './tool-text.js';

/** The tool's name. */
export const READ_FILE_TOOL = 'read_file';
/** Lines one call returns when it does not say. */
export const DEFAULT_READ_LINES = 2000;

const schema = z.strictObject({
  path: z.string().min(1).describe('The file, relative to the workspace root (forward slashes).'),
  offset: z.number().int().min(1).optional().describe('First line to return, 1-based. Default 1.'),
  limit: z.number().int().min(1).max(DEFAULT_READ_LINES).optional().describe(`How many lines to return. Default and maximum ${DEFAULT_READ_LINES}.`),
});

/** The MCP server's arguments: `startLine`/`endLine` are the server's first range arguments, kept for older clients. */
const compatSchema = schema.extend({
  startLine: z.number().int().min(1).optional().describe('Deprecated: use offset. First line to return, 1-based.'),
  endLine: z.number().int().min(1).optional().describe('Deprecated: use limit. Last line to return, inclusive, 1-based.'),
});

/** The structured result of `read_file` (MCP `structuredContent`): the lines the text shows, and where they are. */
export const readFileOutputSchema = z.object({
  path: z.string().describe('Workspace-relative, forward slashes.'),
  firstLine: z.number().int().describe('1-based line number of the first line of content.'),
  lastLine: z.number().int().describe('1-based line number of the last line of content.'),
  totalLines: z.number().int(),
  content: z.string().describe('The lines, redacted; the whole file (its final newline included) when nothing was left out.'),
  notes: z.array(z.string()).describe("What is not plain: a line range, a truncated read, invalid UTF-8, a pending edit, how to read on (the text's header)."),
});

/** Which arguments the caller used for the range, so messages name them. */
interface RangeWords {
  start: 'offset' | 'startLine';
  /** The last line the caller asked for, when it said (`endLine`); the rest is then not offered. */
  requestedLast: number | undefined;
}

/**
 * `read_file`: a workspace file through the runtime's safe read (scope,
 * permission rules, no devices, size cap), or its pending content when this
 * run edited it. At most DEFAULT_READ_LINES lines and MAX_TOOL_RESULT_BYTES
 * per call; the header says which lines and how to read on. The MCP server
 * also accepts the deprecated `startLine`/`endLine` (mapped onto offset and limit).
 */
export const readFileDefinition: ToolDefinition = createToolDefinition({
  name: READ_FILE_TOOL,
  effect: 'read',
  description:
    `Read a text file of the workspace, optionally only some lines (offset, limit; at most ${DEFAULT_READ_LINES} lines and ${MAX_TOOL_RESULT_BYTES / 1024} KiB per call). ` +
    'Shows this run\'s pending edits, not the file on disk, for files you edited. Secrets appear as [REDACTED:<kind>]. ' +
    'The first read in a directory with its own AGENTS.md (or similar) appends those instructions in a <system-reminder>: follow them.',
  schema,
  compatSchema,
  outputSchema: readFileOutputSchema,
  run: readFile,
});

/** The agent's `read_file` (see readFileDefinition). */
export function createReadFileTool(): AgentTool {
  return toAgentTool(readFileDefinition, (context) => readContextOf(context));
}

async function readFile(input: z.output<typeof compatSchema>, context: ReadToolContext): Promise<AgentToolResult> {
  const { path, startLine, endLine } = input;
  const { runtime, edits, signal } = context;
  const isLegacy = startLine !== undefined || endLine !== undefined;
  if (isLegacy && (input.offset !== undefined || input.limit !== undefined)) return failure('Give offset and limit, or the deprecated startLine and endLine, not both.', 'invalid-input');
  if (startLine !== undefined && endLine !== undefined && endLine < startLine) return failure(`endLine: ${endLine} is before startLine ${startLine}`, 'invalid-input');
  const offset = isLegacy ? startLine : input.offset;
  const limit = isLegacy ? (endLine === undefined ? undefined : Math.min(endLine - (startLine ?? 1) + 1, DEFAULT_READ_LINES)) : input.limit;
  const words: RangeWords = { start: isLegacy ? 'startLine' : 'offset', requestedLast: isLegacy ? endLine : undefined };
  const range = { offset, limit, words };
  if (edits !== undefined) {
    const resolved = await runtime.scope.resolve(path);
    const pending = resolved.relativePath === null ? undefined : edits.pendingContent(resolved.relativePath);
    if (pending !== undefined) {
      // Pending content never touched the disk, but a deny rule on the path still applies to reading it.
      const check = await runtime.check({ kind: 'fs.readFile', path, tool: READ_FILE_TOOL });
      if (check.verdict.decision === 'deny') return failure(`${path}: fs.readFile is denied (${check.verdict.reason})`, 'denied');
      const relative = resolved.relativePath!;
      if (pending === null) return failure(`${relative} is deleted by a pending edit of this run.`, 'not-found', [relative]);
      return present(context.redact(pending), { path: relative, ...range, notes: ['pending edit of this run, not on disk yet'], isWhole: true });
    }
  }
  const action = { kind: 'fs.readFile', path, tool: READ_FILE_TOOL } as const;
  const observation = await runtime.execute(action, signal === undefined ? {} : { signal });
  if (!observation.ok) return observationFailure(path, observation.error);
  const file = observation.value;
  const notes: string[] = [];
  if (file.truncated) notes.push(`only the first ${file.bytes} of ${file.totalBytes} bytes were read`);
  if (file.encoding === 'utf8-lossy') notes.push('not valid UTF-8: invalid bytes are shown as U+FFFD');
  const disclosure = toolResultEventOf(READ_FILE_TOOL, action, observation);
  return present(context.redact(file.content), { path: file.path, ...range, notes, isWhole: disclosure.contentPaths !== undefined });
}

/** How many of the first `lines` fit in `budget` bytes with a newline each; at least one (the central cap cuts a line too long alone). */
function wholeLinesWithin(lines: readonly string[], budget: number): number {
  let kept = 0;
  let bytes = 0;
  for (const line of lines) {
    const size = utf8ByteLength(line) + 1;
    if (kept > 0 && bytes + size > budget) break;
    bytes += size;
    kept += 1;
  }
  return kept;
}

/** The result text: a header when anything is not plain, then the lines that fit. */
function present(
  content: string,
  options: { path: string; offset: number | undefined; limit: number | undefined; words: RangeWords; notes: string[]; isWhole: boolean },
): AgentToolResult {
  const { path, offset, notes, words } = options;
  const limit = options.limit ?? DEFAULT_READ_LINES;
  const slice = sliceLines(content, offset, (offset ?? 1) + limit - 1);
  if (offset !== undefined && offset > slice.total) return failure(`${words.start}: ${offset} is past the end of ${path} (${slice.total} lines)`, 'invalid-input', [path]);
  const lines = slice.text.split('\n');
  // Keep whole lines within the byte cap, header included, so the model can continue at the next line.
  // Most slices fit whole: their lines with a newline each take the text's bytes plus one (a plain whole file has no header).
  const textBytes = utf8ByteLength(slice.text) + 1;
  const isPlainWhole = slice.first === 1 && slice.last === slice.total && notes.length === 0;
  let kept = lines.length;
  if (!(isPlainWhole && textBytes <= MAX_TOOL_RESULT_BYTES)) {
    // The header depends on the lines kept: the longest it can be (every number as large as the line count) is reserved.
    const longestHeader = `${path} (${[`lines ${slice.first}-${slice.total} of ${slice.total}`, ...notes, `call again with ${words.start} ${slice.total} for more`].join('; ')})\n`;
    const budget = MAX_TOOL_RESULT_BYTES - utf8ByteLength(longestHeader);
    if (textBytes > budget) kept = wholeLinesWithin(lines, budget);
  }
  const last = slice.first + kept - 1;
  const isPartial = slice.first > 1 || last < slice.total;
  const allNotes = [...(isPartial ? [`lines ${slice.first}-${last} of ${slice.total}`] : []), ...notes];
  // A caller that named its last line (endLine) is only told of lines it asked for and did not get.
  const offered = Math.min(words.requestedLast ?? slice.total, slice.total);
  if (last < offered) allNotes.push(`call again with ${words.start} ${last + 1} for more`);
  const header = allNotes.length > 0 ? `${path} (${allNotes.join('; ')})\n` : '';
  // Without a range the file comes back as it is, its final newline included.
  const body = isPartial ? lines.slice(0, kept).join('\n') : content;
  const isWhole = options.isWhole && !isPartial;
  return {
    ok: true,
    // One very long line can still exceed the cap on its own: the central cap cuts it.
    content: `${header}${body}`,
    paths: [path],
    ...(isWhole ? { contentPaths: [path] } : {}),
    summary: `read ${path}${isPartial ? ` lines ${slice.first}-${last}` : ''}`,
    structured: { path, firstLine: slice.first, lastLine: last, totalLines: slice.total, content: capToolText(body), notes: allNotes },
  };
}
