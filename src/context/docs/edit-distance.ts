/**
 * The optimal-string-alignment edit distance between two strings (insertions,
 * deletions, substitutions and swaps of two neighbouring characters each
 * cost 1), or `maxDistance + 1` as soon as it must exceed `maxDistance`.
 * Compares UTF-16 code units.
 *
 * @example
 * boundedEditDistance('confgi', 'config', 2); // 1 (a swap)
 * boundedEditDistance('vite', 'rollup', 2);   // 3 (more than 2)
 */
export function boundedEditDistance(left: string, right: string, maxDistance: number): number {
  const over = maxDistance + 1;
  if (Math.abs(left.length - right.length) > maxDistance) return over;
  if (left === right) return 0;
  const width = right.length + 1;
  let previousPrevious = new Uint16Array(width);
  let previous = new Uint16Array(width);
  let current = new Uint16Array(width);
  for (let column = 0; column < width; column += 1) previous[column] = column;
  for (let row = 1; row <= left.length; row += 1) {
    current[0] = row;
    let rowMinimum = row;
    const leftCode = left.charCodeAt(row - 1);
    for (let column = 1; column < width; column += 1) {
      const rightCode = right.charCodeAt(column - 1);
      const cost = leftCode === rightCode ? 0 : 1;
      let value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (row > 1 && column > 1 && leftCode === right.charCodeAt(column - 2) && left.charCodeAt(row - 2) === rightCode) {
        value = Math.min(value, previousPrevious[column - 2]! + 1);
      }
      current[column] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > maxDistance) return over;
    [previousPrevious, previous, current] = [previous, current, previousPrevious];
  }
  const distance = previous[right.length]!;
  return distance > maxDistance ? over : distance;
}
