import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent doctor [--check-llm]`: environment and configuration checks,
 * the model configuration among them; `--check-llm` adds the one network
 * call doctor makes. Exit 1 when a check fails. The checks (doctor-action.ts) load only when the command runs.
 */
export function doctorCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('doctor'))
    .description('check the environment and the configuration, the model settings included (exit 1 when a check fails)')
    .option('--check-llm', 'also send one tiny request to the configured model: reachable, key accepted, model found (exit 1 when not)')
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeDoctor } = await import('./doctor-action.js');
        await executeDoctor(context, raw);
      }, raw);
    });
}
