import type { Diagnostic, RawLocation } from '../diagnostic.js';

/** A parser: normalized lines (see normalizeOutputLines) in, diagnostics out. Never throws on odd input. */
export type OutputParser = (lines: readonly string[]) => Diagnostic[];

/** A message line of an exception (`TypeError: x is not a function`, `AssertionError [ERR_ASSERTION]: ...`). */
export const ERROR_LINE = /^\s*((?:[A-Z][\w$]*)?(?:Error|Exception)|AssertionError)(?: \[[^\]]{0,60}\])?: (.+)$/;

/** Parses a 1-based line or column; undefined for anything that is not a positive integer of sane size. */
export function toPosition(text: string | undefined): number | undefined {
  if (text === undefined || text.length === 0 || text.length > 7) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** A location with only the fields that are set (the JSON stays free of `undefined`). */
export function location(path: string, line: string | number | undefined, column: string | number | undefined, role: RawLocation['role']): RawLocation {
  const result: RawLocation = { path: path.trim(), role };
  const lineNumber = typeof line === 'number' ? line : toPosition(line);
  const columnNumber = typeof column === 'number' ? column : toPosition(column);
  if (lineNumber !== undefined) result.line = lineNumber;
  if (lineNumber !== undefined && columnNumber !== undefined) result.column = columnNumber;
  return result;
}

/** Paths that are never project files: runtime internals, anonymous and eval frames. */
export function isInternalPath(path: string): boolean {
  return path.startsWith('node:') || path.startsWith('internal/') || path.startsWith('<') || path === 'native' || path.startsWith('/rustc/') || path.startsWith('evalmachine.');
}

/** The last non-empty exception message seen at or above `index` (within `lookback` lines). */
export function findErrorMessageAbove(lines: readonly string[], index: number, lookback: number): string {
  for (let cursor = index - 1; cursor >= 0 && cursor >= index - lookback; cursor -= 1) {
    const line = lines[cursor] ?? '';
    const match = ERROR_LINE.exec(line);
    if (match) return `${match[1]}: ${match[2]}`;
    // The start of another failure, or the frames of one: an error above belongs to it.
    if (FAILURE_BOUNDARY.test(line)) return '';
  }
  return '';
}

/** Lines that open a failure report (Jest `●`, `FAIL`, TAP `not ok`, Mocha `1)`) or are a stack frame. */
const FAILURE_BOUNDARY = /^\s*(?:at\s|●|FAIL\s|not ok\b|\d+\) |⎯)/;
