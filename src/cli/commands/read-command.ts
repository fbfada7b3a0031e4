import { Command, InvalidArgumentError } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

function parseByteCount(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive whole number of bytes');
  return parsed;
}

/**
 * `brass-agent read PATH`: a file through the same safe path the agent uses
 * (workspace scope, symlinks resolved, no FIFOs or devices, size cap), with
 * secrets redacted unless `--no-redact` is given (the user named the file).
 * The implementation (read-action.ts) loads only when the command runs.
 */
export function readCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('read'))
    .description('print a file through the same safe path the agent uses')
    .argument('<path>', 'file to read, relative to the workspace')
    .option('--max-bytes <n>', 'show at most this many bytes (default: limits.maxReadBytes, 1 MiB)', parseByteCount)
    .option('--no-redact', 'show secrets in the file instead of [REDACTED:<kind>] markers')
    .action(async (filePath: string, raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeRead } = await import('./read-action.js');
        await executeRead(context, filePath, raw);
      }, raw);
    });
}
