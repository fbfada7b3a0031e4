import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent undo [--force]`: returns the workspace to the checkpoint
 * taken before the last run's first change (a kept run included; its
 * patches and its commands' side effects alike). Files changed since the
 * run ended are a conflict (exit 1, named) unless `--force`. Nothing to
 * undo is "no match": one line and exit 0. `--json`: `{ version, restored,
 * conflicts }`. The implementation (undo-action.ts) loads only when the
 * command runs.
 */
export function undoCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('undo'))
    .description("restore the workspace to the checkpoint taken before the last run's first change")
    .option('--force', 'restore even files that were changed since the run ended', false)
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeUndo } = await import('./undo-action.js');
        await executeUndo(context, raw);
      }, raw);
    });
}
