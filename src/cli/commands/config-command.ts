import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent config`: the resolved configuration and where each value came
 * from. The implementation (config-action.ts) loads only when the command runs.
 */
export function configCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('config'))
    .description('print the resolved configuration and where each value came from')
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeConfig } = await import('./config-action.js');
        await executeConfig(context);
      }, raw);
    });
}
