import { isAscii, lazyRegExp } from './unicode-classes.js';
import { porterStem } from './porter-stem.js';
import { STOP_WORDS } from './stop-words.js';

/**
 * Tokens longer than this are hashes, base64 or minified code: not indexed.
 */
export const MAX_TOKEN_CHARS = 64;

const nonAsciiWordChar = lazyRegExp(String.raw`[\p{L}\p{N}\p{M}]`, 'u');
const CONNECTOR_PATTERN = /[.\-/:]/;
/** camelCase, PascalCase, acronyms, digits and other scripts become separate words. */
const wordPattern = lazyRegExp(String.raw`\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|[\p{L}\p{M}]+`, 'gu');
/** wordPattern for ASCII text (the same words), which needs no Unicode tables. */
const ASCII_WORD_PATTERN = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[A-Za-z]+/g;
const SEGMENT_SEPARATOR = /[_$]+/;
/** The memo of analyzeToken is dropped past this many entries, so memory stays bounded. */
const MAX_MEMO_ENTRIES = 200_000;

/**
 * Marks an index term that a page holds only as part of a longer name
 * (`server.hmr~` from `server.hmr.overlay`), so a query for `server.hmr`
 * ranks the page that names `server.hmr` itself above those that only name
 * something under it.
 */
export const RELATED_TERM_MARK = '~';

/** The index terms of one raw token (see analyzeToken). */
export interface TokenTerms {
  /**
   * The whole token lowercased when it is a compound (`server.hmr.overlay`,
   * `defineconfig`), with the last word of a dotted or kebab-case name
   * stemmed (`pre-bundled` and `pre-bundling` are both `pre-bundl`); else null.
   */
  whole: string | null;
  /** Other exact forms: leading parts of a dotted name (`server.hmr`) and camelCase segments (`optimizedeps`). */
  related: readonly string[];
  /** The stemmed words, stop words left out (`server`, `hmr`, `overlai`). */
  parts: readonly string[];
  /** The one term that stands for the token in phrases: the whole, else its only part; null for a stop word. */
  primary: string | null;
  /** Every term above as indexed, related forms marked with RELATED_TERM_MARK. */
  all: readonly string[];
  /** The name forms to look up for a whole-name match: the whole, the related forms, plain and marked. */
  names: readonly string[];
}

/** One raw token of a text and where it starts (UTF-16 offset). */
export interface RawToken {
  text: string;
  index: number;
}

const EMPTY_TERMS: TokenTerms = { whole: null, related: [], parts: [], primary: null, all: [], names: [] };
const memo = new Map<string, TokenTerms>();

const OTHER = 0;
const WORD = 1;
/** A CJK character: a token by itself, since those scripts do not space words. */
const CJK = 2;
const CONNECTOR = 3;

/** Classes of the ASCII characters: letters, digits, `_` and `$` are word characters; `.`, `-`, `/`, `:` join words. */
const ASCII_CLASSES = (() => {
  const classes = new Uint8Array(128);
  for (let code = 0; code < 128; code += 1) {
    const character = String.fromCharCode(code);
    if (/[A-Za-z0-9_$]/.test(character)) classes[code] = WORD;
    else if ('.-/:'.includes(character)) classes[code] = CONNECTOR;
  }
  return classes;
})();

function charClass(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) return ASCII_CLASSES[code]!;
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af)) return CJK;
  // Latin-1 and Latin Extended letters (but × and ÷) and the General Punctuation block (’ “ — …), without the Unicode class.
  if (code >= 0xc0 && code <= 0x24f) return code === 0xd7 || code === 0xf7 ? OTHER : WORD;
  if (code >= 0x2000 && code <= 0x206f) return OTHER;
  return nonAsciiWordChar().test(text[index]!) ? WORD : OTHER;
}

/**
 * Calls `visit` with the start and end of every raw token of a text: a run
 * of letters, digits, `_` and `$`, with single `.`, `-`, `/` or `:` between
 * word characters joining runs into one compound token (`server.hmr.overlay`).
 * A hand-written scanner over a class table: it is several times faster than
 * a Unicode pattern with matchAll, and tokenising is most of the cost of
 * indexing.
 */
export function forEachRawToken(text: string, visit: (start: number, end: number) => void): void {
  const length = text.length;
  let index = 0;
  while (index < length) {
    const kind = charClass(text, index);
    if (kind === WORD) {
      const start = index;
      index += 1;
      for (;;) {
        while (index < length && charClass(text, index) === WORD) index += 1;
        if (index + 1 < length && charClass(text, index) === CONNECTOR && charClass(text, index + 1) === WORD) {
          index += 2;
          continue;
        }
        break;
      }
      visit(start, index);
    } else {
      if (kind === CJK) visit(index, index + 1);
      index += 1;
    }
  }
}

/** The raw tokens of a text, in order. Never builds a pattern from the text. */
export function rawTokens(text: string): RawToken[] {
  const tokens: RawToken[] = [];
  forEachRawToken(text, (start, end) => tokens.push({ text: text.slice(start, end), index: start }));
  return tokens;
}

/**
 * Splits one raw token into index terms. A compound token keeps its whole
 * lowercased form (never stemmed: it is a name) and the leading parts of a
 * dotted name; every word of it (split on `.`, `-`, `/`, `:`, `_`, camelCase
 * and letter/digit boundaries) is lowercased, dropped when it is a stop word
 * or a single letter, and stemmed.
 *
 * @example
 * analyzeToken('server.hmr.overlay').all; // ['server.hmr.overlai', 'server.hmr~', 'server', 'hmr', 'overlai']
 * analyzeToken('defineConfig').all;       // ['defineconfig', 'defin', 'config']
 */
