import { findDefinitions } from './find-definitions.js';

/** Lines shown before and after each matched line of a large file. */
export const WINDOW_LINES_BEFORE = 12;
export const WINDOW_LINES_AFTER = 24;
/** Lines shown around a matched line when its full window no longer fits the budget. */
const NARROW_LINES_BEFORE = 3;
const NARROW_LINES_AFTER = 8;
/** Windows this close (lines between them) become one: a short gap costs less than a second header. */
export const MERGE_GAP_LINES = 6;
/** Matched lines considered per file, strongest first: more would only be cut by the budget. */
const MAX_MATCHED_LINES = 48;
/** Occurrences kept per term, so one common word cannot crowd out the others. */
const MAX_LINES_PER_TERM = 6;
/** Terms of each kind looked for per file: a long goal has hundreds of words, and each costs a scan of the file. */
const MAX_TERMS = 32;
/** Goal words shorter than this match whole words only; longer ones also inside identifiers (`token` in `getToken`). */
const MIN_SUBSTRING_WORD_LENGTH = 4;

// Scores per line: what a failure points at outranks a definition of a
// name, which outranks a use of it, which outranks a goal word.
const FOCUS_SCORE = 1000;
const DEFINITION_SCORE = 100;
const IDENTIFIER_SCORE = 10;
const WORD_SCORE = 3;

/** What pointed at a file: lines named by failures or definitions, and terms to look for in its text. */
export interface ExcerptSignals {
  /** 1-based lines a failure or a traced definition points at (error sites, stack frames). */
  focus?: ReadonlySet<number>;
  /** Identifiers (case-sensitive, whole words): their definitions rank above their uses. */
  identifiers?: readonly string[];
  /** Lower-case goal words, matched case-insensitively. */
  words?: readonly string[];
}

/** A window of a file, 1-based, inclusive. */
export interface ExcerptWindow {
  start: number;
  end: number;
}

const encoder = new TextEncoder();

/**
 * The lines of `lines` that match `signals`, strongest first: focus lines,
 * then definitions of the identifiers, then lines using them, then lines
 * with goal words (a line matching several terms ranks above one matching
 * one). Ties go to the earlier line. At most MAX_MATCHED_LINES lines, from the
 * first MAX_TERMS identifiers and words (callers pass the strongest first).
 */
