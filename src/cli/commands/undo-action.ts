import path from 'node:path';
import { openCheckpointStore, openWorkspace } from '../../adapters/node-workspace/index.js';
import { undoLastRun } from '../../agent/checkpoint/index.js';
import { BrassError } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_JOB_FAILED } from '../exit-code.js';

/**
 * Runs `brass-agent undo` (defined in undo-command.ts): restores the files
 * the workspace's last run changed from its checkpoint. Nothing to undo
 * prints one line and succeeds; a conflict names the files and exits 1;
 * a damaged store is one error line (nothing restored).
 */
export async function executeUndo(context: CommandContext, raw: Record<string, unknown>): Promise<void> {
  const { options, output, streams, processCwd } = context;
  const workspace = await openWorkspace({
    cwd: path.resolve(processCwd, options.cwd),
    env: streams.env,
    ...(options.config ? { configPath: path.resolve(processCwd, options.config) } : {}),
  });
  const choice = openCheckpointStore(workspace, streams.env);
  if (choice.store === null) throw new BrassError('usage', choice.warning);
  const result = await undoLastRun({ store: choice.store, runtime: workspace.runtime, force: raw.force === true });
  if (result.kind === 'conflict') {
    output.error(`cannot undo the last run: ${result.conflicts.join(', ')} changed since it ended; nothing was restored`, 'rerun with --force to restore the checkpoint over those changes');
    if (options.json) output.json({ version: 1, restored: [], conflicts: result.conflicts });
    context.exitCode = EXIT_JOB_FAILED;
    return;
  }
  const restored = result.kind === 'restored' ? result.restored : [];
  if (restored.length === 0) output.info(`nothing to undo: ${result.kind === 'nothing' ? result.reason : 'every file the last run changed already holds its checkpoint content'}`);
  if (options.json) {
    output.json({ version: 1, restored, conflicts: [] });
    return;
  }
  if (result.kind !== 'restored' || restored.length === 0) return;
  output.result(`undid run ${result.runId}: ${restored.length} file(s) restored from its checkpoint`);
  for (const file of restored) output.result(`  restored ${file}`);
  if (!result.isRecordComplete) output.warn('the run ended before it recorded what it changed: every file that differed from its checkpoint was restored');
}
