import { type MemoryStore, isPathInside } from '../../core/index.js';
import { createFileMemoryStore, memoryDirectory } from '../memory-store/index.js';
import type { OpenedWorkspace } from './open-workspace.js';

/** The memory store of a workspace, or why there is none. */
export type MemoryStoreChoice = { store: MemoryStore; warning: null } | { store: null; warning: string };

/**
 * The agent's memory store for a workspace, under the user's state
 * directory (`$XDG_STATE_HOME/brass-agent/memory`, else
 * `~/.local/state/brass-agent/memory`), with the bounds of the config's
 * `memory` section; the workspace scope is keyed by the workspace's real
 * path. When that directory lies inside the workspace there is no store
 * (memory would show up in the repository) and a warning says how to fix it.
 */
export function openMemoryStore(workspace: OpenedWorkspace, env: NodeJS.ProcessEnv): MemoryStoreChoice {
  const root = memoryDirectory(env, workspace.probe.homeDir);
  if (isPathInside(root, workspace.root, workspace.scope.workspace.isCaseInsensitive)) {
    return { store: null, warning: `the memory directory ${root} is inside the workspace, so there is no memory; set XDG_STATE_HOME to a directory outside it` };
  }
  const { maxEntries, maxBytes } = workspace.config.config.memory;
  return { store: createFileMemoryStore({ root, workspace: workspace.root, maxEntries, maxBytes }), warning: null };
}
