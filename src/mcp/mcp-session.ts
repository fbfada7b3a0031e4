import { type FileDocsCache, createFileDocsCache, docsCacheDirectory } from '../adapters/docs-cache/index.js';
import { createDirectoryWatch } from '../adapters/file-system/index.js';
import { type OpenedWorkspace, openRetrievalIndexCache } from '../adapters/node-workspace/index.js';
import { findProjectRoot, openGuidanceRuntime, readUserGuidance } from '../adapters/project-context/index.js';
import { createContextSession, type ContextSession } from '../agent/context-session/index.js';
import { docsDirsOf } from '../config/index.js';
import type { RetrievalIndexCache } from '../context/discovery/index.js';
import { createDocsMap, type DocsMap } from '../context/docs/index.js';
import type { ContextSelection } from '../context/scoped/index.js';
import { type DirectoryWatch, isPathInside } from '../core/index.js';
import { docsWatchPaths } from './docs-watch-paths.js';
import { rememberRetrievalCache } from './remember-retrieval-cache.js';

/** Writes one diagnostic line somewhere other than stdout (stdout belongs to the protocol). */
export type McpLog = (line: string) => void;

/** The state one MCP connection shares across tool calls. */
export interface McpSession {
  readonly workspace: OpenedWorkspace;
  readonly env: NodeJS.ProcessEnv;
  readonly log: McpLog;
  /** The connection's context session: nested context is disclosed once per directory for its whole life. */
  contextSession(): Promise<ContextSession>;
  /** A fresh context session for a selection (e.g. an agent), without touching the connection's disclosure state. */
  openContextSession(selection: ContextSelection): Promise<ContextSession>;
  /**
   * The docs map, checked per call so edits to the docs show: while a watch
   * on the docs directories (see docsWatchPaths) has seen no change since
   * the map was opened, it is returned as it is; otherwise (or where nothing
   * can be watched) the pages are listed again, and the map of the previous
   * call is kept while every page has the same size and mtime (see
   * createDocsMap's `reuse`).
   */
  openDocsMap(): Promise<DocsMap>;
  /**
   * Discovery's retrieval index cache for the connection's life: the on-disk
   * cache with its entries kept in memory (see rememberRetrievalCache); null
   * when there is none (its directory would lie in the workspace).
   */
  retrievalCache(): RetrievalIndexCache | null;
}

/** Builds the per-connection state of the MCP server over an opened workspace. */
export function createMcpSession(options: { workspace: OpenedWorkspace; env: NodeJS.ProcessEnv; log: McpLog }): McpSession {
  const { workspace, env, log } = options;
  let shared: Promise<ContextSession> | null = null;
  // One map per connection (the workspace is fixed): replaced, never added to.
  let lastDocsMap: DocsMap | undefined;
  // The map while the watch, armed before it was opened, has seen no change: returned without listing anything.
  let watchedDocsMap: DocsMap | undefined;
  let docsWatch: DirectoryWatch | undefined;
  // One open at a time: a second arm while the first open lists would forget a change the first one missed.
  let docsMapTurn: Promise<unknown> = Promise.resolve();
  let docsCache: { cache: FileDocsCache | null } | undefined;
  let retrieval: { cache: RetrievalIndexCache | null } | undefined;

  const openContextSession = async (selection: ContextSelection): Promise<ContextSession> => {
    const config = workspace.config.config;
    const projectRoot = await findProjectRoot({ start: workspace.root, markers: config.guidance.rootMarkers });
    const guidanceRuntime = projectRoot === null ? workspace.runtime : await openGuidanceRuntime({ projectRoot: projectRoot.root, workspace });
    const user = await readUserGuidance({ env, homeDir: workspace.probe.homeDir, fileNames: config.guidance.fileNames, maxBytes: config.guidance.maxBytes });
    const session = await createContextSession({
      runtime: workspace.runtime,
      config,
      // The client agent has its own system prompt: only the context sections are wanted here.
      basePrompt: '',
      selection,
      env,
      projectRoot: guidanceRuntime.scope.root,
      guidanceRuntime,
      userGuidance: user.file,
      homeDir: workspace.probe.homeDir,
      shellParser: workspace.shellParser,
    });
    for (const warning of [...user.warnings, ...session.warnings]) log(`warning: ${warning}`);
    return session;
  };

  return {
    workspace,
    env,
    log,
    contextSession() {
      // A failed open is not kept: the next call tries again.
      shared ??= openContextSession({}).catch((error: unknown) => {
        shared = null;
        throw error;
      });
      return shared;
    },
    openContextSession,
    openDocsMap() {
      const open = async (): Promise<DocsMap> => {
        docsWatch ??= createDirectoryWatch();
        if (watchedDocsMap !== undefined && !(await docsWatch.hasChanged())) return watchedDocsMap;
        watchedDocsMap = undefined;
        const docs = workspace.config.config.docs;
        const dirs = docsDirsOf(docs.dir);
        // Armed before the listing: a change while the map is opened makes the next call look again.
        docsWatch.arm(docsWatchPaths(workspace.root, dirs));
        docsCache ??= openDocsCache(workspace, env, log);
        const map = await createDocsMap({ runtime: workspace.runtime, dirs, maxPageBytes: docs.maxPageBytes, ...(docsCache.cache ? { cache: docsCache.cache } : {}), ...(lastDocsMap ? { reuse: lastDocsMap } : {}) });
        // A kept map's warnings were logged when it was opened.
        if (map !== lastDocsMap) for (const warning of map.warnings) log(`warning: ${warning}`);
        lastDocsMap = map;
        watchedDocsMap = map;
        return map;
      };
      const opened = docsMapTurn.then(open);
      docsMapTurn = opened.catch(() => undefined);
      return opened;
    },
    retrievalCache() {
      if (retrieval === undefined) {
        const choice = openRetrievalIndexCache(workspace, env);
        if (choice.warning !== null) log(`warning: ${choice.warning}`);
        retrieval = { cache: choice.cache === null ? null : rememberRetrievalCache(choice.cache) };
      }
      return retrieval.cache;
    },
  };
}

/** The on-disk docs index cache (decided once per connection), or none when it is off or would land in the workspace. */
function openDocsCache(workspace: OpenedWorkspace, env: NodeJS.ProcessEnv, log: McpLog): { cache: FileDocsCache | null } {
  if (!workspace.config.config.docs.cache) return { cache: null };
  const directory = docsCacheDirectory(env, workspace.probe.homeDir);
  // The cache must never land in the workspace (it would show up in the repository).
  if (!isPathInside(directory, workspace.root, workspace.scope.workspace.isCaseInsensitive)) return { cache: createFileDocsCache({ directory }) };
  log('warning: the docs index cache directory is inside the workspace; the index is not cached');
  return { cache: null };
}
