/**
 * Whether two absolute real paths name the same workspace. Trailing
 * separators are ignored; nothing else is normalised, because callers pass
 * real paths (symlinks resolved) on both sides and a looser match could
 * trust a directory the user never named.
 */
export function isSameWorkspacePath(left: string, right: string): boolean {
  return stripTrailingSeparators(left) === stripTrailingSeparators(right);
}

function stripTrailingSeparators(path: string): string {
  // Keep the root itself ("/" or "C:\").
  const stripped = path.replace(/[\\/]+$/, '');
  return stripped === '' || /^[A-Za-z]:$/.test(stripped) ? path : stripped;
}
