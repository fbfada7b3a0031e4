import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent policy check (--command CMD | --read PATH | --write PATH)
 * [--tool NAME]`: what the permission layer decides, without running
 * anything or asking anyone. Exit 0 whenever it answered (whatever the
 * decision), 2 for bad usage. The implementation (policy-action.ts) loads
 * only when the command runs.
 */
export function policyCommand(run: CommandRunner): Command {
  const check = withCommonOptions(new Command('check'))
    .description('print what the permission layer decides for a command line, a read or a write (nothing runs)')
    .option('--command <cmd>', 'a shell command line, as the shell tool runs it (sh -c CMD)')
    .option('--read <path>', 'a file or directory to read')
    .option('--write <path>', 'a file to write')
    .option('--tool <name>', 'the agent tool that asks (e.g. shell, read_file, edit_file)')
    // A subcommand added after the fact does not inherit this from the program.
    .exitOverride()
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executePolicyCheck } = await import('./policy-action.js');
        await executePolicyCheck(context, raw);
      }, raw);
    });
  return new Command('policy').description('what the permission layer decides (see docs/permissions.md)').addCommand(check);
}
