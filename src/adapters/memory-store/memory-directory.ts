import path from 'node:path';
import { sessionsDirectory } from '../session-store/index.js';
import { nodeCrypto } from '../../core/index.js';

/** Hex digits of the workspace path's SHA-256 in its folder name: unique enough, short enough to read. */
const WORKSPACE_HASH_CHARS = 16;
/** Characters of the workspace's folder name kept in its memory folder's name, for a person listing the directory. */
const MAX_NAME_CHARS = 40;

/**
 * Where memory lives: `memory/` beside the sessions under the user's state
 * directory (`$XDG_STATE_HOME/brass-agent/memory`, else
 * `<homeDir>/.local/state/brass-agent/memory`), never inside a repository.
 *
 * @example
 * memoryDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me'); // '/var/state/me/brass-agent/memory'
 */
export function memoryDirectory(env: { readonly XDG_STATE_HOME?: string | undefined }, homeDir: string): string {
  return path.join(path.dirname(sessionsDirectory(env, homeDir)), 'memory');
}

/**
 * The folder of one workspace's memory under `memoryRoot`: the workspace's
 * folder name (letters, digits, `.`, `-`, `_` only) and a hash of its real
 * path, e.g. `workspaces/api-3fa9c1d2e4b5a6f7`. The path itself is recorded
 * inside (see createFileMemoryStore), so a moved workspace starts afresh
 * rather than reading another's memory.
 */
export function workspaceMemoryDirectory(memoryRoot: string, workspaceRealPath: string): string {
  const hash = nodeCrypto().createHash('sha256').update(workspaceRealPath).digest('hex').slice(0, WORKSPACE_HASH_CHARS);
  const name = path.basename(workspaceRealPath).replace(/[^\w.-]/g, '_').slice(0, MAX_NAME_CHARS) || 'root';
  return path.join(memoryRoot, 'workspaces', `${name}-${hash}`);
}

/** The folder of the user's own memory (every workspace sees it). */
export function userMemoryDirectory(memoryRoot: string): string {
  return path.join(memoryRoot, 'user');
}
