import { type OpenedWorkspace, openMemoryStore } from '../adapters/node-workspace/index.js';
import { type AgentMemory, createAgentMemory } from '../agent/memory/index.js';
import { BrassError } from '../core/index.js';
import type { Output } from './output.js';

/**
 * The agent's memory of an opened workspace, for the agent's environment and
 * `brass-agent memory`: the memory store (see openMemoryStore) behind the
 * memory logic, everything stored redacted with the workspace's redactor.
 * Null, with a warning on `output`, when the store cannot be where it must
 * (inside the workspace); null without one when `memory.enabled` is false
 * and `isForced` is not set (the `memory` command manages memory even then);
 * with `isForced`, a store that cannot be is BrassError `usage`.
 */
export function openAgentMemory(workspace: OpenedWorkspace, env: NodeJS.ProcessEnv, output: Output, options: { isForced?: boolean } = {}): AgentMemory | null {
  if (!workspace.config.config.memory.enabled && options.isForced !== true) return null;
  const choice = openMemoryStore(workspace, env);
  if (choice.store === null) {
    if (options.isForced === true) throw new BrassError('usage', choice.warning);
    output.warn(choice.warning);
    return null;
  }
  return createAgentMemory({ store: choice.store, redact: (text) => workspace.redactor.redact(text).text, now: () => new Date().toISOString() });
}
