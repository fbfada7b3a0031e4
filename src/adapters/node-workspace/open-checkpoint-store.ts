import { type CheckpointStore, isPathInside } from '../../core/index.js';
import { checkpointDirectory, createFileCheckpointStore } from '../checkpoint-store/index.js';
import type { OpenedWorkspace } from './open-workspace.js';

/** The checkpoint store of a workspace's runs, or why there is none. */
export type CheckpointStoreChoice = { store: CheckpointStore; warning: null } | { store: null; warning: string };

/**
 * The checkpoint store for `brass-agent run` and `brass-agent undo`, under
 * the user's state directory (`$XDG_STATE_HOME/brass-agent/checkpoints`,
 * else `~/.local/state/brass-agent/checkpoints`), beside the patch journal.
 * When that directory lies inside the workspace there is no store (the
 * checkpoints would show up in the repository and be checkpointed
 * themselves) and a warning says how to fix it.
 */
export function openCheckpointStore(workspace: OpenedWorkspace, env: NodeJS.ProcessEnv): CheckpointStoreChoice {
  const directory = checkpointDirectory(env, workspace.probe.homeDir);
  if (isPathInside(directory, workspace.root, workspace.scope.workspace.isCaseInsensitive)) {
    return { store: null, warning: `the checkpoint directory ${directory} is inside the workspace, so no checkpoint is taken and \`brass-agent undo\` is unavailable; set XDG_STATE_HOME to a directory outside it` };
  }
  return { store: createFileCheckpointStore({ directory }), warning: null };
}
