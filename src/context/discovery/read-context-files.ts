import { type ExcerptSignals, type ExcerptWindow, chooseExcerptWindows, findMatchedLines, renderExcerpts } from './choose-excerpt-windows.js';
import type { SourceReader } from './create-source-reader.js';
import type { RankedCandidate } from './rank-candidates.js';

/** A file this small is read whole. */
export const MAX_WHOLE_FILE_BYTES = 16 * 1024;
/** Bytes of one file that go into the prompt. */
export const MAX_FILE_CONTEXT_BYTES = 16 * 1024;
/** Bytes of all context files together. */
export const MAX_TOTAL_CONTEXT_BYTES = 48 * 1024;
/** Below this many bytes of budget left, no further file is read. */
const MIN_USEFUL_BYTES = 512;
/** Candidates tried per file slot: unreadable ones (binary, vanished) give their slot to the next. */
const ATTEMPTS_PER_SLOT = 3;

/** Interesting lines per file: error sites, frames, definitions (1-based). */
export type FocusLines = Map<string, Set<number>>;

/** Terms looked for in a large file's text to choose its windows: the signals' and the goal's identifiers, the goal's words. */
export interface ExcerptTerms {
  identifiers: readonly string[];
  words: readonly string[];
}

/** A file read for the prompt. */
export interface ContextFile {
  path: string;
  reason: 'direct' | 'search' | 'goal';
  score: number;
  /** UTF-8 bytes of `content`. */
  bytes: number;
  /** The whole file, or windows around its matched lines, each under a `… lines a-b of n …` header, in file order. */
  content: string;
  /** The windows shown of a partial file (1-based, inclusive), in file order. */
  windows?: ExcerptWindow[];
  /** Size of the whole file. */
  totalBytes: number;
  isPartial: boolean;
  /** Why it was chosen, strongest first. */
  why: string[];
}

const encoder = new TextEncoder();

/**
 * Step 8: reads the best candidates, at most `maxFiles`: small files whole,
 * large ones as windows around the lines that matched (`focus` lines, then
 * definitions and uses of `terms.identifiers`, then `terms.words`; the head
 * when nothing matched), within
 * MAX_FILE_CONTEXT_BYTES per file and MAX_TOTAL_CONTEXT_BYTES in all. Files
 * that cannot be read give their place to the next candidate. With
 * `redact`, each file is redacted whole before it is cut into windows: a
 * window inside a PEM key block shows no key body although it holds no
 * header (redaction keeps line numbers, so the focus lines still fit).
 */
export async function readContextFiles(options: { reader: SourceReader; ranked: readonly RankedCandidate[]; maxFiles: number; focus: FocusLines; terms?: ExcerptTerms; redact?: (text: string) => string }): Promise<ContextFile[]> {
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
    const excerpts = isWhole ? null : excerptsOf(text, { focus: options.focus.get(candidate.path) ?? new Set(), ...options.terms }, budget, source.truncated);
    const content = excerpts === null ? text : excerpts.content;
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
      ...(excerpts === null ? {} : { windows: excerpts.windows }),
      why: candidate.evidence.map((item) => item.detail),
    });
  }
  return files;
}

/**
 * Windows of a large file around the lines its signals match (see
 * findMatchedLines), merged, in file order, each under its `… lines a-b of n …`
 * header, within `budget` bytes; the head when nothing matches. `isCut`:
 * `content` is only the file's beginning (see renderExcerpts).
 */
export function excerptsOf(content: string, signals: ExcerptSignals, budget: number, isCut = false): { content: string; windows: ExcerptWindow[] } {
  const lines = content.split('\n');
  const windows = chooseExcerptWindows(lines, findMatchedLines(lines, signals), budget, isCut);
  return { content: renderExcerpts(lines, windows, budget, isCut), windows };
}
