import type { SourceReader } from './create-source-reader.js';
import type { RankedCandidate } from './rank-candidates.js';

/** A file this small is read whole. */
export const MAX_WHOLE_FILE_BYTES = 16 * 1024;
/** Bytes of one file that go into the prompt. */
export const MAX_FILE_CONTEXT_BYTES = 16 * 1024;
/** Bytes of all context files together. */
export const MAX_TOTAL_CONTEXT_BYTES = 48 * 1024;
/** Lines shown before and after each interesting line of a large file. */
export const WINDOW_LINES_BEFORE = 12;
export const WINDOW_LINES_AFTER = 24;
/** Below this many bytes of budget left, no further file is read. */
const MIN_USEFUL_BYTES = 512;
/** Candidates tried per file slot: unreadable ones (binary, vanished) give their slot to the next. */
const ATTEMPTS_PER_SLOT = 3;

/** Interesting lines per file: error sites, frames, definitions (1-based). */
export type FocusLines = Map<string, Set<number>>;

/** A file read for the prompt. */
export interface ContextFile {
  path: string;
  reason: 'direct' | 'search' | 'goal';
  score: number;
  /** UTF-8 bytes of `content`. */
  bytes: number;
  /** The whole file, or windows around its interesting lines joined by `… (lines a–b omitted) …` lines. */
  content: string;
  /** Size of the whole file. */
  totalBytes: number;
  isPartial: boolean;
  /** Why it was chosen, strongest first. */
  why: string[];
}

const encoder = new TextEncoder();

/**
 * Step 8: reads the best candidates, at most `maxFiles`: small files whole,
 * large ones as windows around their interesting lines (`focus`), within
 * MAX_FILE_CONTEXT_BYTES per file and MAX_TOTAL_CONTEXT_BYTES in all. Files
 * that cannot be read give their place to the next candidate. With
 * `redact`, each file is redacted whole before it is cut into windows: a
 * window inside a PEM key block shows no key body although it holds no
 * header (redaction keeps line numbers, so the focus lines still fit).
 */
export async function readContextFiles(options: { reader: SourceReader; ranked: readonly RankedCandidate[]; maxFiles: number; focus: FocusLines; redact?: (text: string) => string }): Promise<ContextFile[]> {
  const files: ContextFile[] = [];
  let remaining = MAX_TOTAL_CONTEXT_BYTES;
  const attempts = options.maxFiles * ATTEMPTS_PER_SLOT;
  for (const candidate of options.ranked.slice(0, attempts)) {
    if (files.length >= options.maxFiles || remaining < MIN_USEFUL_BYTES) break;
    const source = await options.reader.read(candidate.path);
    if (source === null) continue;
    const budget = Math.min(MAX_FILE_CONTEXT_BYTES, remaining);
    const text = options.redact === undefined ? source.content : options.redact(source.content);
    const isWhole = !source.truncated && encoder.encode(text).length <= Math.min(MAX_WHOLE_FILE_BYTES, budget);
    const content = isWhole ? text : windowsOf(text, options.focus.get(candidate.path) ?? new Set(), budget);
    const bytes = encoder.encode(content).length;
    remaining -= bytes;
    files.push({
      path: source.path,
      reason: candidate.reason,
      score: candidate.score,
      bytes,
      content,
      totalBytes: source.totalBytes,
      isPartial: !isWhole,
      why: candidate.evidence.map((item) => item.detail),
    });
  }
  return files;
}

/** Windows around `focus` lines (the head when there are none), merged, cut to `budget` bytes. */
export function windowsOf(content: string, focus: ReadonlySet<number>, budget: number): string {
  const lines = content.split('\n');
  const centres = focus.size > 0 ? [...focus].filter((line) => line >= 1 && line <= lines.length).sort((a, b) => a - b) : [];
  const ranges: [number, number][] = [];
  for (const centre of centres.length > 0 ? centres : [1]) {
    const start = Math.max(1, centre - WINDOW_LINES_BEFORE);
    const end = Math.min(lines.length, centre + WINDOW_LINES_AFTER);
    const last = ranges[ranges.length - 1];
    if (last !== undefined && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  const parts: string[] = [];
  let used = 0;
  let shownUpTo = 0;
  for (const [start, end] of ranges) {
    const gap = start > shownUpTo + 1 ? `… (lines ${shownUpTo + 1}–${start - 1} omitted) …\n` : '';
    const text = `${gap}${lines.slice(start - 1, end).join('\n')}\n`;
    const size = encoder.encode(text).length;
    if (used + size > budget) {
      if (parts.length === 0) parts.push(cutToBytes(text, budget));
      break;
    }
    parts.push(text);
    used += size;
    shownUpTo = end;
  }
  if (shownUpTo < lines.length && parts.length > 0) parts.push(`… (lines ${shownUpTo + 1}–${lines.length} omitted) …\n`);
  return parts.join('');
}

/** The longest prefix of `text` within `maxBytes` UTF-8 bytes, never splitting a character. */
function cutToBytes(text: string, maxBytes: number): string {
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
