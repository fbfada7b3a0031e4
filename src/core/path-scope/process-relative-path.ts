import path from 'node:path';

/**
 * Paths that name a process's own view of the machine: `/proc/self`,
 * `/proc/thread-self`, `/proc/<pid>`, `/proc/curproc`, `/dev/fd`, `/dev/stdin`,
 * `/dev/stdout`, `/dev/stderr`. Resolving one here would resolve it in
 * brass-agent's process, not in the command's (`/proc/self/cwd` is *our*
 * working directory), so the scope never resolves them: below such a prefix a
 * path is outside the workspace and cannot be known.
 */
const PROCESS_RELATIVE_PREFIXES: readonly (readonly string[])[] = [['proc', 'self'], ['proc', 'thread-self'], ['proc', 'curproc'], ['dev', 'fd'], ['dev', 'stdin'], ['dev', 'stdout'], ['dev', 'stderr']];

/**
 * Whether an absolute path starts with a process-relative prefix (see
 * PROCESS_RELATIVE_PREFIXES, plus `/proc/<digits>` and `/proc/$$`), read both as written
 * (`.` and empty segments dropped) and with `..` collapsed.
 */
export function isProcessRelativePath(absolute: string): boolean {
  // Each prefix starts with a `proc` or `dev` segment, in either reading, so a path without `/proc` or `/dev` has none (the common case, checked without splitting).
  if (!absolute.includes('/proc') && !absolute.includes('/dev')) return false;
  const written = absolute.split('/').filter((segment) => segment.length > 0 && segment !== '.');
  const collapsed = path.posix.normalize(absolute).split('/').filter((segment) => segment.length > 0);
  return [written, collapsed].some(startsProcessRelative);
}

function startsProcessRelative(segments: readonly string[]): boolean {
  const [first, second] = segments;
  // `/proc/$$`, `/proc/$PPID`: the path check keeps such variables as written; they are process ids.
  if (first === 'proc' && second !== undefined && /^(\d+|\$.+)$/.test(second)) return true;
  return PROCESS_RELATIVE_PREFIXES.some(([top, next]) => first === top && second === next);
}

/** Why a process-relative path cannot be known (for `unknown` lists). */
export function processRelativeReason(shown: string): string {
  return `${shown} names a process's own files (its working directory, descriptors, memory), which the path check cannot resolve for the command`;
}
