import { MAX_TOKEN_CHARS, type TokenTerms, analyzeToken, forEachRawToken } from './analyze-token.js';
import type { MatchedTerm } from './rank-pages.js';
import type { MarkdownBlock } from './scan-markdown.js';
import { STOP_WORDS } from './stop-words.js';
import { readBlockCount } from './page-positions.js';
import { createTermPrefilter } from './term-prefilter.js';

export { MAX_PAGE_READ_CHARS } from './page-positions.js';

/** Per word of a text (stop words left out): the query concepts it matches, and those it matches in full. */
export interface ConceptPositions {
  /** Bit i: the word matches concept i (possibly as one word of a longer name). */
  any: number[];
  /** Bit i: the word is concept i itself, or part of a name that is. */
  whole: number[];
  /** The best worth (MatchedTerm.factor) of the word's match; 0 when it matches nothing. */
  factors: number[];
}

function pushPosition(positions: ConceptPositions, any: number, whole: number, factor: number): void {
  positions.any.push(any);
  positions.whole.push(whole);
  positions.factors.push(factor);
}

/**
 * The positions of one token: one per part (one in all when it has none),
 * each holding what its part matches and what any of its names matches (a
 * compound's whole name counts for every part). The names are
 * `names[nameStart..nameEnd)` and the parts `parts[partStart..partEnd)`,
 * looked up by `matchOf` (storedBlockPositions does the same over term ids).
 */
function pushTokenPositions(
  positions: ConceptPositions,
  matchOf: (term: string) => MatchedTerm | undefined,
  names: readonly string[],
  nameStart: number,
  nameEnd: number,
  parts: readonly string[],
  partStart: number,
  partEnd: number,
): void {
  let nameAny = 0;
  let nameWhole = 0;
  let nameFactor = 0;
  for (let slot = nameStart; slot < nameEnd; slot += 1) {
    const matched = matchOf(names[slot]!);
    if (matched === undefined) continue;
    nameAny |= matched.concepts;
    nameWhole |= matched.wholeConcepts;
    nameFactor = Math.max(nameFactor, matched.factor);
  }
  if (partEnd === partStart) pushPosition(positions, nameAny, nameWhole, nameFactor);
  for (let slot = partStart; slot < partEnd; slot += 1) {
    const matched = matchOf(parts[slot]!);
    pushPosition(positions, nameAny | (matched?.concepts ?? 0), nameWhole | (matched?.wholeConcepts ?? 0), Math.max(nameFactor, matched?.factor ?? 0));
  }
}

function pushPositions(positions: ConceptPositions, terms: TokenTerms, matchedTerms: ReadonlyMap<string, MatchedTerm>): void {
  if (terms.all.length === 0) return;
  pushTokenPositions(positions, (term: string) => matchedTerms.get(term), terms.names, 0, terms.names.length, terms.parts, 0, terms.parts.length);
}

/** One plain word (`Proxy`, `proxy`), which yields at most one position. */
const SIMPLE_WORD = /^[A-Za-z][a-z]*$/;

/**
 * Reads a text as a sequence of positions, one per word (each part of a
 * compound name is a position), each holding the query concepts it matches
 * through `matchedTerms` (exact, stemmed or fuzzy). A compound's whole name
 * counts for every one of its parts. Stop words are no position, so
 * "configure the proxy" reads like "configure proxy". `mayHold` (see
 * createTermPrefilter) rules out most words cheaply: a plain word that can
 * yield no matched term is one empty position (none if a stop word), as its
 * analysis would make it, without stemming it; `() => true` analyses every
 * word, with the same result.
 */
export function conceptPositionsOfText(text: string, matchedTerms: ReadonlyMap<string, MatchedTerm>, mayHold: (word: string) => boolean): ConceptPositions {
  const positions: ConceptPositions = { any: [], whole: [], factors: [] };
  forEachRawToken(text, (start, end) => {
    const raw = text.slice(start, end);
    if (raw.length <= MAX_TOKEN_CHARS && SIMPLE_WORD.test(raw) && !mayHold(raw)) {
      const lower = raw.toLowerCase();
      if (lower.length > 1 && !STOP_WORDS.has(lower)) pushPosition(positions, 0, 0, 0);
      return;
    }
    pushPositions(positions, analyzeToken(raw), matchedTerms);
  });
  return positions;
}

/** A page read once for reranking: the positions of its title and of each of its blocks. */
export interface PagePositions {
  title: ConceptPositions;
  /** Per block, in order: its positions; missing past MAX_PAGE_READ_CHARS. */
  blocks: ConceptPositions[];
}

/**
 * What each vocabulary term matches, by term id, as dense arrays (a term
 * that matches nothing holds zeros): reading a stored word is then three
 * array reads, with no map lookup or call per word (the warm CLI search
 * reads some 20 candidate pages in a process that just started, issue 20).
 */
export interface MatchedTermTable {
  /** MatchedTerm.concepts per term id. */
  concepts: Int32Array;
  /** MatchedTerm.wholeConcepts per term id. */
  wholeConcepts: Int32Array;
  /** MatchedTerm.factor per term id. */
  factors: Float64Array;
}

