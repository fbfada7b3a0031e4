import type { RetrievalIndex } from './retrieval/build-retrieval-index.js';
import type { GoalMatch } from './retrieval/rank-by-goal.js';
import { join, scriptCandidates } from './resolve-import.js';

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
 * workspace packages, Python modules) go through `resolve`. Reads nothing:
 * a seed's imports come from its indexed document. In the order of the
 * seeds, then of the goal ranking.
 */
export async function findImportAgreements(options: {
  seeds: readonly string[];
  index: RetrievalIndex;
  matches: readonly GoalMatch[];
  resolve: (specifier: string, fromFile: string) => Promise<string | null>;
}): Promise<ImportAgreement[]> {
  const indexed = new Map(options.index.documents.map((document) => [document.path, document]));
  const goalRank = new Map(options.matches.slice(0, MAX_AGREEING_GOAL_RANK).map((match, rank) => [match.path, rank]));
  const seeds = options.seeds.slice(0, MAX_IMPORT_SEEDS);
  const agreements: ImportAgreement[] = [];
  const seen = new Set(seeds);
  for (const seed of seeds) {
    const document = indexed.get(seed);
    if (document === undefined) continue;
    const found: string[] = [];
    for (const specifier of document.imports) {
      const target = specifier.startsWith('.') ? resolveInIndex(specifier, seed, indexed) : await options.resolve(specifier, seed);
      if (target !== null && goalRank.has(target) && !seen.has(target)) {
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

/** The indexed file a relative specifier of `fromFile` names, or null. */
function resolveInIndex(specifier: string, fromFile: string, indexed: ReadonlyMap<string, unknown>): string | null {
  const slash = fromFile.lastIndexOf('/');
  const base = join(slash < 0 ? '.' : fromFile.slice(0, slash), specifier);
  if (base === null) return null;
  return scriptCandidates(base).find((candidate) => indexed.has(candidate)) ?? null;
}
