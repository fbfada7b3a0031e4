import { MAX_TOKEN_CHARS, countRawTokens, rawTable } from './count-raw-tokens.js';
import { RawTokenMemo } from './raw-token-memo.js';

/** Words too common in code and bug reports to tell files apart. */
const STOP_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'not', 'no', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'into', 'as', 'is', 'are', 'was', 'were', 'be', 'been',
  'it', 'its', 'this', 'that', 'these', 'those', 'there', 'then', 'than', 'when', 'if', 'else', 'but', 'so', 'do', 'does', 'did', 'done', 'has', 'have', 'had',
  'i', 'we', 'you', 'they', 'he', 'she', 'my', 'our', 'your', 'me', 'us', 'them', 'can', 'could', 'should', 'would', 'will', 'may', 'might', 'must',
  'get', 'set', 'new', 'return', 'returns', 'const', 'let', 'var', 'function', 'import', 'export', 'type', 'interface', 'class', 'true', 'false', 'null', 'undefined',
  'what', 'which', 'who', 'how', 'why', 'where', 'all', 'any', 'some', 'one', 'only', 'also', 'even', 'still', 'just', 'very', 'instead', 'about', 'after', 'before',
  'fix', 'bug', 'issue', 'please', 'expected', 'actual', 'wrong', 'work', 'works', 'broken', 'error', 'errors', 'fails', 'fail', 'failing', 'failed', 'happen', 'happens',
]);
const RAW_TOKEN = /[\p{L}\p{N}_$]+(?:[.-][\p{L}\p{N}_$]+)*/gu;
/** The same tokens for plain ASCII text (printable, tabs, line breaks), where Unicode property classes only cost time. */
const ASCII_RAW_TOKEN = /[\w$]+(?:[.-][\w$]+)*/g;
const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x7e]/;
/** Raw tokens whose terms are remembered: code repeats its names, and splitting and stemming dominate indexing. */
const MAX_MEMO_ENTRIES = 100_000;
const termsByRawToken = new Map<string, readonly string[]>();
/**
 * The same memo for countCodeTerms and countCodeTermIds, as term ids in
 * tables keyed by countRawTokens's hash (see RawTokenMemo), so that a known
 * token is found without slicing it out of the document. Two generations of
 * MAX_MEMO_ENTRIES each: when the current one is full it becomes the
 * previous one, and a token found only there is carried over, so the names
 * a workspace repeats survive a vocabulary larger than one generation.
 */
/**
 * Every term the memo has produced, numbered, so that indexDocument keeps a
 * document's terms in flat arrays by id rather than in a map keyed by
 * strings. Starts over (with the memo, whose ids it invalidates) between
 * two documents once it holds MAX_TERM_IDS.
 */
const MAX_TERM_IDS = 500_000;
const termIds = new Map<string, number>();
/** The term of each id. */
export const termsById: string[] = [];

/** How many times the ids started over: ids of two generations name different terms. */
let generation = 0;

/** The current generation of term ids (see startTermIds): an id means the same term as long as this stays the same. */
export function termIdGeneration(): number {
  return generation;
}

/** Called before a document's countCodeTermIds calls: ids stay the same until the next call. */
export function startTermIds(): void {
  if (termsById.length < MAX_TERM_IDS) return;
  generation += 1;
  termIds.clear();
  termsById.length = 0;
  currentMemo.clear();
  previousMemo.clear();
}

function idOfTerm(term: string): number {
  let id = termIds.get(term);
  if (id === undefined) {
    id = termsById.length;
    termIds.set(term, id);
    termsById.push(term);
  }
  return id;
}

/** Slots per generation: a power of two, at least twice MAX_MEMO_ENTRIES, so probes stay short. */
const MEMO_SLOTS = 1 << 18;
let currentMemo = new RawTokenMemo(MEMO_SLOTS);
let previousMemo = new RawTokenMemo(MEMO_SLOTS);

/**
 * Code-aware tokens of `text`, in order: every raw token (`getUserById`,
 * `user_service`, `auth-client`, `path.join`) is kept whole and split into
 * its parts (camelCase, PascalCase, acronyms, snake_case, kebab-case,
 * dotted), case folded, stop words and one-letter parts dropped, each
 * lightly stemmed (`tokens` → `token`, `parsing` → `pars`).
 *
 * @example tokenizeCode('getUserById failed') // ['getuserbyid', 'user', 'id'] (stemmed)
 */
export function tokenizeCode(text: string): string[] {
  const terms: string[] = [];
  // `match` with the global flag returns plain strings: no match object per token.
  for (const raw of text.match(NOT_PLAIN_ASCII.test(text) ? RAW_TOKEN : ASCII_RAW_TOKEN) ?? []) {
    if (raw.length > MAX_TOKEN_CHARS) continue;
    for (const term of rawTermsOf(raw)) terms.push(term);
  }
  return terms;
}

/**
 * Calls `add` with each distinct term of `text` (exactly those of
 * tokenizeCode) and its occurrences, a term once per raw token it comes
 * from, and returns how many terms that was in all. Counts each raw token
 * once before splitting it: code repeats its names, so most of the work is
 * one table update per occurrence.
 */