/** The table of `matchedTerms` over a vocabulary of `termCount` terms; `termId` gives a term's id (undefined: not in it). */
export function matchedTermTable(matchedTerms: ReadonlyMap<string, MatchedTerm>, termId: (term: string) => number | undefined, termCount: number): MatchedTermTable {
  const table = { concepts: new Int32Array(termCount), wholeConcepts: new Int32Array(termCount), factors: new Float64Array(termCount) };
  for (const [term, matched] of matchedTerms) {
    const id = termId(term);
    if (id === undefined || id >= termCount) continue;
    table.concepts[id] = matched.concepts;
    table.wholeConcepts[id] = matched.wholeConcepts;
    table.factors[id] = matched.factor;
  }
  return table;
}

/** The page's stored words (see EncodedPagePositions) and what each term id matches, to read a page without tokenising it. */
export interface StoredWords {
  words: Uint32Array;
  matched: MatchedTermTable;
}

/**
 * The blocks' positions from the stored words: what conceptPositionsOfText
 * gives for each block's text (tested equal), from one array of term ids.
 * Null when the words do not describe these blocks (then the text is read).
 * The loop is pushTokenPositions written out over the table, as it runs on
 * every word of every candidate.
 */
function storedBlockPositions(stored: StoredWords, blockCount: number): ConceptPositions[] | null {
  const { words } = stored;
  const { concepts, wholeConcepts, factors } = stored.matched;
  // An id past the table (UNKNOWN_TERM) matches nothing.
  const known = concepts.length;
  const read: ConceptPositions[] = [];
  for (let at = 0; at < words.length; ) {
    const blockEnd = at + 1 + words[at]!;
    const any: number[] = [];
    const whole: number[] = [];
    const worth: number[] = [];
    for (let cursor = at + 1; cursor < blockEnd; ) {
      const header = words[cursor]!;
      const nameEnd = cursor + 1 + (header & 0xff);
      const partEnd = nameEnd + (header >>> 8);
      let nameAny = 0;
      let nameWhole = 0;
      let nameFactor = 0;
      for (let slot = cursor + 1; slot < nameEnd; slot += 1) {
        const id = words[slot]!;
        if (id >= known) continue;
        nameAny |= concepts[id]!;
        nameWhole |= wholeConcepts[id]!;
        if (factors[id]! > nameFactor) nameFactor = factors[id]!;
      }
      if (partEnd === nameEnd) {
        any.push(nameAny);
        whole.push(nameWhole);
        worth.push(nameFactor);
      }
      for (let slot = nameEnd; slot < partEnd; slot += 1) {
        const id = words[slot]!;
        if (id >= known) {
          any.push(nameAny);
          whole.push(nameWhole);
          worth.push(nameFactor);
          continue;
        }
        any.push(nameAny | concepts[id]!);
        whole.push(nameWhole | wholeConcepts[id]!);
        worth.push(factors[id]! > nameFactor ? factors[id]! : nameFactor);
      }
      cursor = partEnd;
    }
    read.push({ any, whole, factors: worth });
    at = blockEnd;
  }
  return read.length === blockCount ? read : null;
}

/**
 * Reads a page's title and blocks (headings, prose, code) as concept
 * positions (see conceptPositionsOfText), once, for every reranking signal:
 * at most MAX_PAGE_READ_CHARS characters from the top. With `stored` (the
 * index's words of the page) the blocks are not tokenised at all.
 */
export function readPagePositions(title: string, blocks: readonly MarkdownBlock[], matchedTerms: ReadonlyMap<string, MatchedTerm>, stored?: StoredWords): PagePositions {
  const mayMatch = createTermPrefilter(matchedTerms.keys());
  const titlePositions = conceptPositionsOfText(title, matchedTerms, mayMatch);
  const blockCount = readBlockCount(blocks);
  const fromWords = stored === undefined ? null : storedBlockPositions(stored, blockCount);
  if (fromWords !== null) return { title: titlePositions, blocks: fromWords };
  const read: PagePositions = { title: titlePositions, blocks: [] };
  for (let block = 0; block < blockCount; block += 1) read.blocks.push(conceptPositionsOfText(blocks[block]!.text, matchedTerms, mayMatch));
  return read;
}

/** How many of the query's neighbouring concept pairs (i, i+1) appear as neighbouring positions. */
export function countBigrams(positions: ConceptPositions, conceptCount: number): number {
  if (conceptCount < 2) return 0;
  const masks = positions.any;
  // Bit c of `masks[i] & (masks[i + 1] >>> 1)`: word i matches concept c and the next word concept c + 1. One pass over the words.
  const wanted = (1 << (conceptCount - 1)) - 1;
  let pairs = 0;
  for (let index = 0; index + 1 < masks.length && pairs !== wanted; index += 1) pairs |= masks[index]! & (masks[index + 1]! >>> 1) & wanted;
  let found = 0;
  for (let rest = pairs; rest !== 0; rest &= rest - 1) found += 1;
  return found;
}

/**
 * Whether a short text (a title, a heading) says exactly what the query
 * says: every word of it is a query concept in full, and together they are
 * every concept.
 */
export function isExactlyTheQuery(positions: ConceptPositions, conceptCount: number): boolean {
  if (positions.whole.length === 0 || conceptCount === 0) return false;
  let union = 0;
  for (const mask of positions.whole) {
    if (mask === 0) return false;
    union |= mask;
  }
  return union === (1 << conceptCount) - 1;
}
