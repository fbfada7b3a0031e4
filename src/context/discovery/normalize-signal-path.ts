/**
 * Turns a path as a tool printed it into a workspace-relative path with
 * forward slashes, without touching the filesystem: `file://` URLs (percent
 * decoded), `webpack:///./src/a.ts`, Windows separators and drive letters,
 * absolute paths inside the workspace, `./` and `..` segments. Relative paths
 * are taken relative to `baseDirectory` (workspace-relative, `.` for the
 * root: where the command ran).
 *
 * Returns null for a path outside the workspace, one that climbs above the
 * root, an empty one, or one with a NUL byte. Symlinks are resolved later,
 * by the runtime's workspace scope.
 *
 * @example
 * normalizeSignalPath('file:///repo/src/a%20b.ts', { root: '/repo' }) // 'src/a b.ts'
 * normalizeSignalPath('..\\lib\\x.ts', { root: '/repo', baseDirectory: 'packages/api' }) // 'packages/lib/x.ts'
 */
export function normalizeSignalPath(raw: string, options: { root: string; baseDirectory?: string }): string | null {
  let path = raw.trim().replace(/^['"(<[]+|['")>\]]+$/g, '');
  if (path.length === 0 || path.includes('\0')) return null;
  if (/^file:/i.test(path)) {
    path = path.replace(/^file:(\/\/[^/]*)?/i, '');
    path = safeDecodeUri(path);
    // `file:///C:/x` leaves `/C:/x`.
    if (/^\/[A-Za-z]:\//.test(path)) path = path.slice(1);
  }
  path = path.replace(/^webpack:\/\/[^/]*\//, '').replace(/\\/g, '/');
  const root = options.root.replace(/\\/g, '/').replace(/\/+$/, '');
  const isWindowsRoot = /^[A-Za-z]:/.test(root);
  if (isAbsolute(path)) {
    const relative = relativeToRoot(path, root, isWindowsRoot);
    return relative === null ? null : collapse(relative);
  }
  const base = options.baseDirectory === undefined || options.baseDirectory === '.' ? '' : `${options.baseDirectory.replace(/\\/g, '/')}/`;
  return collapse(`${base}${path}`);
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:\//.test(path);
}

function relativeToRoot(path: string, root: string, isWindowsRoot: boolean): string | null {
  const candidate = isWindowsRoot ? path.toLowerCase() : path;
  const prefix = isWindowsRoot ? root.toLowerCase() : root;
  if (candidate === prefix) return '.';
  if (!candidate.startsWith(`${prefix}/`)) return null;
  return path.slice(prefix.length + 1);
}

/** Resolves `.` and `..` lexically; null when the path climbs above the root. */
function collapse(path: string): string | null {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return segments.length === 0 ? null : segments.join('/');
}

function safeDecodeUri(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch (error) {
    // A stray `%` in a real file name: the undecoded text is the better guess.
    if (error instanceof URIError) return path;
    throw error;
  }
}
