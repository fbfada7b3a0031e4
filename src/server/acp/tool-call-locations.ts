import path from 'node:path';
import type { ToolCallLocation } from '@agentclientprotocol/sdk';

/** The input fields of our tools that name a workspace path. */
const PATH_KEYS = ['path'] as const;

/**
 * The files a tool call is about, for the editor's follow-along: the
 * workspace-relative `path` of its input made absolute under the workspace
 * root. A path that leaves the workspace (`..`, absolute elsewhere) is left
 * out: the call is refused by the path scope anyway, and the editor should
 * not open it.
 */
export function toolCallLocations(input: unknown, workspaceRoot: string): ToolCallLocation[] {
  if (typeof input !== 'object' || input === null) return [];
  const fields = input as Record<string, unknown>;
  const locations: ToolCallLocation[] = [];
  for (const key of PATH_KEYS) {
    const value = fields[key];
    if (typeof value !== 'string' || value.length === 0 || value.includes('\0')) continue;
    const absolute = path.resolve(workspaceRoot, value);
    const relative = path.relative(workspaceRoot, absolute);
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) continue;
    locations.push({ path: absolute });
  }
  return locations;
}

/** The workspace-relative paths of an event (a patch, an approval) as locations. */
export function pathLocations(paths: readonly string[], workspaceRoot: string): ToolCallLocation[] {
  return paths.flatMap((relative) => toolCallLocations({ path: relative }, workspaceRoot));
}
