import { systemClock, type PermissionService, type Services } from '../../core/index.js';
import { createNodeFileSystem } from '../file-system/index.js';
import { createTextSearcher, listFiles } from '../search/index.js';
import { createNodeShell } from '../shell/index.js';

/**
 * The Node services on one machine: safe file access, gitignore-aware
 * listing, search through `ripgrep` (or the pure-Node engine when null), child
 * processes inheriting a scrubbed `env`. The permission service is the
 * caller's: it carries the config's rules.
 */
export function createNodeServices(options: { ripgrep: { path: string } | null; env: NodeJS.ProcessEnv; permission: PermissionService }): Services {
  const searcher = createTextSearcher({ ripgrep: options.ripgrep });
  return {
    fileSystem: createNodeFileSystem({ list: listFiles, searchText: (request) => searcher.searchText(request) }),
    shell: createNodeShell({ baseEnv: options.env }),
    permission: options.permission,
    clock: systemClock,
  };
}