export function findMatchedLines(lines: readonly string[], signals: ExcerptSignals): number[] {
  const scores = new Map<number, number>();
  const add = (line: number, score: number) => scores.set(line, (scores.get(line) ?? 0) + score);
  for (const line of signals.focus ?? []) if (line >= 1 && line <= lines.length) add(line, FOCUS_SCORE);
  const source = lines.join('\n');
  for (const name of [...new Set(signals.identifiers ?? [])].slice(0, MAX_TERMS)) {
    if (name === '' || !source.includes(name)) continue;
    for (const definition of findDefinitions(source, name)) add(definition.line, DEFINITION_SCORE);
    const pattern = new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`);
    scanLines(lines, pattern, (line) => add(line, IDENTIFIER_SCORE));
  }
  const lowerSource = source.toLowerCase();
  for (const word of [...new Set(signals.words ?? [])].slice(0, MAX_TERMS)) {
    if (word === '' || !lowerSource.includes(word)) continue;
    const escaped = escapeRegExp(word);
    const pattern = new RegExp(word.length >= MIN_SUBSTRING_WORD_LENGTH ? escaped : `(?<![\\w$])${escaped}(?![\\w$])`, 'i');
    scanLines(lines, pattern, (line) => add(line, WORD_SCORE));
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_MATCHED_LINES)
    .map(([line]) => line);
}

/**
 * Windows around `matched` (strongest first), merged when they overlap or
 * are within MERGE_GAP_LINES, in file order, whose rendering (see
 * renderExcerpts) fits `budget` bytes. A matched line whose full window no
 * longer fits gets a narrow one, or none. With nothing matched, the head:
 * as many whole lines from line 1 as fit. The first window is kept even
 * when it alone is too large (renderExcerpts cuts it). `isCut`: `lines` are
 * only the beginning of the file (the read stopped at its byte limit).
 */
export function chooseExcerptWindows(lines: readonly string[], matched: readonly number[], budget: number, isCut = false): ExcerptWindow[] {
  const total = lines.length;
  const lineBytes = lines.map((line) => encoder.encode(line).length + 1);
  const sizeOf = (windows: readonly ExcerptWindow[]) => windows.reduce((sum, window) => sum + encoder.encode(headerOf(window, total, isCut)).length + 1 + sumBytes(lineBytes, window), 0);
  const valid = matched.filter((line) => line >= 1 && line <= total);
  if (valid.length === 0) {
    let end = 0;
    let used = encoder.encode(headerOf({ start: 1, end: total }, total, isCut)).length + 1;
    while (end < total && used + lineBytes[end]! <= budget) used += lineBytes[end++]!;
    return [{ start: 1, end: Math.max(1, end) }];
  }
  let chosen: ExcerptWindow[] = [];
  for (const line of valid) {
    const wide = { start: Math.max(1, line - WINDOW_LINES_BEFORE), end: Math.min(total, line + WINDOW_LINES_AFTER) };
    const narrow = { start: Math.max(1, line - NARROW_LINES_BEFORE), end: Math.min(total, line + NARROW_LINES_AFTER) };
    // A line already shown still widens its window to the full one when that fits.
    const isShown = chosen.some((window) => window.start <= line && line <= window.end);
    for (const window of isShown ? [wide] : [wide, narrow]) {
      const next = mergeWindows([...chosen, window]);
      if (sizeOf(next) <= budget || chosen.length === 0) {
        chosen = next;
        break;
      }
    }
  }
  return chosen;
}

/**
 * The windows' lines, each window under a header `… lines 120-160 of 900 …`,
 * in file order, cut to `budget` bytes on a character boundary. With
 * `isCut` (only the file's beginning was read) the header says
 * `of the first 900`.
 */
export function renderExcerpts(lines: readonly string[], windows: readonly ExcerptWindow[], budget: number, isCut = false): string {
  const text = windows.map((window) => `${headerOf(window, lines.length, isCut)}\n${lines.slice(window.start - 1, window.end).join('\n')}\n`).join('');
  return cutToBytes(text, budget);
}

/** Overlapping or close windows as one, sorted by start. */
export function mergeWindows(windows: readonly ExcerptWindow[]): ExcerptWindow[] {
  const merged: ExcerptWindow[] = [];
  for (const window of [...windows].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last !== undefined && window.start <= last.end + MERGE_GAP_LINES + 1) last.end = Math.max(last.end, window.end);
    else merged.push({ ...window });
  }
  return merged;
}

function headerOf(window: ExcerptWindow, total: number, isCut: boolean): string {
  return `… lines ${window.start}-${window.end} of ${isCut ? 'the first ' : ''}${total} …`;
}

function sumBytes(lineBytes: readonly number[], window: ExcerptWindow): number {
  let sum = 0;
  for (let index = window.start - 1; index < window.end; index += 1) sum += lineBytes[index]!;
  return sum;
}

function scanLines(lines: readonly string[], pattern: RegExp, onMatch: (line: number) => void): void {
  let found = 0;
  for (const [index, line] of lines.entries()) {
    if (!pattern.test(line)) continue;
    onMatch(index + 1);
    found += 1;
    if (found >= MAX_LINES_PER_TERM) return;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The longest prefix of `text` within `maxBytes` UTF-8 bytes, never splitting a character. */
function cutToBytes(text: string, maxBytes: number): string {
  if (encoder.encode(text).length <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    const size = encoder.encode(character).length;
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += character.length;
  }
  return text.slice(0, end);
}
