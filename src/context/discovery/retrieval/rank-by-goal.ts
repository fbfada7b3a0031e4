import { compareText } from '../compare-ranked.js';
import { TEST_FILE } from '../rank-candidates.js';
import { type RetrievalIndex, documentFrequencyOf, postingsOf } from './build-retrieval-index.js';
import { FIELD_COUNT, RETRIEVAL_FIELDS, type IndexedDocument, type RetrievalField, pathWordsOf } from './index-document.js';
import { splitIdentifier, tokenizeCode } from './tokenize-code.js';

/** A file the goal points at, with the terms that matched in each field. */
export interface GoalMatch {
  path: string;
  score: number;
  /**
   * Matched goal terms per field, only fields with a match, in RETRIEVAL_FIELDS
   * order: `terms` as the index holds them (folded, stemmed: `pars`), `words`
   * as the goal writes them (`parseConfig`, `parse`), one for each term.
   */
  matches: { field: RetrievalField; terms: string[]; words?: string[] }[];
  /** Declared names the goal writes exactly, as code (`TokenStore`, `quarterOf`, or backticked). */
  exactSymbols: string[];
  /** The file's name or a directory of its path appears in the goal. */
  namedPath: 'file' | 'directory' | null;
  /** The word of the goal that names the file or directory (`theme`), when `namedPath` is set. */
  namedWord?: string;
}

/** Field weights and length normalisation: a path or a declared name says more than a comment. */
const FIELD_WEIGHT: Readonly<Record<RetrievalField, number>> = { path: 2.5, symbols: 2.5, identifiers: 1, body: 1 };
const FIELD_B: Readonly<Record<RetrievalField, number>> = { path: 0.3, symbols: 0.5, identifiers: 0.75, body: 0.75 };
const K1 = 1.2;
/** Goal characters read; the rest of a pasted log adds noise, not terms. */
export const MAX_GOAL_QUERY_CHARS = 10_000;
/** Distinct goal terms scored, rarest first. */
const MAX_QUERY_TERMS = 48;
/**
 * Extra score, times the name's idf, for a declared name the goal spells
 * exactly as code (`TokenStore`, `quarterOf`, backticked). A plain prose
 * word equal to a one-word name (`write`, `search`) gets none: BM25F already
 * counts it in the symbols field, and a second count made such words
 * outrank the file a report describes (measured in bench/retrieval).
 */
const CODE_SYMBOL_FACTOR = 3;
const NAMED_FILE_BONUS = 6;
const NAMED_DIRECTORY_BONUS = 1.5;
const TEST_FILE_FACTOR = 0.5;
/** Matches below this share of the best score are noise (a lone `src`). */
const MIN_SHARE_OF_BEST = 0.2;
/** Matches returned at most. */
const MAX_GOAL_MATCHES = 50;
const CODE_LIKE = /[a-z][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]|^[A-Z][a-z0-9]+[A-Z]/;

/**
 * Ranks the indexed files for a goal written in prose: BM25F over path,
 * declared symbols, used identifiers and comments/strings, plus a bonus
 * for a declared name the goal writes as code (`TokenStore`, backticked),
 * a bonus for a file or directory name the goal mentions (scaled by how
 * rare that name is in the index), and test files halved unless the goal
 * is about tests. Deterministic; an empty list when the goal has no usable
 * terms.
 */
