import { type StructuredPatch, formatPatch, structuredPatch } from 'diff';
import type { PatchFileSummary } from '../events/agent-event.js';
import { redactHunks } from './redact-hunks.js';

/** Lines of unchanged context around each change, as `git diff` shows by default. */
export const DIFF_CONTEXT_LINES = 3;

/** One file's change as a summary and as git-style unified diff text. */
export interface FileDiff {
  summary: PatchFileSummary;
  /** `diff --git a/x b/x` … hunks, ending with a newline; just the headers when there is no hunk (an empty file). The real bytes: what `git apply` needs. */
  text: string;
  /**
   * The same diff as it may be shown or saved: secrets replaced by
   * `[REDACTED:<kind>]` markers, knowing the whole file on both sides.
   * Absent when the diff was made without a redactor.
   */
  redactedText?: string;
}

/** Redacts text (a Redactor's `redact(text).text`). */
export type RedactText = (text: string) => string;

/** The text of a diff as it may be shown, printed or saved: the redacted text when there is one. */
export function shownDiffText(diff: FileDiff): string {
  return diff.redactedText ?? diff.text;
}

/**
 * Diffs one file between its content before and after (null: the file does
 * not exist on that side), as git does: `diff --git a/<path> b/<path>`,
 * `new file mode`/`deleted file mode` for added and deleted files with
 * `/dev/null` on the missing side, three lines of context, and
 * `\ No newline at end of file` where a side ends without one. The output
 * applies with `git apply`.
 *
 * With `redact`, `redactedText` is the diff to show: the same hunks, each
 * line read from the redacted whole file (see redactHunks), so context lines
 * next to an edit in `.env` and the body of a private key show no secret.
 *
 * @param path workspace-relative, forward slashes.
 * @example
 * diffFile('src/a.ts', 'a\n', 'b\n').text; // 'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@ ...'
 */
export function diffFile(path: string, before: string | null, after: string | null, redact?: RedactText): FileDiff {
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
  const text = formatPatch(patch);
  const summary: PatchFileSummary = { path, status, additions, deletions };
  if (redact === undefined) return { summary, text };
  return { summary, text, redactedText: redactedPatchText(patch, { before: before ?? '', after: after ?? '', text }, redact) };
}

function redactedPatchText(patch: StructuredPatch, real: { before: string; after: string; text: string }, redact: RedactText): string {
  const hunks = redactHunks(patch.hunks, {
    before: real.before.split('\n'),
    redactedBefore: redact(real.before).split('\n'),
    after: real.after.split('\n'),
    redactedAfter: redact(real.after).split('\n'),
  });
  // Never expected (redaction keeps line numbers); the diff's own text redacted is the safe fallback.
  if (hunks === null) return redact(real.text);
  // A secret-shaped file name is not shown either.
  return formatPatch({ ...patch, oldFileName: redact(patch.oldFileName ?? ''), newFileName: redact(patch.newFileName ?? ''), hunks });
}

/** Orders workspace paths by UTF-16 code units, like `git diff` orders ASCII paths (locale-independent). */
export function comparePaths(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
