import path from 'node:path';
import { openPatchJournal, openWorkspace } from '../../adapters/node-workspace/index.js';
import { rollbackLast } from '../../agent/patch/index.js';
import { BrassError } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';

/**
 * Runs `brass-agent rollback --last` (defined in rollback-command.ts):
 * restores the newest pending patch of the workspace through its journal.
 * Nothing to roll back prints a message and succeeds; a conflict throws.
 */
export async function executeRollback({ options, output, streams, processCwd }: CommandContext, raw: Record<string, unknown>): Promise<void> {
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
}
