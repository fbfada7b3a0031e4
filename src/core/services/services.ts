import type { Clock } from './clock.js';
import type { FileSystem } from './file-system.js';
import type { Llm } from './llm.js';
import type { PermissionService } from './permission.js';
import type { Shell } from './shell.js';

/**
 * Every service the runtime needs, built once at the entry point (CLI, MCP
 * server, library caller) and passed down. Nothing reaches them through
 * singletons or globals.
 */
export interface Services {
  fileSystem: FileSystem;
  shell: Shell;
  permission: PermissionService;
  clock: Clock;
  /** Absent until a provider is configured: `llm.complete` then fails as `unavailable`. */
  llm?: Llm;
}
