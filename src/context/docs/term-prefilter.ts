import { RELATED_TERM_MARK } from './analyze-token.js';

/** Leading characters of a word every index term made from it keeps (see createTermPrefilter). */
const MIN_KEPT_CHARS = 3;
/** One plain word (`Proxy`, `proxy`): its only index term is its stem. */
const SIMPLE_WORD = /^[A-Za-z][a-z]*$/;
/** Longer words are no index term at all (MAX_TOKEN_CHARS); the scan handles them. */
const MAX_SIMPLE_WORD_CHARS = 64;

/**
 * A cheap test to run before tokenising a block for these index terms:
 * false only when no word of the text can yield any of them, so a caller
 * may skip the block (tokenising is most of a warm search's cost). Every
 * term keeps the first three characters of the words it comes from —
 * names are lowercased words, and the Porter stemmer replaces only a
 * suffix that follows at least two characters and keeps the suffix's first
 * letter — except a y→i at the end (`say` → `sai`), hence one character
 * less for a term that ends in `i`.
 */
export function createTermPrefilter(terms: Iterable<string>): (text: string) => boolean {
  const keys = new Set<string>();
  for (const term of terms) {
    const name = term.endsWith(RELATED_TERM_MARK) ? term.slice(0, -RELATED_TERM_MARK.length) : term;
    const length = Math.min(MIN_KEPT_CHARS, name.length - (name.endsWith('i') ? 1 : 0));
    if (length <= 0) return () => true;
    keys.add(name.slice(0, length));
  }
  const keyList = [...keys];
  const letterKeys = new Set<number>();
  for (const key of keys) if (/^[a-z]+$/.test(key)) letterKeys.add(packLetters(key, key.length));
  return (text) => {
    // One plain word yields one stem, which starts as the word does: its key can only be a prefix (a few set lookups, not a scan).
    if (text.length <= MAX_SIMPLE_WORD_CHARS && SIMPLE_WORD.test(text)) {
      for (let length = 1; length <= MIN_KEPT_CHARS && length <= text.length; length += 1) if (letterKeys.has(packLetters(text, length))) return true;
      return false;
    }
    const lower = text.toLowerCase();
    for (const key of keyList) if (lower.includes(key)) return true;
    return false;
  };
}

/**
 * The first `length` (at most MIN_KEPT_CHARS) ASCII letters of `word` as one number, lowercased:
 * base 32 with a = 1, so prefixes of different lengths never collide. Numbers, not slices, because
 * this runs for every word of every candidate page of a search.
 */
function packLetters(word: string, length: number): number {
  let packed = 0;
  for (let index = 0; index < length; index += 1) packed = packed * 32 + ((word.charCodeAt(index) | 0x20) - 96);
  return packed;
}
