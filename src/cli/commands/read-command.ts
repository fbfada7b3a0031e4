import { Command, InvalidArgumentError } from 'commander';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { actionFailure } from '../action-failure.js';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

function parseByteCount(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive whole number of bytes');
  return parsed;
}

/**
 * `brass-agent read PATH`: a file through the same safe path the agent uses
 * (workspace scope, symlinks resolved, no FIFOs or devices, size cap).
 */
export function readCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('read'))
    .description('print a file through the same safe path the agent uses')
    .argument('<path>', 'file to read, relative to the workspace')
    .option('--max-bytes <n>', 'show at most this many bytes (default: limits.maxReadBytes, 1 MiB)', parseByteCount)
    .action(async (filePath: string, raw: Record<string, unknown>) => {
      await run(async ({ options, output, streams }) => {
        const workspace = await openWorkspace({ cwd: options.cwd, env: streams.env, ...(options.config ? { configPath: options.config } : {}) });
        const maxBytes = typeof raw.maxBytes === 'number' ? raw.maxBytes : undefined;
        const observation = await workspace.runtime.execute({ kind: 'fs.readFile', path: filePath, ...(maxBytes ? { maxBytes } : {}) });
        if (!observation.ok) throw actionFailure(observation.error);
        const file = observation.value;
        if (options.json) {
          output.json({ path: file.path, bytes: file.bytes, truncated: file.truncated, content: file.content, totalBytes: file.totalBytes, encoding: file.encoding });
          return;
        }
        streams.stdout.write(file.content);
        if (file.truncated) output.warn(`${file.path}: showing the first ${file.bytes} of ${file.totalBytes} bytes (raise --max-bytes to see more)`);
        if (file.encoding === 'utf8-lossy') output.warn(`${file.path}: invalid UTF-8 sequences were replaced by U+FFFD`);
      }, raw);
    });
}
