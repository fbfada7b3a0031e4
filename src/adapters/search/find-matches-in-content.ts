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

/** How one search looks for its query: bytes as they are, or Unicode case-insensitively. */
export type ContentMatcher =
  | { caseSensitive: true; needle: Buffer }
  | { caseSensitive: false; pattern: RegExp };

/**
 * Builds the matcher for a fixed-string query. Case-insensitive matching uses
 * a `u`-flag RegExp of the escaped query, which folds case with Unicode
 * simple case folding like ripgrep's `--ignore-case` (`k` matches the Kelvin
 * sign, `ß` does not match `ss`).
 */
export function createContentMatcher(query: string, caseSensitive: boolean): ContentMatcher {
  if (caseSensitive) return { caseSensitive, needle: Buffer.from(query, 'utf8') };
  return { caseSensitive, pattern: new RegExp(query.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'giu') };
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
  const matches = matcher.caseSensitive ? findInBytes(content, matcher.needle, maxMatchesPerFile) : findInText(content, matcher.pattern, maxMatchesPerFile);
  if (matches === null) return null;
  if (firstNul >= 0 && (maxMatchesPerFile === null || matches.length < maxMatchesPerFile)) return null;
  return matches;
}

function findInBytes(content: Buffer, needle: Buffer, limit: number | null): ContentMatch[] | null {
  const matches: ContentMatch[] = [];
  const firstNul = content.indexOf(0);
  let line = 1;
  let counted = 0;
  let from = 0;
  while (limit === null || matches.length < limit) {
    const found = content.indexOf(needle, from);
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