export function countCodeTerms(text: string, add: (term: string, occurrences: number) => void): number {
  startTermIds();
  return countCodeTermIds(text, (id, occurrences) => add(termsById[id]!, occurrences));
}

/** countCodeTerms with the terms as ids of `termsById` (see startTermIds), for indexDocument. */
export function countCodeTermIds(text: string, add: (id: number, occurrences: number) => void): number {
  const distinct = countRawTokens(text);
  let length = 0;
  for (let entry = 0; entry < distinct; entry += 1) {
    const occurrences = rawTable.counts[entry]!;
    const memo = memoOf(text, rawTable.starts[entry]!, rawTable.lengths[entry]!, rawTable.hashes[entry]!);
    const { ids, idsStart, idsLength } = memo;
    for (let index = idsStart; index < idsStart + idsLength; index += 1) add(ids[index]!, occurrences);
    length += idsLength * occurrences;
  }
  return length;
}

function rawTermsOf(raw: string): readonly string[] {
  let rawTerms = termsByRawToken.get(raw);
  if (rawTerms === undefined) {
    rawTerms = termsOfRawToken(raw);
    // A bounded memo: a huge vocabulary starts over rather than growing without limit.
    if (termsByRawToken.size >= MAX_MEMO_ENTRIES) termsByRawToken.clear();
    termsByRawToken.set(raw, rawTerms);
  }
  return rawTerms;
}

/** The memo that holds the term ids of `text.slice(start, start + length)` (whose countRawTokens hash is `hash`) at its `idsStart`/`idsLength`. */
function memoOf(text: string, start: number, length: number, hash: number): RawTokenMemo {
  if (currentMemo.find(text, start, length, hash)) return currentMemo;
  const ids = previousMemo.find(text, start, length, hash)
    ? Array.from(previousMemo.ids.subarray(previousMemo.idsStart, previousMemo.idsStart + previousMemo.idsLength))
    : termsOfRawToken(text.slice(start, start + length)).map(idOfTerm);
  if (currentMemo.size >= MAX_MEMO_ENTRIES) {
    [previousMemo, currentMemo] = [currentMemo, previousMemo];
    currentMemo.clear();
    currentMemo.find(text, start, length, hash);
  }
  currentMemo.insert(text, start, length, hash, ids);
  return currentMemo;
}

function termsOfRawToken(raw: string): string[] {
  const terms: string[] = [];
  const parts = splitIdentifier(raw);
  if (parts.length > 1) addTerm(terms, raw.toLowerCase().replace(/[$]/g, ''));
  for (const part of parts) addTerm(terms, part);
  return terms;
}

/** The lower-case parts of one identifier: `parseHTTPResponse2` → `parse`, `http`, `response2`. */
export function splitIdentifier(identifier: string): string[] {
  // By hand for ASCII (nearly every identifier; this runs once per distinct
  // token of the workspace), exactly as the two replaces and the split below.
  const parts: string[] = [];
  const length = identifier.length;
  let partStart = -1;
  for (let index = 0; index < length; index += 1) {
    const code = identifier.charCodeAt(index);
    if (code >= 0x80) return splitIdentifierByExpressions(identifier);
    const kind = ASCII_KIND[code]!;
    if (kind === OTHER) {
      if (partStart !== -1) parts.push(identifier.slice(partStart, index).toLowerCase());
      partStart = -1;
    } else if (partStart === -1) partStart = index;
    else if (kind === UPPER) {
      // `aB` and `1B` split before `B`; so does `AB` before `Bc` (`HTTPResponse`).
      const previous = ASCII_KIND[identifier.charCodeAt(index - 1)]!;
      if (previous !== UPPER || ASCII_KIND[identifier.charCodeAt(index + 1)] === LOWER) {
        parts.push(identifier.slice(partStart, index).toLowerCase());
        partStart = index;
      }
    }
  }
  if (partStart !== -1) parts.push(identifier.slice(partStart).toLowerCase());
  return parts;
}

const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;
const ASCII_KIND = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) {
  const char = String.fromCharCode(code);
  ASCII_KIND[code] = /[a-z]/.test(char) ? LOWER : /[A-Z]/.test(char) ? UPPER : /[0-9]/.test(char) ? DIGIT : OTHER;
}

function splitIdentifierByExpressions(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

/** Light suffix stripping, enough to meet `tokens`/`token`, `parsing`/`parse`, `cached`/`cache`. */
export function stemTerm(term: string): string {
  if (term.length <= 4 || /\d/.test(term)) return term;
  if (term.endsWith('ies') && term.length > 5) return `${term.slice(0, -3)}y`;
  if (term.endsWith('ing') && term.length > 6) return term.slice(0, -3).replace(/e$/, '');
  if (term.endsWith('ed') && term.length > 5) return term.slice(0, -2).replace(/e$/, '');
  if (term.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(term)) return term.slice(0, -2);
  if (term.endsWith('s') && !term.endsWith('ss') && !term.endsWith('us') && !term.endsWith('is')) return term.slice(0, -1).replace(/e$/, '');
  return term.replace(/e$/, '');
}

function addTerm(terms: string[], term: string): void {
  if (term.length < 2 || STOP_WORDS.has(term) || /^\d+$/.test(term)) return;
  terms.push(stemTerm(term));
}
