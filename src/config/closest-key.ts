/** Suggestions further than this many single-character edits away are not worth showing. */
const MAX_SUGGESTION_DISTANCE = 2;

/**
 * The allowed key closest to a misspelt one (`maxFile` -> `maxFiles`), or
 * undefined when none is within MAX_SUGGESTION_DISTANCE edits. Case-only
 * differences always match.
 */
export function closestKey(unknownKey: string, allowedKeys: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of allowedKeys) {
    const distance = candidate.toLowerCase() === unknownKey.toLowerCase() ? 0 : editDistance(unknownKey, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // A short key is "close" to almost anything; demand the edit be smaller than the key.
  const limit = Math.min(MAX_SUGGESTION_DISTANCE, Math.max(1, Math.floor(unknownKey.length / 3)));
  return bestDistance <= limit ? best : undefined;
}

/** Edit distance counting an insertion, deletion, substitution or swap of neighbours (`modle` -> `model`) as one edit. */
function editDistance(left: string, right: string): number {
  const rows = Array.from({ length: left.length + 1 }, (_, row) => Array.from({ length: right.length + 1 }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)));
  for (let row = 1; row <= left.length; row += 1) {
    for (let column = 1; column <= right.length; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let distance = Math.min(rows[row - 1]![column]! + 1, rows[row]![column - 1]! + 1, rows[row - 1]![column - 1]! + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        distance = Math.min(distance, rows[row - 2]![column - 2]! + 1);
      }
      rows[row]![column] = distance;
    }
  }
  return rows[left.length]![right.length]!;
}
