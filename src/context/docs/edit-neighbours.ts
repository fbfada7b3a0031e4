/** Most trie nodes one term's neighbour search visits: the bound on its work, whatever the vocabulary's size. */
export const MAX_NEIGHBOUR_VISITS = 50_000;

/** The vocabulary terms near a term, and how much work finding them took. */
export interface EditNeighbours {
  /** Term index → edit distance (1..maxEdits); the term itself is not included. */
  neighbours: Map<number, number>;
  /** With `maxTailChars`: term index → distance to the nearest prefix of the query leaving at most that many characters (0..maxEdits). */
  prefixNeighbours: Map<number, number>;
  /** Trie nodes visited (one edit-distance row each): at most MAX_NEIGHBOUR_VISITS. */
  visited: number;
}

/**
 * The terms of a sorted vocabulary within `maxEdits` optimal-string-alignment
 * edits of `term` (insertions, deletions, substitutions, swaps of neighbours),
 * found by walking the vocabulary as a trie: the sorted array's runs of a
 * shared prefix are its nodes (found by binary search), each node extends
 * the edit-distance row by one character, and a node whose row has no cell
 * within `maxEdits` is not descended. The work is bounded by the prefixes
 * near the term, not by the vocabulary's size, and capped at
 * MAX_NEIGHBOUR_VISITS (the search then returns what it found).
 *
 * With `maxTailChars`, the same walk also reports each term's distance to
 * the nearest prefix of `term` that leaves at most that many characters
 * (`prefixNeighbours`): a lower bound on the distance from `term` to any
 * word the term starts (a stem and its endings), for a caller that checks
 * those words itself. The pruning rule already holds for every longer word.
 *
 * @example
 * findEditNeighbours(['config', 'confirm', 'server'], 'confgi', 2).neighbours; // Map { 0 => 1, 1 => 2 }
 */
export function findEditNeighbours(terms: readonly string[], term: string, maxEdits: number, options: { maxTailChars?: number } = {}): EditNeighbours {
  // With a tail: a terminal's distance is the least over the prefixes of `term` that leave at most that many characters.
  const firstColumn = options.maxTailChars === undefined ? term.length : Math.max(0, term.length - options.maxTailChars);
  const neighbours = new Map<number, number>();
  const prefixNeighbours = new Map<number, number>();
  const width = term.length + 1;
  const initial = new Uint16Array(width);
  for (let column = 0; column < width; column += 1) initial[column] = column;
  let visited = 0;
  const rows: Uint16Array[] = [initial];

  const walk = (low: number, high: number, depth: number, row: Uint16Array, previousRow: Uint16Array | null, previousCode: number): void => {
    let start = low;
    // The run's first term may be the prefix itself (a sorted array puts it first).
    if (terms[start]!.length === depth) {
      const distance = row[term.length]!;
      if (distance > 0 && distance <= maxEdits) neighbours.set(start, distance);
      if (options.maxTailChars !== undefined) {
        let prefixDistance = distance;
        for (let column = firstColumn; column < term.length; column += 1) prefixDistance = Math.min(prefixDistance, row[column]!);
        if (prefixDistance <= maxEdits) prefixNeighbours.set(start, prefixDistance);
      }
      start += 1;
    }
    while (start < high) {
      if (visited >= MAX_NEIGHBOUR_VISITS) return;
      const code = terms[start]!.charCodeAt(depth);
      const end = endOfRun(terms, start, high, depth, code);
      visited += 1;
      // Depth-first: the row of depth d + 1 is free again once a sibling's subtree is done, so one buffer per depth serves.
      const next = (rows[depth + 1] ??= new Uint16Array(width));
      next[0] = depth + 1;
      let minimum = next[0]!;
      for (let column = 1; column < width; column += 1) {
        const termCode = term.charCodeAt(column - 1);
        let value = Math.min(row[column]! + 1, next[column - 1]! + 1, row[column - 1]! + (termCode === code ? 0 : 1));
        if (previousRow !== null && column > 1 && termCode === previousCode && term.charCodeAt(column - 2) === code) value = Math.min(value, previousRow[column - 2]! + 1);
        next[column] = value;
        if (value < minimum) minimum = value;
      }
      if (minimum <= maxEdits) walk(start, end, depth + 1, next, row, code);
      start = end;
    }
  };

  if (terms.length > 0 && maxEdits > 0) walk(0, terms.length, 0, initial, null, -1);
  return { neighbours, prefixNeighbours, visited };
}

/** The end of the run of terms in [start, high) whose character at `depth` is `code` (they all have one there). */
function endOfRun(terms: readonly string[], start: number, high: number, depth: number, code: number): number {
  let low = start + 1;
  let end = high;
  while (low < end) {
    const middle = (low + end) >>> 1;
    if (terms[middle]!.charCodeAt(depth) <= code) low = middle + 1;
    else end = middle;
  }
  return low;
}
