import { docsCacheDirectory, createFileDocsCache } from '../adapters/docs-cache/index.js';
import type { OpenedWorkspace } from '../adapters/node-workspace/index.js';
// By file: the config barrel reaches the schema (and zod), which a warm docs search never needs.
import { docsDirsOf } from '../config/docs-dirs.js';
import { createDocsMap, type DocsMap } from '../context/docs/index.js';
import { isPathInside } from '../core/index.js';
import type { Output } from './output.js';
import { type Progress, reportCountProgress } from './progress/index.js';

/** Opens the docs map of a workspace with the on-disk index cache (unless `docs.cache` is off). */
export async function openDocsMap(workspace: OpenedWorkspace, output: Output, env: NodeJS.ProcessEnv, progress?: Progress): Promise<DocsMap> {
  const docs = workspace.config.config.docs;
  let cache: ReturnType<typeof createFileDocsCache> | undefined;
  if (docs.cache) {
    const directory = docsCacheDirectory(env, workspace.probe.homeDir);
    // The cache must never land in the workspace (it would show up in the repository).
    if (isPathInside(directory, workspace.root, workspace.scope.workspace.isCaseInsensitive)) {
      output.warn('the docs index cache directory is inside the workspace; the index is not cached (set XDG_CACHE_HOME elsewhere)');
    } else cache = createFileDocsCache({ directory });
  }
  const map = await createDocsMap({
    runtime: workspace.runtime,
    dirs: docsDirsOf(docs.dir),
    maxPageBytes: docs.maxPageBytes,
    ...(cache ? { cache } : {}),
    ...(progress === undefined ? {} : { onProgress: reportCountProgress(progress, 'indexing the docs', 'pages') }),
  });
  for (const warning of map.warnings) output.warn(warning);
  return map;
}
