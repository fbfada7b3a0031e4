import { MAX_MATCH_TEXT_BYTES, MAX_MATCH_TEXT_CHARS, columnOfByteOffset, toMatchText } from './match-text.js';

/**
 * A NUL byte this early makes a file binary whatever the per-file limit:
 * ripgrep reads its first 64 KiB buffer, finds the NUL and quits before
 * searching any of it.
 */
export const BINARY_SNIFF_BYTES = 64 * 1024;

/** A match inside one file's content (no path yet). */
export interface ContentMatch {
  line: number;
  column: number;
  text: string;
}

/** How one search looks for its queries: bytes as they are, or Unicode case-insensitively. */
export type ContentMatcher =
  | { caseSensitive: true; needles: readonly Buffer[] }
  | { caseSensitive: false; pattern: RegExp };

/**
 * Builds the matcher for fixed-string queries (a line containing any
 * matches). Case-insensitive matching uses a `u`-flag RegExp of the escaped
 * queries, which folds case with Unicode simple case folding like ripgrep's
 * `--ignore-case` (`k` matches the Kelvin sign, `ß` does not match `ss`).
 */
export function createContentMatcher(queries: readonly string[], caseSensitive: boolean): ContentMatcher {
  if (caseSensitive) return { caseSensitive, needles: queries.map((query) => Buffer.from(query, 'utf8')) };
  return { caseSensitive, pattern: new RegExp(queries.map((query) => query.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|'), 'giu') };
}

/**
 * Finds the matching lines of one file's searched bytes, as ripgrep reports
 * them: one match per line (column of the first occurrence), at most
 * `maxMatchesPerFile` lines (null: no limit). Returns null for a binary
 * file: a NUL in the first BINARY_SNIFF_BYTES, or a NUL before the end of
 * the last line ripgrep would have had to read (so a NUL far past the
 * limit-th matching line does not make a file binary, as in ripgrep, which
 * stops reading there).
 *
 * Known divergence: ripgrep checks whole 64 KiB buffers, so a NUL after the
 * limit-th matching line but inside the same buffer makes ripgrep drop a file
 * this function keeps. It needs a file past 64 KiB with that many matches
 * and a late NUL.
 */
export function findMatchesInContent(content: Buffer, matcher: ContentMatcher, maxMatchesPerFile: number | null): ContentMatch[] | null {
  const firstNul = content.indexOf(0);
  if (firstNul >= 0 && firstNul < BINARY_SNIFF_BYTES) return null;
  const matches = matcher.caseSensitive ? findInBytes(content, matcher.needles, maxMatchesPerFile) : findInText(content, matcher.pattern, maxMatchesPerFile);
  if (matches === null) return null;
  if (firstNul >= 0 && (maxMatchesPerFile === null || matches.length < maxMatchesPerFile)) return null;
  return matches;
}

/**
 * Finds where the first of `needles` starts at or after a position that only
 * grows: each needle's next occurrence is kept until passed, so a needle far
 * ahead (or absent) is scanned for once, not once per match.
 */
function createFirstOfFinder(content: Buffer, needles: readonly Buffer[]): (from: number) => number {
  const next = needles.map(() => -2);
  return (from) => {
    let first = -1;
    for (const [index, needle] of needles.entries()) {
      let found = next[index]!;
      if (found !== -1 && found < from) next[index] = found = content.indexOf(needle, from);
      if (found >= 0 && (first < 0 || found < first)) first = found;
    }
    return first;
  };
}

function findInBytes(content: Buffer, needles: readonly Buffer[], limit: number | null): ContentMatch[] | null {
  const matches: ContentMatch[] = [];
  const firstNul = content.indexOf(0);
  let line = 1;
  let counted = 0;
  let from = 0;
  const firstOf = createFirstOfFinder(content, needles);
  while (limit === null || matches.length < limit) {
    const found = firstOf(from);
    if (found < 0) break;
    const lineStart = found === 0 ? 0 : content.lastIndexOf(0x0a, found - 1) + 1;
    line += countNewlines(content, counted, lineStart);
    counted = lineStart;
    const newline = content.indexOf(0x0a, found);
    const lineEnd = newline < 0 ? content.length : newline;
    const nextLine = newline < 0 ? content.length : newline + 1;
    if (firstNul >= 0 && firstNul < nextLine) return null;
    const textBytes = content.subarray(lineStart, Math.min(lineEnd, lineStart + MAX_MATCH_TEXT_BYTES));
    matches.push({ line, column: columnOfByteOffset(content.subarray(lineStart, found), found - lineStart), text: toMatchText(textBytes.toString('utf8')) });
    from = nextLine;
  }
  return matches;
}

function findInText(content: Buffer, pattern: RegExp, limit: number | null): ContentMatch[] | null {
  const text = content.toString('utf8');
  const firstNul = text.indexOf('\0');
  const matches: ContentMatch[] = [];
  let line = 1;
  let counted = 0;
  pattern.lastIndex = 0;
  while (limit === null || matches.length < limit) {
    const found = pattern.exec(text);
    if (found === null) break;
    const lineStart = found.index === 0 ? 0 : text.lastIndexOf('\n', found.index - 1) + 1;
    for (let index = text.indexOf('\n', counted); index >= 0 && index < lineStart; index = text.indexOf('\n', index + 1)) line += 1;
    counted = lineStart;
    const newline = text.indexOf('\n', found.index);
    const lineEnd = newline < 0 ? text.length : newline;
    const nextLine = newline < 0 ? text.length : newline + 1;
    if (firstNul >= 0 && firstNul < nextLine) return null;
    matches.push({ line, column: found.index - lineStart + 1, text: toMatchText(text.slice(lineStart, Math.min(lineEnd, lineStart + MAX_MATCH_TEXT_CHARS + 1))) });
    pattern.lastIndex = nextLine;
    if (nextLine >= text.length) break;
  }
  return matches;
}

function countNewlines(content: Buffer, from: number, to: number): number {
  let count = 0;
  for (let index = content.indexOf(0x0a, from); index >= 0 && index < to; index = content.indexOf(0x0a, index + 1)) count += 1;
  return count;
}
