import * as z from 'zod';
import { utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import { type AgentTool, defineTool } from './agent-tool.js';
import { PENDING_NOTE, checkWrite } from './check-write.js';

/** The tool's name. */
export const WRITE_FILE_TOOL = 'write_file';

const schema = z.strictObject({
  path: z.string().min(1).describe('The file, relative to the workspace root; created when it does not exist.'),
  content: z.string().describe('The whole new content of the file.'),
});

/**
 * `write_file`: records a whole-file write in the run's pending edits (see
 * PendingEdits); nothing is written to disk until the patch is applied.
 */
export function createWriteFileTool(): AgentTool {
  return defineTool({
    name: WRITE_FILE_TOOL,
    description: 'Create a file or replace its whole content. Prefer edit_file for changes to an existing file. The write is recorded in this run\'s patch, not written to disk yet.',
    schema,
    async run({ path, content }, { session }) {
      const refused = await checkWrite(session.runtime, { tool: WRITE_FILE_TOOL, path, content });
      if (refused !== null) return refused;
      const before = await session.edits.read(path);
      const written = await session.edits.write(path, content);
      const verb = before.content === null ? 'Created' : 'Replaced';
      const lines = content.length === 0 ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
      return {
        ok: true,
        content: `${verb} ${written.path} (${lines} lines, ${utf8ByteLength(content)} bytes). ${PENDING_NOTE}`,
        paths: [written.path],
        contentPaths: [written.path],
        summary: `${verb.toLowerCase()} ${written.path}`,
        isChange: true,
      };
    },
  });
}
