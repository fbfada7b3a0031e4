import { RELATED_TERM_MARK } from './analyze-token.js';

/** Leading characters of a word every index term made from it keeps (see createTermPrefilter). */
const MIN_KEPT_CHARS = 3;

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
  return (text) => {
    const lower = text.toLowerCase();
    for (const key of keyList) if (lower.includes(key)) return true;
    return false;
  };
}
