import type { StructuredPatchHunk } from 'diff';
import { BrassError } from '../../core/index.js';

/** The two sides of a hunk as whole lines (each with its `\n`, except a last line marked "No newline"). */
interface HunkSides {
  before: string[];
  after: string[];
  /** Unchanged lines before the first and after the last change. */
  leading: number;
  trailing: number;
}

/**
 * Applies the hunks of one file's diff to its content the way `git apply`
 * does, with no fuzz: every context and removed line must match exactly
 * (line endings and a missing final newline included). A hunk may sit at
 * another line than its header says (the nearest match wins), except that
 * a hunk starting at line 1 must match at the start and a hunk with no
 * trailing context must match at the end, as in git.
 *
 * Throws BrassError `conflict` naming the file, the hunk and the line where
 * it was expected to apply.
 *
 * @param path the file, for messages.
 * @example
 * applyHunks('a\nb\n', parsePatch(text)[0]!.hunks, 'src/a.ts');
 */
export function applyHunks(source: string, hunks: readonly StructuredPatchHunk[], path: string): string {
  const lines = splitLines(source);
  // Where the next hunk may start (hunks apply in order, never overlapping) and how far the last one moved.
  let minimum = 0;
  let shift = 0;
  for (const [index, hunk] of hunks.entries()) {
    const sides = hunkSides(hunk);
    const expected = Math.max(0, hunk.newStart - 1 + shift);
    const position = findPosition(lines, sides, { expected, minimum, mustMatchStart: hunk.oldStart <= 1, mustMatchEnd: sides.trailing === 0 });
    if (position === null) throw hunkConflict(lines, sides, { path, index, hunk, expected });
    lines.splice(position, sides.before.length, ...sides.after);
    minimum = position + sides.after.length;
    shift = position - (hunk.newStart - 1);
  }
  return lines.join('');
}

function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  const parts = text.split('\n');
  const lines = parts.slice(0, -1).map((part) => `${part}\n`);
  const last = parts[parts.length - 1]!;
  if (last.length > 0) lines.push(last);
  return lines;
}

function hunkSides(hunk: StructuredPatchHunk): HunkSides {
  const before: string[] = [];
  const after: string[] = [];
  const operations: string[] = [];
  for (const [index, line] of hunk.lines.entries()) {
    // An empty line inside a hunk is an unchanged empty line (some editors strip the leading space).
    const operation = line[0] ?? ' ';
    if (operation === '\\') continue;
    const hasNoNewline = hunk.lines[index + 1]?.startsWith('\\') ?? false;
    const text = `${line.slice(1)}${hasNoNewline ? '' : '\n'}`;
    if (operation !== '+') before.push(text);
    if (operation !== '-') after.push(text);
    operations.push(operation);
  }
  const leading = operations.findIndex((operation) => operation !== ' ');
  const trailing = [...operations].reverse().findIndex((operation) => operation !== ' ');
  return { before, after, leading: leading === -1 ? operations.length : leading, trailing: trailing === -1 ? operations.length : trailing };
}

function matchesAt(lines: readonly string[], before: readonly string[], position: number): boolean {
  if (position < 0 || position + before.length > lines.length) return false;
  return before.every((line, offset) => lines[position + offset] === line);
}

/** The nearest position to `expected` where the hunk's old side matches, or null. */
function findPosition(
  lines: readonly string[],
  sides: HunkSides,
  constraints: { expected: number; minimum: number; mustMatchStart: boolean; mustMatchEnd: boolean },
): number | null {
  const { minimum } = constraints;
  const end = lines.length - sides.before.length;
  if (end < minimum) return null;
  if (constraints.mustMatchStart || constraints.mustMatchEnd) {
    const position = constraints.mustMatchStart ? 0 : end;
    if (constraints.mustMatchStart && constraints.mustMatchEnd && position !== end) return null;
    return position >= minimum && matchesAt(lines, sides.before, position) ? position : null;
  }
  // A header may claim any line number: start the search inside the file.
  const expected = Math.min(Math.max(constraints.expected, minimum), end);
  for (let distance = 0; expected - distance >= minimum || expected + distance <= end; distance++) {
    if (expected - distance >= minimum && matchesAt(lines, sides.before, expected - distance)) return expected - distance;
    if (distance > 0 && expected + distance <= end && expected + distance >= minimum && matchesAt(lines, sides.before, expected + distance)) return expected + distance;
  }
  return null;
}

function hunkConflict(
  lines: readonly string[],
  sides: HunkSides,
  where: { path: string; index: number; hunk: StructuredPatchHunk; expected: number },
): BrassError {
  const { hunk } = where;
  const header = `@@ -${hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart},${hunk.oldLines} +${hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart},${hunk.newLines} @@`;
  const offset = sides.before.findIndex((line, index) => lines[where.expected + index] !== line);
  const line = where.expected + Math.max(0, offset) + 1;
  const found = lines[line - 1];
  const detail =
    offset === -1
      ? 'it must match at the start or the end of the file'
      : found === undefined
        ? `the file has only ${lines.length} line(s)`
        : `line ${line} is ${JSON.stringify(trimLine(found))}, the patch expects ${JSON.stringify(trimLine(sides.before[offset]!))}`;
  return new BrassError('conflict', `hunk #${where.index + 1} (${header}) of ${where.path} does not apply at line ${line}: ${detail}; nothing was changed`);
}

/** A line as shown in a message: without its newline, and short. */
function trimLine(line: string): string {
  const text = line.endsWith('\n') ? line.slice(0, -1) : line;
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
