import * as z from 'zod';
import { type AgentTool, defineTool, observationFailure } from './agent-tool.js';
import { tailText } from './tool-text.js';

/** The tool's name. */
export const SHELL_TOOL = 'shell';
/** Output of each stream the model gets: its tail. 16 KiB. */
export const MAX_SHELL_TOOL_STREAM_BYTES = 16 * 1024;
/** Longest command line accepted. */
const MAX_COMMAND_CHARS = 10_000;
/** Longest timeout the model may ask for: 10 minutes. */
const MAX_SHELL_TIMEOUT_MS = 600_000;

const schema = z.strictObject({
  command: z.string().min(1).max(MAX_COMMAND_CHARS).describe('The command line, run as `sh -c COMMAND` in the workspace root.'),
  timeoutMs: z.number().int().min(1000).max(MAX_SHELL_TIMEOUT_MS).optional().describe('Kill it after this many milliseconds (default: the configured shell timeout).'),
});

/**
 * `shell`: `sh -c COMMAND` through the runtime's `shell.run` with tool
 * `shell`, so the permission layer reads the script (every command, path and
 * redirection in it) and the rules decide: a command no rule allows asks.
 * The model gets the exit status and the tail of each stream.
 */
export function createShellTool(): AgentTool {
  return defineTool({
    name: SHELL_TOOL,
    description:
      'Run a shell command (sh -c) in the workspace root; permission rules decide, and commands no rule allows need approval. ' +
      'Returns the exit code and the end of stdout and stderr. It sees the files on disk, not this run\'s pending edits.',
    schema,
    async run({ command, timeoutMs }, { session, signal }) {
      const argv = ['sh', '-c', command];
      const observation = await session.runtime.execute({ kind: 'shell.run', tool: SHELL_TOOL, argv, ...(timeoutMs === undefined ? {} : { timeoutMs }) }, { signal });
      if (!observation.ok) return observationFailure(null, observation.error);
      const { exitCode, signal: killedBy, timedOut, stdout, stderr, durationMs } = observation.value;
      const status = timedOut ? `timed out after ${durationMs} ms` : exitCode === null ? `killed by ${killedBy ?? 'a signal'}` : `exit code ${exitCode}`;
      const parts = [status];
      if (stdout.length > 0) parts.push(`--- stdout ---\n${tailText(stdout, MAX_SHELL_TOOL_STREAM_BYTES)}`);
      if (stderr.length > 0) parts.push(`--- stderr ---\n${tailText(stderr, MAX_SHELL_TOOL_STREAM_BYTES)}`);
      if (!session.edits.isEmpty()) parts.push('Note: this run has pending edits that are not on disk yet; the command did not see them.');
      const isSuccess = exitCode === 0 && !timedOut;
      return {
        ok: isSuccess,
        content: session.redact(parts.join('\n')),
        paths: [],
        command: { argv },
        summary: `${command.split('\n')[0]!.slice(0, 80)} → ${status}`,
        // A command can change files: the same call again may see something new.
        isChange: true,
        ...(isSuccess ? {} : { code: 'failed' }),
      };
    },
  });
}
