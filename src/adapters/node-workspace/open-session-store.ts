import { type SessionStore, isPathInside } from '../../core/index.js';
import { createFileSessionStore, sessionsDirectory } from '../session-store/index.js';
import type { OpenedWorkspace } from './open-workspace.js';

/** The chat session store of a workspace, or why there is none. */
export type SessionStoreChoice = { store: SessionStore; warning: null } | { store: null; warning: string };

/**
 * The session store for `brass-agent chat` and `brass-agent sessions`,
 * under the user's state directory (`$XDG_STATE_HOME/brass-agent/sessions`,
 * else `~/.local/state/brass-agent/sessions`), every record redacted with
 * the workspace's redactor. When that directory lies inside the workspace
 * there is no store (transcripts would show up in the repository) and a
 * warning says how to fix it.
 */
export function openSessionStore(workspace: OpenedWorkspace, env: NodeJS.ProcessEnv): SessionStoreChoice {
  const directory = sessionsDirectory(env, workspace.probe.homeDir);
  if (isPathInside(directory, workspace.root, workspace.scope.workspace.isCaseInsensitive)) {
    return { store: null, warning: `the sessions directory ${directory} is inside the workspace, so chat sessions are not saved; set XDG_STATE_HOME to a directory outside it` };
  }
  return { store: createFileSessionStore({ directory, redactValue: (value) => workspace.redactor.redactValue(value).value }), warning: null };
}