export function analyzeToken(raw: string): TokenTerms {
  const known = memo.get(raw);
  if (known !== undefined) return known;
  const terms = computeTerms(raw);
  if (memo.size >= MAX_MEMO_ENTRIES) memo.clear();
  memo.set(raw, terms);
  return terms;
}

function computeTerms(raw: string): TokenTerms {
  if (raw.length > MAX_TOKEN_CHARS) return EMPTY_TERMS;
  const lower = raw.toLowerCase();
  const related: string[] = [];
  const parts: string[] = [];
  const segments = raw.split(CONNECTOR_PATTERN);
  let wordCount = 0;
  let offset = 0;
  for (const [position, segment] of segments.entries()) {
    offset += segment.length;
    // Leading parts of a dotted or slashed name: `server.hmr` of `server.hmr.overlay`.
    if (position > 0 && position < segments.length - 1) related.push(stemLastSegment(lower.slice(0, offset)));
    offset += 1;
    const words = wordsOf(segment);
    wordCount += words.length;
    if (segments.length > 1 && words.length > 1) related.push(segment.toLowerCase());
    for (const word of words) {
      const lowerWord = word.toLowerCase();
      if (isIndexedWord(lowerWord)) parts.push(porterStem(lowerWord));
    }
  }
  const whole = segments.length > 1 ? stemLastSegment(lower) : wordCount > 1 ? lower : null;
  const primary = whole ?? parts[0] ?? null;
  const uniqueRelated = [...new Set(related)].filter((term) => term !== whole);
  const marked = uniqueRelated.map((term) => `${term}${RELATED_TERM_MARK}`);
  const wholes = whole === null ? [] : [whole];
  const all = [...new Set([...wholes, ...marked, ...parts])];
  return { whole, related: uniqueRelated, parts: [...new Set(parts)], primary, all, names: [...wholes, ...uniqueRelated, ...marked] };
}

/** The words of one segment of a token (split on `_`, `$`, camelCase and letter/digit boundaries). Exported for its tests. */
export function wordsOf(segment: string): string[] {
  return segment.split(SEGMENT_SEPARATOR).flatMap((piece) => piece.match(isAscii(piece) ? ASCII_WORD_PATTERN : wordPattern()) ?? []);
}

/** Whether a lowercased word is indexed: not a stop word, not a single letter (a digit is). */
function isIndexedWord(lowerWord: string): boolean {
  if (STOP_WORDS.has(lowerWord)) return false;
  if (lowerWord.length > 1) return true;
  // One character: an ASCII digit without the Unicode table (compiled at its first use in a process), else any script's.
  const code = lowerWord.charCodeAt(0);
  return code < 0x80 ? code >= 0x30 && code <= 0x39 : numberChar().test(lowerWord);
}

const numberChar = lazyRegExp(String.raw`\p{N}`, 'u');

/**
 * The words of a raw token as typed (lowercased) that its parts are the
 * stems of, one per part in the order of TokenTerms.parts: typo tolerance
 * measures a misspelling on these, as MiniSearch does, not on the stems.
 *
 * @example
 * partSurfaces('migraitonGuide'); // ['migraiton', 'guide']
 */
export function partSurfaces(raw: string): string[] {
  if (raw.length > MAX_TOKEN_CHARS) return [];
  const surfaces = new Map<string, string>();
  for (const segment of raw.split(CONNECTOR_PATTERN)) {
    for (const word of wordsOf(segment)) {
      const lowerWord = word.toLowerCase();
      if (!isIndexedWord(lowerWord)) continue;
      const stem = porterStem(lowerWord);
      if (!surfaces.has(stem)) surfaces.set(stem, lowerWord);
    }
  }
  return [...surfaces.values()];
}

/** `pre-bundled` → `pre-bundl`: the last word of a connected name, stemmed when it is a plain lowercase word. */
function stemLastSegment(lower: string): string {
  const cut = Math.max(lower.lastIndexOf('.'), lower.lastIndexOf('-'), lower.lastIndexOf('/'), lower.lastIndexOf(':')) + 1;
  const last = lower.slice(cut);
  return /^[a-z]+$/.test(last) ? lower.slice(0, cut) + porterStem(last) : lower;
}

/**
 * Every index term of a text, in order, with repeats (their count is the
 * term frequency).
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  forEachRawToken(text, (start, end) => {
    for (const term of analyzeToken(text.slice(start, end)).all) terms.push(term);
  });
  return terms;
}

/** The terms of one field of a page: how often each occurs, and how many there are in all. */
export interface TermCounts {
  counts: Map<string, number>;
  length: number;
}

/**
 * Counts the index terms of texts (one field of a page) without building
 * the list of terms: what the index needs, at a fraction of the garbage.
 */
export function countTerms(...texts: readonly string[]): TermCounts {
  const counts = new Map<string, number>();
  let length = 0;
  for (const text of texts) {
    forEachRawToken(text, (start, end) => {
      for (const term of analyzeToken(text.slice(start, end)).all) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
        length += 1;
      }
    });
  }
  return { counts, length };
}

/** The phrase stream of a text: each token's primary term, stop words left out. */
export function primaryTerms(text: string): string[] {
  const terms: string[] = [];
  forEachRawToken(text, (start, end) => {
    const primary = analyzeToken(text.slice(start, end)).primary;
    if (primary !== null) terms.push(primary);
  });
  return terms;
}
