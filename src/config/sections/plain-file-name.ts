import * as z from 'zod';

/** Message for a value that must be a single file or directory name. */
export const PLAIN_FILE_NAME_MESSAGE = 'expected a plain file name (no "/", "\\", NUL, "." or "..")';

/**
 * A single file or directory name, never a path: `AGENTS.md` or `.git`, but
 * not `../x`, `a/b`, `.` or `..`. Names like these are joined onto
 * directories outside the workspace (ancestors, the user's config
 * directory), so a separator would let a repository reach other files.
 */
export function plainFileName() {
  return z
    .string({ error: PLAIN_FILE_NAME_MESSAGE })
    .regex(/^(?!\.{1,2}$)[^/\\\0]+$/, { error: PLAIN_FILE_NAME_MESSAGE });
}
