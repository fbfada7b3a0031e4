/** The usual reciprocal-rank-fusion constant: ranks 1 and 2 differ little, so one list cannot dominate with its head alone. */
export const RRF_K = 60;

/**
 * Reciprocal-rank fusion of ranked path lists: each path scores
 * Σ 1 / (RRF_K + rank) over the lists it appears in (rank from 1). A path
 * both lists agree on rises above the head of either; without agreement
 * the lists interleave, so neither crowds the other out. Ties keep the
 * order of the first list, then the second.
 */
export function fuseRankings(lists: readonly (readonly string[])[]): string[] {
  const scores = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  for (const list of lists) {
    for (const [position, path] of list.entries()) {
      scores.set(path, (scores.get(path) ?? 0) + 1 / (RRF_K + position + 1));
      if (!firstSeen.has(path)) firstSeen.set(path, firstSeen.size);
    }
  }
  return [...scores.keys()].sort((left, right) => scores.get(right)! - scores.get(left)! || firstSeen.get(left)! - firstSeen.get(right)!);
}
