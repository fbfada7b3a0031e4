import type { IndexImportGraph } from './index-import-graph.js';
import type { GoalMatch } from './retrieval/rank-by-goal.js';

/** Failing files whose imports are followed: the strongest few, so the expansion stays one cheap hop. */
export const MAX_IMPORT_SEEDS = 3;
/**
 * How high the goal must rank an imported file for the two to agree: a
 * failing file imports a dozen modules, and one of them matching the goal
 * weakly is chance, not agreement.
 */
export const MAX_AGREEING_GOAL_RANK = 10;
/** Imports of one failing file promoted at most. */
export const MAX_AGREEMENTS_PER_SEED = 2;

/** A file a failing file imports and the goal ranking also matches. */
export interface ImportAgreement {
  path: string;
  /** The failing file that imports it. */
  importedBy: string;
}

/**
 * Follows the imports of the strongest failing files one hop and keeps the
 * files the goal ranking also points at (among its first
 * MAX_AGREEING_GOAL_RANK): where a failure shows and what the
 * goal describes meet in a module the failing code depends on. Relative
 * specifiers resolve against the index (TypeScript's `.js` → `.ts`,
 * extensionless and `index` forms); others (tsconfig `paths`, `baseUrl`,
 * workspace packages, Python modules) go through the graph's resolver
 * (createIndexImportGraph). Reads nothing: a seed's imports come from its
 * indexed document. In the order of the
 * seeds, then of the goal ranking.
 */
export async function findImportAgreements(options: {
  seeds: readonly string[];
  graph: IndexImportGraph;
  matches: readonly GoalMatch[];
}): Promise<ImportAgreement[]> {
  const goalRank = new Map(options.matches.slice(0, MAX_AGREEING_GOAL_RANK).map((match, rank) => [match.path, rank]));
  const seeds = options.seeds.slice(0, MAX_IMPORT_SEEDS);
  const agreements: ImportAgreement[] = [];
  const seen = new Set(seeds);
  for (const seed of seeds) {
    const found: string[] = [];
    for (const target of await options.graph.importsOf(seed)) {
      if (goalRank.has(target) && !seen.has(target)) {
        seen.add(target);
        found.push(target);
      }
    }
    found.sort((left, right) => goalRank.get(left)! - goalRank.get(right)!);
    // The imports the goal ranks best: a barrel importing twenty goal matches must not crowd the failure out.
    agreements.push(...found.slice(0, MAX_AGREEMENTS_PER_SEED).map((path) => ({ path, importedBy: seed })));
  }
  return agreements;
}

