import { BrassError, isPathInside, type PatchJournal } from '../../core/index.js';
import { createFileJournal, journalDirectory } from '../patch-journal/index.js';
import type { OpenedWorkspace } from './open-workspace.js';

/**
 * The patch journal of a workspace's runs, under the user's state directory
 * (`$XDG_STATE_HOME/brass-agent`, else `~/.local/state/brass-agent`), for
 * `brass-agent run` and `brass-agent rollback --last`.
 *
 * @throws BrassError `usage` when that directory lies inside the workspace: the
 *   journal would show up in the repository, and resetting the working tree would lose it.
 */
export function openPatchJournal(workspace: OpenedWorkspace, env: NodeJS.ProcessEnv): PatchJournal {
  const directory = journalDirectory(env, workspace.probe.homeDir);
  if (isPathInside(directory, workspace.root, workspace.scope.workspace.isCaseInsensitive)) {
    throw new BrassError('usage', `the patch journal directory ${directory} is inside the workspace; set XDG_STATE_HOME to a directory outside it`);
  }
  return createFileJournal({ directory });
}
