/** Words too common in code and bug reports to tell files apart. */
const STOP_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'not', 'no', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'into', 'as', 'is', 'are', 'was', 'were', 'be', 'been',
  'it', 'its', 'this', 'that', 'these', 'those', 'there', 'then', 'than', 'when', 'if', 'else', 'but', 'so', 'do', 'does', 'did', 'done', 'has', 'have', 'had',
  'i', 'we', 'you', 'they', 'he', 'she', 'my', 'our', 'your', 'me', 'us', 'them', 'can', 'could', 'should', 'would', 'will', 'may', 'might', 'must',
  'get', 'set', 'new', 'return', 'returns', 'const', 'let', 'var', 'function', 'import', 'export', 'type', 'interface', 'class', 'true', 'false', 'null', 'undefined',
  'what', 'which', 'who', 'how', 'why', 'where', 'all', 'any', 'some', 'one', 'only', 'also', 'even', 'still', 'just', 'very', 'instead', 'about', 'after', 'before',
  'fix', 'bug', 'issue', 'please', 'expected', 'actual', 'wrong', 'work', 'works', 'broken', 'error', 'errors', 'fails', 'fail', 'failing', 'failed', 'happen', 'happens',
]);
/** A token longer than this is data (a hash, a base64 blob), not a name. */
const MAX_TOKEN_CHARS = 64;
const RAW_TOKEN = /[\p{L}\p{N}_$]+(?:[.-][\p{L}\p{N}_$]+)*/gu;
/** The same tokens for plain ASCII text (printable, tabs, line breaks), where Unicode property classes only cost time. */
const ASCII_RAW_TOKEN = /[\w$]+(?:[.-][\w$]+)*/g;
const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x7e]/;
/** Raw tokens whose terms are remembered: code repeats its names, and splitting and stemming dominate indexing. */
const MAX_MEMO_ENTRIES = 100_000;
const termsByRawToken = new Map<string, readonly string[]>();

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
 * one map update per occurrence.
 */
export function countCodeTerms(text: string, add: (term: string, occurrences: number) => void): number {
  const raws = rawCounts;
  raws.clear();
  for (const raw of text.match(NOT_PLAIN_ASCII.test(text) ? RAW_TOKEN : ASCII_RAW_TOKEN) ?? []) raws.set(raw, (raws.get(raw) ?? 0) + 1);
  let length = 0;
  for (const [raw, occurrences] of raws) {
    if (raw.length > MAX_TOKEN_CHARS) continue;
    const rawTerms = rawTermsOf(raw);
    for (const term of rawTerms) add(term, occurrences);
    length += rawTerms.length * occurrences;
  }
  raws.clear();
  return length;
}
/** Reused by countCodeTerms (synchronous, never re-entered). */
const rawCounts = new Map<string, number>();

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

function termsOfRawToken(raw: string): string[] {
  const terms: string[] = [];
  const parts = splitIdentifier(raw);
  if (parts.length > 1) addTerm(terms, raw.toLowerCase().replace(/[$]/g, ''));
  for (const part of parts) addTerm(terms, part);
  return terms;
}

/** The lower-case parts of one identifier: `parseHTTPResponse2` → `parse`, `http`, `response2`. */
export function splitIdentifier(identifier: string): string[] {
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
