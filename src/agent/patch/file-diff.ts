import { type StructuredPatch, formatPatch, structuredPatch } from 'diff';
import type { PatchFileSummary } from '../events/agent-event.js';

/** Lines of unchanged context around each change, as `git diff` shows by default. */
export const DIFF_CONTEXT_LINES = 3;

/** One file's change as a summary and as git-style unified diff text. */
export interface FileDiff {
  summary: PatchFileSummary;
  /** `diff --git a/x b/x` … hunks, ending with a newline; just the headers when there is no hunk (an empty file). */
  text: string;
}

/**
 * Diffs one file between its content before and after (null: the file does
 * not exist on that side), as git does: `diff --git a/<path> b/<path>`,
 * `new file mode`/`deleted file mode` for added and deleted files with
 * `/dev/null` on the missing side, three lines of context, and
 * `\ No newline at end of file` where a side ends without one. The output
 * applies with `git apply`.
 *
 * @param path workspace-relative, forward slashes.
 * @example
 * diffFile('src/a.ts', 'a\n', 'b\n').text; // 'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@ ...'
 */
export function diffFile(path: string, before: string | null, after: string | null): FileDiff {
  const oldName = before === null ? '/dev/null' : `a/${path}`;
  const newName = after === null ? '/dev/null' : `b/${path}`;
  const patch: StructuredPatch = {
    ...structuredPatch(oldName, newName, before ?? '', after ?? '', undefined, undefined, { context: DIFF_CONTEXT_LINES }),
    isGit: true,
    isCreate: before === null,
    isDelete: after === null,
  };
  let additions = 0;
  let deletions = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions += 1;
      else if (line.startsWith('-')) deletions += 1;
    }
  }
  const status = before === null ? 'added' : after === null ? 'deleted' : 'modified';
  return { summary: { path, status, additions, deletions }, text: formatPatch(patch) };
}

/** Orders workspace paths by UTF-16 code units, like `git diff` orders ASCII paths (locale-independent). */
export function comparePaths(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
