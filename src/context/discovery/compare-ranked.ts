/** Code-unit order, independent of the locale. */
export function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Best score first; equal scores by path, so every ranking is deterministic. */
export function byScoreThenPath(left: { score: number; path: string }, right: { score: number; path: string }): number {
  return right.score - left.score || compareText(left.path, right.path);
}