export function rankByGoal(index: RetrievalIndex, goal: string): GoalMatch[] {
  const text = goal.slice(0, MAX_GOAL_QUERY_CHARS);
  const count = index.documents.length;
  const idf = (term: string) => {
    const frequency = documentFrequencyOf(index, term);
    return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
  };
  // A named file or directory counts by how rare its name is here: `doctor` names one place, `run` or `output` many.
  const maxIdf = Math.log(1 + (count - 0.5) / 1.5);
  const specificity = (word: string) => {
    const term = tokenizeCode(word)[0];
    return term === undefined || maxIdf <= 0 ? 1 : Math.min(1, idf(term) / maxIdf);
  };
  const surface = surfaceFormsOf(text);
  const queryTerms = [...new Set(tokenizeCode(text))].filter((term) => index.vocabulary.numberOf(term) >= 0).sort((left, right) => idf(right) - idf(left) || compareText(left, right)).slice(0, MAX_QUERY_TERMS);
  const rawWords = new Map<string, boolean>();
  for (const match of text.matchAll(/`([^`\n]{1,200})`/g)) for (const word of match[1]!.match(/[A-Za-z_$][\w$]*/g) ?? []) rawWords.set(word.toLowerCase(), true);
  for (const word of text.match(/[A-Za-z_$][\w$-]*/g) ?? []) if (word.length >= 3 && !rawWords.has(word.toLowerCase())) rawWords.set(word.toLowerCase(), CODE_LIKE.test(word));
  if (queryTerms.length === 0 && rawWords.size === 0) return [];
  const isAboutTests = /\b(?:tests?|specs?|vitest|jest|pytest)\b/i.test(text);

  // BM25F from the postings of the query terms, in their order (so each score sums exactly as a scan over every document would).
  const bm25 = new Float64Array(count);
  // Per document, its matched terms as flat pairs: field position, term.
  const matchedTerms: ((number | string)[] | undefined)[] = new Array<(number | string)[] | undefined>(count);
  const touched: number[] = [];
  const averages = RETRIEVAL_FIELDS.map((field) => index.averageLengths[field] || 1);
  for (const term of queryTerms) {
    const termIdf = idf(term);
    const postings = postingsOf(index, term);
    for (let entry = 0; entry < postings.length; entry += 2) {
      const number = postings[entry]!;
      const offset = postings[entry + 1]! * FIELD_COUNT;
      const document = index.documents[number]!;
      let pairs = matchedTerms[number];
      if (pairs === undefined) {
        matchedTerms[number] = pairs = [];
        touched.push(number);
      }
      let weighted = 0;
      for (let field = 0; field < FIELD_COUNT; field += 1) {
        const frequency = document.counts[offset + field]!;
        if (frequency === 0) continue;
        const name = RETRIEVAL_FIELDS[field]!;
        weighted += (FIELD_WEIGHT[name] * frequency) / (1 - FIELD_B[name] + (FIELD_B[name] * document.lengths[name]) / averages[field]!);
        pairs.push(field, term);
      }
      if (weighted > 0) bm25[number]! += (termIdf * weighted) / (K1 + weighted);
    }
  }
  // Files that may declare a name the goal writes as code, or whose name or directory the goal mentions: only they are checked for those bonuses.
  const declaring = new Set<number>();
  const naming = new Set<number>();
  for (const [word, isCode] of rawWords) {
    for (const number of index.pathWords.get(word) ?? []) naming.add(number);
    if (isCode) for (const number of index.declaredBy.get(word) ?? []) declaring.add(number);
  }
  const candidates = new Set<number>([...touched, ...declaring, ...naming]);

  const scored: { number: number; score: number; exactSymbols: string[]; named: { kind: 'file' | 'directory'; word: string } | null }[] = [];
  for (const number of candidates) {
    const document = index.documents[number]!;
    let score = bm25[number]!;
    const exactSymbols = declaring.has(number) ? document.declaredNames.filter((name) => rawWords.get(name.toLowerCase()) === true) : [];
    // The idf of the name as the index spells it (folded and stemmed: `getUsers` is `getuser`), so a name declared everywhere counts little.
    for (const name of exactSymbols) score += (idf(tokenizeCode(name)[0] ?? name.toLowerCase()) * CODE_SYMBOL_FACTOR) / Math.max(1, exactSymbols.length / 2);
    const named = naming.has(number) ? namedPathOf(document, rawWords) : null;
    if (named !== null) score += (named.kind === 'file' ? NAMED_FILE_BONUS : NAMED_DIRECTORY_BONUS) * specificity(named.word);
    if (score <= 0) continue;
    if (TEST_FILE.test(document.path) && !isAboutTests) score *= TEST_FILE_FACTOR;
    scored.push({ number, score: round(score), exactSymbols, named });
  }
  const pathOf = (number: number) => index.documents[number]!.path;
  scored.sort((left, right) => right.score - left.score || compareText(pathOf(left.number), pathOf(right.number)));
  const best = scored[0]?.score ?? 0;
  // Explanations are built for the matches returned only.
  return scored
    .filter((match) => match.score >= best * MIN_SHARE_OF_BEST)
    .slice(0, MAX_GOAL_MATCHES)
    .map(({ number, score, exactSymbols, named }) => {
      const pairs = matchedTerms[number] ?? [];
      const matches = RETRIEVAL_FIELDS.flatMap((field, position) => {
        const terms: string[] = [];
        for (let pair = 0; pair < pairs.length; pair += 2) if (pairs[pair] === position) terms.push(pairs[pair + 1] as string);
        return terms.length === 0 ? [] : [{ field, terms, words: terms.map((term) => surface.get(term) ?? term) }];
      });
      return { path: pathOf(number), score, matches, exactSymbols, namedPath: named?.kind ?? null, ...(named === null ? {} : { namedWord: named.word }) };
    });
}

const FIELD_PLACE: Readonly<Record<RetrievalField, string>> = { path: 'the path', symbols: 'declared names', identifiers: 'identifiers', body: 'comments and strings' };

/**
 * One line for people, in the goal's own words (never index stems):
 * `matches the goal: parseConfig, parse in identifiers; defines parseConfig; its file name theme is in the goal`.
 * A match without `words` (built by hand) shows its terms.
 */
export function describeGoalMatch(match: GoalMatch): string {
  const parts = match.matches.map((item) => `${[...new Set(item.words ?? item.terms)].join(', ')} in ${FIELD_PLACE[item.field]}`);
  if (match.exactSymbols.length > 0) parts.push(`defines ${match.exactSymbols.slice(0, 3).join(', ')}`);
  if (match.namedPath !== null) parts.push(`its ${match.namedPath} name${match.namedWord === undefined ? '' : ` ${match.namedWord}`} is in the goal`);
  return `matches the goal: ${parts.join('; ')}`;
}

/**
 * Each index term of the goal (folded, stemmed) mapped back to the goal's
 * own spelling: a whole token as written (`parseConfig` for `parseconfig`),
 * a part as a word (`parse` for `pars`). The first spelling wins; a whole
 * token before a part.
 */
function surfaceFormsOf(text: string): Map<string, string> {
  const surface = new Map<string, string>();
  const tokens = text.match(/[\p{L}\p{N}_$]+(?:[.-][\p{L}\p{N}_$]+)*/gu) ?? [];
  for (const token of tokens) {
    const term = tokenizeCode(token)[0];
    if (term !== undefined && !surface.has(term)) surface.set(term, token);
  }
  for (const token of tokens) {
    for (const part of splitIdentifier(token)) {
      const term = tokenizeCode(part)[0];
      if (term !== undefined && !surface.has(term)) surface.set(term, part);
    }
  }
  return surface;
}

function namedPathOf(document: IndexedDocument, rawWords: ReadonlyMap<string, boolean>): { kind: 'file' | 'directory'; word: string } | null {
  const { base, directories } = pathWordsOf(document.path);
  if (base !== null && rawWords.has(base)) return { kind: 'file', word: base };
  const directory = directories.find((segment) => rawWords.has(segment));
  return directory === undefined ? null : { kind: 'directory', word: directory };
}


function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

