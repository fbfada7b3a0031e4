import path from 'node:path';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { OutsideWorkspaceError } from '../errors/outside-workspace-error.js';
import type { PathProbe } from './path-probe.js';
import { isProcessRelativePath } from './process-relative-path.js';

/**
 * The workspace path scope: the single source of truth for "is this path
 * inside the workspace?". The file tools, the shell guard and the
 * folder-access gate all ask this module; none has its own check.
 *
 * Decisions are made on real paths (every symlink resolved, component by
 * component, so `link/..` means what the kernel means) and by path segments,
 * never by string prefix: `/srv/app2` is not inside `/srv/app`.
 */

export interface ScopeRoot {
  /** Canonical real path. */
  realPath: string;
  /** Whether this root's filesystem ignores case; probed once when added. */
  isCaseInsensitive: boolean;
}

export interface ResolvedPath {
  /** What the caller asked for. */
  requestedPath: string;
  /** Absolute real path (symlinks of the deepest existing ancestor resolved). */
  absolutePath: string;
  /** Whether the path (all of it) exists now. */
  exists: boolean;
  /** The root that contains it, or null when outside every root. */
  root: ScopeRoot | null;
  /**
   * Workspace-relative path with forward slashes (`.` for the root itself),
   * or null when the path is outside the workspace (possibly in an extra root).
   */
  relativePath: string | null;
}

/** Path separators of this platform: a backslash is an ordinary name character on POSIX. */
const SEPARATORS = path.sep === '/' ? /\/+/ : /[\\/]+/;

/**
 * Expands `~` and makes a path absolute against `base`, without touching the
 * filesystem and without collapsing `..` (that must wait for symlinks).
 * Throws InvalidInputError for an empty path or one with a NUL byte.
 */
export function toAbsoluteUnresolved(requested: string, base: string, homeDir: string): string {
  if (requested.length === 0) throw new InvalidInputError('path', 'is empty');
  if (requested.includes('\0')) throw new InvalidInputError('path', 'contains a NUL byte');
  let expanded = requested;
  // Only `~` and `~/...` mean the home directory; `~user` forms are not expanded
  // here (they name another user's home: a literal file name is the safe reading).
  if (requested === '~') expanded = homeDir;
  else if (requested.startsWith('~/') || requested.startsWith(`~${path.sep}`)) expanded = path.join(homeDir, requested.slice(2));
  return path.isAbsolute(expanded) ? expanded : `${base}${path.sep}${expanded}`;
}

/**
 * Resolves every symlink the way the kernel would, component by component:
 * existing prefixes through `realpath`, the first missing component and
 * everything after it lexically (a missing name cannot be a symlink).
 *
 * A path that exists is first resolved whole, in one `realpath`: the kernel
 * resolves it component by component itself, with the same answer as the
 * walk (`..` of a real directory is its parent either way), at the cost of
 * one probe instead of one per component. When the whole path does not
 * resolve (a missing name, `..` past a file, an error), the walk runs and
 * gives the answer and the error it always gave.
 */
export async function resolveReal(absolute: string, probe: PathProbe): Promise<{ path: string; exists: boolean }> {
  const whole = await probe.realpath(absolute).catch(() => null);
  if (whole !== null) return { path: whole, exists: true };
  const { root } = path.parse(absolute);
  const segments = absolute.slice(root.length).split(SEPARATORS).filter((segment) => segment.length > 0);
  let current = (await probe.realpath(root)) ?? root;
  let missing: string[] | null = null;
  for (const segment of segments) {
    if (segment === '.') continue;
    if (missing !== null) {
      if (segment === '..') {
        missing.pop();
        // Back at an existing directory: what follows must be resolved for real
        // again, or `missing/../escaping-link/x` would pass lexically.
        if (missing.length === 0) missing = null;
      } else missing.push(segment);
      continue;
    }
    if (segment === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, segment);
    const real = await probe.realpath(next);
    if (real === null) missing = [segment];
    else current = real;
  }
  if (missing === null) return { path: current, exists: true };
  return { path: path.join(current, ...missing), exists: false };
}

/** Whether `candidate` equals `root` or lies below it, comparing whole segments. */
export function isPathInside(candidate: string, root: string, isCaseInsensitive: boolean): boolean {
  const left = isCaseInsensitive ? candidate.toLowerCase() : candidate;
  const right = isCaseInsensitive ? root.toLowerCase() : root;
  // Every read checks containment twice (the scope, then the opened file): a canonical path below the root is answered by its prefix.
  if (canonicalRest(left, right) !== null) return true;
  const relative = path.relative(right, left);
  if (relative === '') return true;
  if (path.isAbsolute(relative)) return false;
  const first = relative.split(SEPARATORS, 1)[0];
  return first !== '..';
}

