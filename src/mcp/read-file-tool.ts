import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { sliceLines } from '../agent/tools/slice-lines.js';
import type { McpSession } from './mcp-session.js';
import { MAX_RESULT_TEXT_BYTES, capText, errorResult, guardTool, textResult } from './tool-result.js';

/** The name the server registers the tool under. */
export const READ_FILE_TOOL = 'read_file';

const inputSchema = {
  path: z.string().min(1).describe('The file to read, relative to the workspace root (forward slashes). Paths outside the workspace are refused.'),
  startLine: z.number().int().min(1).optional().describe('First line to return, 1-based. Default: the first line.'),
  endLine: z.number().int().min(1).optional().describe('Last line to return, inclusive, 1-based. Default: the last line.'),
};

/**
 * Registers `read_file`: a workspace file through the runtime's safe-read
 * path (scope, permission rules, no devices, size cap), secrets redacted,
 * optionally one line range. The first read under a directory with nested
 * context files in this connection appends their bodies as a
 * `<system-reminder>`; later reads there do not.
 */
export function registerReadFileTool(server: McpServer, session: McpSession): void {
  server.registerTool(
    READ_FILE_TOOL,
    {
      title: 'Read a workspace file',
      description:
        'Read a text file in the workspace, optionally only lines startLine..endLine. Secrets are replaced by [REDACTED:<kind>]. ' +
        'The first time you read a file under a directory that has its own AGENTS.md (or similar) context, that context is appended in a <system-reminder> block: follow it. ' +
        `At most ${MAX_RESULT_TEXT_BYTES / 1024} KiB of text is returned; use a line range for large files.`,
      inputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ path: requested, startLine, endLine }) =>
      guardTool(async () => {
        if (startLine !== undefined && endLine !== undefined && endLine < startLine) return errorResult(`endLine: ${endLine} is before startLine ${startLine}`);
        const { workspace } = session;
        const observation = await workspace.runtime.execute({ kind: 'fs.readFile', path: requested });
        if (!observation.ok) return errorResult(`${requested}: ${observation.error.message} (${observation.error.code})`);
        const file = observation.value;
        const content = workspace.redactor.redact(file.content).text;
        const isRange = startLine !== undefined || endLine !== undefined;
        const slice = sliceLines(content, startLine, endLine);
        if (startLine !== undefined && startLine > slice.total) return errorResult(`startLine: ${startLine} is past the end of ${file.path} (${slice.total} lines)`);
        const notes: string[] = [];
        if (isRange) notes.push(`lines ${slice.first}-${slice.last} of ${slice.total}`);
        if (file.truncated) notes.push(`only the first ${file.bytes} of ${file.totalBytes} bytes were read`);
        const header = notes.length > 0 ? `${file.path} (${notes.join('; ')})\n` : '';
        // Without a range the file comes back byte for byte (its final newline included).
        const body = capText(`${header}${isRange ? slice.text : content}`);
        const contextSession = await session.contextSession();
        const reminder = await contextSession.onToolResult({ tool: READ_FILE_TOOL, ok: true, paths: [file.path] });
        if (reminder === null) return textResult(body);
        // The reminder is context the model must see: it goes after the (already capped) file text.
        return { content: [{ type: 'text', text: `${body}\n\n${workspace.redactor.redact(reminder.text).text}` }] };
      }),
  );
}
