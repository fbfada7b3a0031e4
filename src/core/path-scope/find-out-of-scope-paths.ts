import path from 'node:path';
import { FileAccessError } from '../errors/file-access-error.js';
import type { PathMention } from './extraction-collector.js';
import { isProcessRelativePath, processRelativeReason } from './process-relative-path.js';
import { type WorkspaceScope, isPathInside } from './workspace-scope.js';

/** A path an action touches outside the workspace and every allowed root. */
export interface OutOfScopePath {
  /**
   * Absolute path as the person reading an approval knows it: as written
   * (normalized) when that is already outside, the real path when only a
   * symlink inside the workspace leads out.
   */
  path: string;
  /** The real path (every symlink resolved), what grants and the file tools check. */
  realPath: string;
  /** The word as written in the command, or the path as given. */
  source: string;
}

/** Where the paths a command mentions lie. */
export interface ResolvedMentions {
  /** Workspace-relative paths (forward slashes) of mentions inside the workspace, without duplicates. */
  insidePaths: string[];
  /** Mentions outside the workspace and every allowed root, without duplicates. */
  outOfScope: OutOfScopePath[];
  /** Why some mentions cannot be known (process-relative paths such as `/proc/self/cwd/..`). */
  unknown: string[];
}

/**
 * Resolves each mention through the workspace scope (symlinks followed,
 * component by component: the one containment check) and sorts them into
 * inside and outside. A symlink loop counts as outside.
 */
export async function resolveMentions(mentions: readonly PathMention[], scope: WorkspaceScope): Promise<ResolvedMentions> {
  const inside = new Set<string>();
  const outside = new Map<string, OutOfScopePath>();
  const unknown: string[] = [];
  for (const mention of mentions) {
    if (isProcessRelativePath(mention.path)) {
      // Listed as written and never resolved here: it means the command's process, not ours.
      if (!outside.has(mention.path)) outside.set(mention.path, { path: mention.path, realPath: mention.path, source: mention.source });
      const reason = processRelativeReason(mention.source);
      if (!unknown.includes(reason)) unknown.push(reason);
      continue;
    }
    const lexical = path.resolve(mention.path);
    let realPath: string;
    try {
      const resolved = await scope.resolve(mention.path);
      if (resolved.root !== null) {
        if (resolved.relativePath !== null) inside.add(resolved.relativePath);
        continue;
      }
      realPath = resolved.absolutePath;
    } catch (error) {
      if (!(FileAccessError.isInstance(error) && error.reason === 'symlink-loop')) throw error;
      realPath = lexical;
    }
    const isLexicallyInside = isPathInside(lexical, scope.root, scope.workspace.isCaseInsensitive);
    const shown = isLexicallyInside ? realPath : lexical;
    if (!outside.has(shown)) outside.set(shown, { path: shown, realPath, source: mention.source });
  }
  return { insidePaths: [...inside], outOfScope: [...outside.values()], unknown };
}

/** The mentions outside the workspace and every allowed root (see `resolveMentions`). */
export async function findOutOfScopePaths(mentions: readonly PathMention[], scope: WorkspaceScope): Promise<OutOfScopePath[]> {
  return (await resolveMentions(mentions, scope)).outOfScope;
}
