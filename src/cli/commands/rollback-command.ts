import path from 'node:path';
import { Command } from 'commander';
import { openPatchJournal, openWorkspace } from '../../adapters/node-workspace/index.js';
import { rollbackLast } from '../../agent/patch/index.js';
import { BrassError } from '../../core/index.js';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent rollback --last [--force]`: restores the newest patch of the
 * workspace that is still pending in the journal (applied, or cut off
 * half-way by a crash or `kill -9`): files get their content from before
 * the patch back, files it created are removed. Files edited since are a
 * conflict (exit 1, named) unless `--force`. Nothing to roll back is "no
 * match": a message and exit 0. `--json`: `{ version, patchId, runId,
 * restored, removed, unchanged, remaining }`.
 */
export function rollbackCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('rollback'))
    .description("restore the files of the last patch a run applied (also after the run's process died)")
    .requiredOption('--last', 'roll back the newest pending patch of the workspace')
    .option('--force', 'restore even files that were edited since the patch was applied', false)
    .action(async (raw: Record<string, unknown>) => {
      await run(async ({ options, output, streams, processCwd }) => {
        const workspace = await openWorkspace({
          cwd: path.resolve(processCwd, options.cwd),
          env: streams.env,
          ...(options.config ? { configPath: path.resolve(processCwd, options.config) } : {}),
          // Running this command is the consent to restore the journaled files; deny rules still win.
          cliConfig: { approval: 'auto' },
        });
        const journal = openPatchJournal(workspace, streams.env);
        let result: Awaited<ReturnType<typeof rollbackLast>>;
        try {
          result = await rollbackLast({ runtime: workspace.runtime, journal, workspaceRoot: workspace.root, force: raw.force === true });
        } catch (error) {
          if (!(BrassError.isInstance(error) && error.code === 'not-found')) throw error;
          output.info('nothing to roll back: no applied patch of this workspace is pending in the journal');
          if (options.json) output.json({ version: 1, patchId: null, runId: null, restored: [], removed: [], unchanged: [], remaining: 0 });
          return;
        }
        const { entry, restored, removed, unchanged, remaining } = result;
        if (options.json) {
          output.json({ version: 1, patchId: entry.id, runId: entry.runId, restored, removed, unchanged, remaining });
        } else {
          output.result(`rolled back patch ${entry.id} (run ${entry.runId}, ${entry.createdAt})`);
          for (const file of restored) output.result(`  restored ${file}`);
          for (const file of removed) output.result(`  removed  ${file}`);
          for (const file of unchanged) output.result(`  unchanged ${file} (the patch had not reached it)`);
        }
        if (remaining > 0) output.info(`${remaining} earlier patch(es) of this workspace are still pending: run \`brass-agent rollback --last\` again to restore them too`);
      }, raw);
    });
}
