import type { Config } from '../../config/index.js';
import type { Runtime } from '../../core/index.js';
import type { ContextDiscovery } from './context-file-entry.js';
import { discoverContextFiles } from './discover-context-files.js';
import { loadContextRules } from './load-context-rules.js';

/**
 * Everything progressive disclosure needs for one workspace: the nested
 * context files (unless `contextDiscovery.enabled` is false) and the
 * path-scoped rules. Run it once per workspace and share the result between
 * sessions (see createContextCache): it is the one bounded walk.
 *
 * @example
 * const discovery = await discoverContext({ runtime, config });
 * discovery.files.map((file) => file.path); // ['packages/api/AGENTS.md', ...]
 */
export async function discoverContext(options: {
  runtime: Runtime;
  config: Pick<Config, 'contextDiscovery' | 'guidance'>;
  signal?: AbortSignal;
}): Promise<ContextDiscovery> {
  const { contextDiscovery, guidance } = options.config;
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const nested = contextDiscovery.enabled
    ? await discoverContextFiles({ runtime: options.runtime, fileNames: guidance.fileNames, maxFiles: contextDiscovery.maxFiles, maxDepth: contextDiscovery.maxDepth, ...signal })
    : { files: [], warnings: [], walkedEntries: 0 };
  const rules = await loadContextRules({ runtime: options.runtime, maxFileBytes: contextDiscovery.maxFileBytes, ...signal });
  return { files: nested.files, rules: rules.rules, warnings: [...nested.warnings, ...rules.warnings], walkedEntries: nested.walkedEntries };
}