/** Root-relative path with forward slashes; `.` for the root itself. */
export function toWorkspaceRelative(absolute: string, root: string): string {
  const rest = canonicalRest(absolute, root);
  if (rest !== null) return rest;
  const relative = path.relative(root, absolute);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

/** A `.` or `..` segment, an empty one (a leading or doubled separator), or a trailing separator. */
const NON_CANONICAL_TAIL = /(?:^|\/)\.{1,2}(?:\/|$)|^\/|\/\/|\/$/;

/**
 * The part of `candidate` below `root` when it is plainly there: a
 * canonical absolute `root`, a separator, then a non-empty rest without
 * `.`, `..` or empty segments. That rest is exactly what
 * `path.relative(root, candidate)` returns, so a real path (always of this
 * form) is placed by its prefix alone. Null when the prefix cannot tell;
 * the caller then asks `path.relative`. POSIX only: elsewhere separators
 * and drive letters follow path's own rules.
 */
function canonicalRest(candidate: string, root: string): string | null {
  if (path.sep !== '/' || candidate.length <= root.length + 1 || candidate.charCodeAt(root.length) !== 0x2f || !candidate.startsWith(root)) return null;
  if (root.length < 2 || root.charCodeAt(0) !== 0x2f || NON_CANONICAL_TAIL.test(root.slice(1))) return null;
  const rest = candidate.slice(root.length + 1);
  return NON_CANONICAL_TAIL.test(rest) ? null : rest;
}

export class WorkspaceScope {
  readonly workspace: ScopeRoot;
  private readonly extraRoots: ScopeRoot[] = [];
  private readonly probe: PathProbe;

  private constructor(workspace: ScopeRoot, probe: PathProbe) {
    this.workspace = workspace;
    this.probe = probe;
  }

  /**
   * Creates the scope of a workspace. `root` must exist and be a directory;
   * its real path becomes the workspace root.
   */
  static async create(options: { root: string; probe: PathProbe; extraRoots?: readonly string[] }): Promise<WorkspaceScope> {
    const workspace = await probeRoot(options.root, options.probe);
    const scope = new WorkspaceScope(workspace, options.probe);
    for (const extra of options.extraRoots ?? []) await scope.addAllowedRoot(extra);
    return scope;
  }

  /** The workspace root's real path. */
  get root(): string {
    return this.workspace.realPath;
  }

  /** The user's home directory, as the probe knows it (`~` and `$HOME` in commands). */
  get homeDir(): string {
    return this.probe.homeDir;
  }

  /** Roots besides the workspace that actions may touch (grants). */
  get allowedRoots(): readonly ScopeRoot[] {
    return this.extraRoots;
  }

  /** Adds a root (for example a folder the user granted). Its case rule is probed once. */
  async addAllowedRoot(root: string): Promise<ScopeRoot> {
    const absolute = toAbsoluteUnresolved(root, this.workspace.realPath, this.probe.homeDir);
    const probed = await probeRoot(absolute, this.probe);
    const known = this.extraRoots.find((existing) => existing.realPath === probed.realPath);
    if (known) return known;
    this.extraRoots.push(probed);
    return probed;
  }

  /**
   * Resolves a path (relative to the workspace, absolute, or `~/...`) without
   * deciding. A process-relative path (`/proc/self/...`, `/dev/fd/...`: see
   * `isProcessRelativePath`) is not resolved, since it would be resolved in
   * this process: it is outside every root, as written.
   */
  async resolve(requested: string): Promise<ResolvedPath> {
    const absolute = toAbsoluteUnresolved(requested, this.workspace.realPath, this.probe.homeDir);
    if (isProcessRelativePath(absolute)) return { requestedPath: requested, absolutePath: absolute, exists: false, root: null, relativePath: null };
    const real = await resolveReal(absolute, this.probe);
    const root = this.rootContaining(real.path);
    const relativePath = root === this.workspace ? toWorkspaceRelative(real.path, this.workspace.realPath) : null;
    return { requestedPath: requested, absolutePath: real.path, exists: real.exists, root, relativePath };
  }

  /**
   * Resolves a path and requires it to be inside the workspace or an allowed
   * root. Throws OutsideWorkspaceError otherwise, InvalidInputError for a
   * malformed path.
   */
  async resolveInside(requested: string): Promise<ResolvedPath & { root: ScopeRoot }> {
    const resolved = await this.resolve(requested);
    if (resolved.root === null) {
      throw new OutsideWorkspaceError({ requestedPath: requested, resolvedPath: resolved.absolutePath });
    }
    return resolved as ResolvedPath & { root: ScopeRoot };
  }

  /** Whether an already-real absolute path is inside the workspace or an allowed root. */
  contains(realPath: string): boolean {
    return this.rootContaining(realPath) !== null;
  }

  /** Whether an already-real absolute path is inside the workspace itself. */
  containsInWorkspace(realPath: string): boolean {
    return isPathInside(realPath, this.workspace.realPath, this.workspace.isCaseInsensitive);
  }

  private rootContaining(realPath: string): ScopeRoot | null {
    if (this.containsInWorkspace(realPath)) return this.workspace;
    return this.extraRoots.find((root) => isPathInside(realPath, root.realPath, root.isCaseInsensitive)) ?? null;
  }
}

async function probeRoot(root: string, probe: PathProbe): Promise<ScopeRoot> {
  if (root.includes('\0')) throw new InvalidInputError('root', 'contains a NUL byte');
  const realPath = await probe.realpath(path.resolve(root));
  if (realPath === null) throw new InvalidInputError('root', `${root} does not exist`);
  return { realPath, isCaseInsensitive: await probe.isCaseInsensitive(realPath) };
}
