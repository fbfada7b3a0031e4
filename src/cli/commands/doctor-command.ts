import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent doctor`: environment and configuration checks. Exit 1 when a
 * check fails. The checks (doctor-action.ts) load only when the command runs.
 */
export function doctorCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('doctor'))
    .description('check the environment and the configuration (exit 1 when a check fails)')
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeDoctor } = await import('./doctor-action.js');
        await executeDoctor(context);
      }, raw);
    });
}
