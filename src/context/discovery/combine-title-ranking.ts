import { byScoreThenPath } from './compare-ranked.js';
import type { GoalMatch } from './retrieval/rank-by-goal.js';

/**
 * How much the ranking of the goal's title alone counts beside the ranking
 * of the whole goal (each scaled so its best file is 1). A pasted issue's
 * body holds environment dumps, configuration and logs whose many words
 * outweigh the few that say what is wrong; its title is the reporter's own
 * summary (measured on the tuning half of bench/real-tasks).
 */
export const TITLE_WEIGHT = 1;

/**
 * The whole goal's ranking and its title's ranking as one: each file scores
 * its share of the best whole-goal score plus TITLE_WEIGHT times its share
 * of the best title score, on the whole goal's scale. A file matched by the
 * title only joins the list. The explanation is the whole goal's, with the
 * declared names and the named path the title adds.
 */
export function combineTitleRanking(matches: readonly GoalMatch[], titleMatches: readonly GoalMatch[], weight = TITLE_WEIGHT): GoalMatch[] {
  const best = matches[0]?.score ?? 0;
  const titleBest = titleMatches[0]?.score ?? 0;
  if (titleBest <= 0 || weight <= 0) return [...matches];
  if (best <= 0) return [...titleMatches];
  const byPath = new Map<string, { match: GoalMatch; share: number }>();
  for (const match of matches) byPath.set(match.path, { match, share: match.score / best });
  for (const title of titleMatches) {
    const share = (weight * title.score) / titleBest;
    const known = byPath.get(title.path);
    if (known === undefined) {
      byPath.set(title.path, { match: title, share });
      continue;
    }
    const exactSymbols = [...new Set([...known.match.exactSymbols, ...title.exactSymbols])];
    const named = known.match.namedPath ?? title.namedPath;
    const namedWord = known.match.namedWord ?? title.namedWord;
    byPath.set(title.path, { match: { ...known.match, exactSymbols, namedPath: named, ...(namedWord === undefined ? {} : { namedWord }) }, share: known.share + share });
  }
  return [...byPath.values()]
    .map(({ match, share }) => ({ ...match, score: Math.round(share * best * 1000) / 1000 }))
    .sort(byScoreThenPath);
}
