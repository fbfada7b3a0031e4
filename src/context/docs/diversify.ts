/** Factor per already chosen page from the same directory. */
export const SAME_DIRECTORY_DECAY = 0.85;
/** Factor per already chosen page with the same title (versioned or translated copies). */
export const SAME_TITLE_DECAY = 0.5;

/** A ranked candidate with what diversity compares. */
export interface DiversityCandidate {
  score: number;
  /** The target's directory (`guides` of `guides/install`; '' at the top). */
  directory: string;
  /** The title, lowercased. */
  titleKey: string;
}

/**
 * Picks `limit` candidates greedily: each round takes the best score after
 * discounting candidates that resemble pages already taken (the same
 * directory, the same title), so five near-copies do not crowd out a second
 * relevant place. The best candidate always comes first.
 */
export function diversify<T extends DiversityCandidate>(candidates: readonly T[], limit: number): T[] {
  const remaining = [...candidates];
  const chosen: T[] = [];
  const directories = new Map<string, number>();
  const titles = new Map<string, number>();
  while (chosen.length < limit && remaining.length > 0) {
    let bestIndex = 0;
    let bestScore = -Infinity;
    remaining.forEach((candidate, index) => {
      const adjusted =
        candidate.score * SAME_DIRECTORY_DECAY ** (directories.get(candidate.directory) ?? 0) * SAME_TITLE_DECAY ** (titles.get(candidate.titleKey) ?? 0);
      if (adjusted > bestScore) {
        bestScore = adjusted;
        bestIndex = index;
      }
    });
    const [picked] = remaining.splice(bestIndex, 1);
    chosen.push(picked!);
    directories.set(picked!.directory, (directories.get(picked!.directory) ?? 0) + 1);
    titles.set(picked!.titleKey, (titles.get(picked!.titleKey) ?? 0) + 1);
  }
  return chosen;
}
