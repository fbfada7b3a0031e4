import type { StructuredPatchHunk } from 'diff';

/**
 * The hunks of a diff with each line's text taken from the redacted whole
 * file instead of the real one, or null when that cannot be done safely.
 *
 * Redacting a diff's lines one by one misses what only the whole file shows
 * (the body of a PEM key shown as context without its header, a value whose
 * secret name is above the hunk): so each side of the file is redacted whole
 * and a hunk's ` ` and `-` lines are read from the redacted old side, its
 * `+` lines from the redacted new side, at the same line numbers. Redaction
 * keeps line numbers (a multi-line secret becomes one marker and as many
 * line breaks), so the mapping is exact; when a side's line count changed,
 * or a hunk line is not the real line at its number, the answer is null and
 * the caller must redact another way.
 *
 * @param before the real old content, split on `\n` (as the hunks were made).
 * @param redactedBefore the redacted old content, split the same way.
 */
export function redactHunks(
  hunks: readonly StructuredPatchHunk[],
  sides: { before: readonly string[]; redactedBefore: readonly string[]; after: readonly string[]; redactedAfter: readonly string[] },
): StructuredPatchHunk[] | null {
  if (sides.before.length !== sides.redactedBefore.length || sides.after.length !== sides.redactedAfter.length) return null;
  const redacted: StructuredPatchHunk[] = [];
  for (const hunk of hunks) {
    let oldIndex = hunk.oldStart - 1;
    let newIndex = hunk.newStart - 1;
    const lines: string[] = [];
    for (const line of hunk.lines) {
      const marker = line[0];
      const text = line.slice(1);
      if (marker === '\\') {
        lines.push(line);
        continue;
      }
      const fromOld = marker === ' ' || marker === '-';
      const real = fromOld ? sides.before[oldIndex] : sides.after[newIndex];
      const shown = fromOld ? sides.redactedBefore[oldIndex] : sides.redactedAfter[newIndex];
      if (real !== text || shown === undefined) return null;
      lines.push(`${marker}${shown}`);
      if (fromOld) oldIndex += 1;
      if (marker !== '-') newIndex += 1;
    }
    redacted.push({ ...hunk, lines });
  }
  return redacted;
}
