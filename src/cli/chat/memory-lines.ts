import type { AgentMemory } from '../../agent/memory/index.js';

/** Entries `/memory` lists at most; `brass-agent memory list` shows them all. */
export const MAX_CHAT_MEMORY_LINES = 20;

/**
 * What `/memory` shows: without an argument the newest entries of both
 * scopes (id, scope, title), with one the search results (id, title,
 * snippet); entry files that cannot be read are named last. Plain lines:
 * the chat's notice view makes them terminal-safe.
 */
export async function memoryLines(memory: AgentMemory | null, argument: string): Promise<string[]> {
  if (memory === null) return ['memory is off (memory.enabled) or has no place to live: see brass-agent doctor'];
  if (argument.length > 0) {
    const { results, problems } = await memory.search(argument);
    const lines = results.length === 0 ? [`no memory entry matches ${JSON.stringify(argument)}`] : results.map((hit) => `${hit.id}  ${hit.title} — ${hit.snippet}`);
    return [...lines, ...problems];
  }
  const { entries, problems } = await memory.list();
  if (entries.length === 0) return ['no memory yet: the agent writes it with its remember tool', ...problems];
  const lines = entries.slice(0, MAX_CHAT_MEMORY_LINES).map((entry) => `${entry.id}  ${entry.scope.padEnd(9)}  ${entry.title}`);
  if (entries.length > MAX_CHAT_MEMORY_LINES) lines.push(`… ${entries.length - MAX_CHAT_MEMORY_LINES} more: /memory QUERY searches them, brass-agent memory list shows all`);
  return [...lines, ...problems];
}
