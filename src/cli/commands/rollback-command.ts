import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent rollback --last [--force]`: restores the newest patch of the
 * workspace that is still pending in the journal (applied, or cut off
 * half-way by a crash or `kill -9`): files get their content from before
 * the patch back, files it created are removed. Files edited since are a
 * conflict (exit 1, named) unless `--force`. Nothing to roll back is "no
 * match": a message and exit 0. `--json`: `{ version, patchId, runId,
 * restored, removed, unchanged, remaining }`. The implementation
 * (rollback-action.ts) loads only when the command runs.
 */
export function rollbackCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('rollback'))
    .description("restore the files of the last patch a run applied (also after the run's process died)")
    .requiredOption('--last', 'roll back the newest pending patch of the workspace')
    .option('--force', 'restore even files that were edited since the patch was applied', false)
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeRollback } = await import('./rollback-action.js');
        await executeRollback(context, raw);
      }, raw);
    });
}
