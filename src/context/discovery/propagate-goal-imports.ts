import { byScoreThenPath } from './compare-ranked.js';
import type { IndexImportGraph } from './index-import-graph.js';
import { roleFactorOf } from './path-role.js';
import type { WeighedMatch } from './weigh-by-history.js';

/** What the import graph says of one file, for the report: the goal matches that reach it, never a score. */
export interface ImportEvidence {
  /**
   * The goal matches whose imports reach the file, strongest first (at most
   * MAX_NAMED_SOURCES), each with the file between when its strongest path
   * is two hops long.
   */
  from: { path: string; via?: string }[];
}

/** A goal match re-scored along the import graph; `imports` is set when the graph added to its score. */
export interface PropagatedMatch extends WeighedMatch {
  imports?: ImportEvidence;
}

/** How goal evidence flows along imports; measured on the tuning half of bench/real-tasks. */
export interface ImportPropagationWeights {
  /** What a file gains per unit of flow that reaches it, against the goal ranking whose best file scores 1. */
  weight: number;
  /** The share of its flow a file passes on one hop further. */
  hopDecay: number;
  /** Distinct goal matches that must reach a file before it gains anything: one match's imports alone were noise (docs/discovery.md). */
  minSources: number;
}
/**
 * The weight is 0: on the tuning half of bench/real-tasks no weight tried
 * (0.05 to 0.25, hop decay 0 to 0.5, one or two goal matches needed; an
 * earlier variant up to 2) raised hit@1 or hit@4 (62.5% / 86.5%): 0.05
 * left them as they were or cost a case of hit@1, 0.25 cost 4 to 7 points
 * of hit@4. It stays in the explanation of the files the goal ranking found,
 * where it is true and helps a reader, as co-change does.
 */
export const DEFAULT_IMPORT_PROPAGATION_WEIGHTS: ImportPropagationWeights = { weight: 0, hopDecay: 0.5, minSources: 2 };

/** Goal matches whose imports are followed: the best few, each scoring at least MIN_SEED_SHARE of the best. */
export const MAX_PROPAGATION_SEEDS = 10;
const MIN_SEED_SHARE = 0.3;
/** Files reached at the first hop whose own imports are followed, the most reached first. */
export const MAX_SECOND_HOP_FILES = 20;
/** Goal matches named in one explanation. */
const MAX_NAMED_SOURCES = 3;
/** Files returned at most, as the goal ranking does. */
const MAX_MATCHES = 50;

interface Reach {
  /** Flow per goal match that reaches the file, with the flow of its strongest path and that path's middle file (two hops). */
  bySource: Map<string, { flow: number; strongest: number; via?: string }>;
  /** The distinct importers of the file that carried flow to it. */
  carriers: Set<string>;
}

/**
 * Lets goal evidence flow along the import graph, two hops at most (issue
 * 17, item 2): each of the best goal matches passes its normalised score to
 * the files it imports, shared out by the square root of its number of
 * imports (a barrel or an entry point importing everything passes little to
 * each). What a file receives is scaled by the share of its importers that
 * carried any (a utility imported by 300 files, 5 of them goal matches,
 * keeps 5/300: the inverse document frequency of importers), and the files
 * reached first pass `hopDecay` of what they kept one hop further. A file
 * gains only when at least `minSources` distinct goal matches reach it. The gain, times
 * `weight` and the file's role factor (tests and docs yield, see
 * roleFactorOf), adds to the file's score on the scale of the goal ranking;
 * a file the goal ranking did not find joins the list. Cycles end by the
 * hop bound, a goal match never reaches itself, and at most
 * MAX_PROPAGATION_SEEDS + MAX_SECOND_HOP_FILES files' imports are looked at.
 */
export async function propagateGoalImports(matches: readonly WeighedMatch[], graph: IndexImportGraph, options: { goalTitle: string; weights?: ImportPropagationWeights }): Promise<PropagatedMatch[]> {
  const weights = options.weights ?? DEFAULT_IMPORT_PROPAGATION_WEIGHTS;
  const best = matches[0]?.score ?? 0;
  if (best <= 0) return [...matches];
  const seeds = matches.slice(0, MAX_PROPAGATION_SEEDS).filter((match) => match.score >= MIN_SEED_SHARE * best && graph.has(match.path));
  const seedPaths = new Set(seeds.map((seed) => seed.path));
  const reached = new Map<string, Reach>();
  const flowTo = (target: string, source: string, carrier: string, flow: number, via?: string) => {
    if (target === source) return;
    const reach = reached.get(target) ?? { bySource: new Map(), carriers: new Set<string>() };
    reached.set(target, reach);
    reach.carriers.add(carrier);
    const known = reach.bySource.get(source);
    if (known === undefined) reach.bySource.set(source, { flow, strongest: flow, ...(via === undefined ? {} : { via }) });
    else if (flow > known.strongest) reach.bySource.set(source, { flow: known.flow + flow, strongest: flow, ...(via === undefined ? {} : { via }) });
    else known.flow += flow;
  };

  for (const seed of seeds) {
    const imports = await graph.importsOf(seed.path);
    for (const target of imports) flowTo(target, seed.path, seed.path, seed.score / best / Math.sqrt(imports.length));
  }
  // The share of a file's importers that carried flow: a utility imported by 300 files, 5 of them goal matches, keeps 5/300.
  const shareOf = (path: string, reach: Reach) => Math.min(1, reach.carriers.size / Math.max(1, graph.importerCountOf(path)));
  // The second hop starts from the files the first reached most (after their share), never from a goal match (its own imports were the first hop).
  const firstHop = weights.hopDecay <= 0 ? [] : [...reached]
    .filter(([path]) => !seedPaths.has(path))
    .map(([path, reach]) => ({ path, share: shareOf(path, reach), bySource: [...reach.bySource] }))
    .sort((left, right) => right.share * totalOf(right.bySource) - left.share * totalOf(left.bySource) || (left.path < right.path ? -1 : 1))
    .slice(0, MAX_SECOND_HOP_FILES);
  for (const middle of firstHop) {
    const imports = await graph.importsOf(middle.path);
    for (const target of imports) {
      for (const [source, { flow }] of middle.bySource) flowTo(target, source, middle.path, (flow * middle.share * weights.hopDecay) / Math.sqrt(imports.length), middle.path);
    }
  }

  const scores = new Map(matches.map((match) => [match.path, match.score / best]));
  const evidence = new Map<string, ImportEvidence>();
  for (const [path, reach] of reached) {
    if (reach.bySource.size < weights.minSources) continue;
    const gain = weights.weight * totalOf([...reach.bySource]) * shareOf(path, reach) * roleFactorOf(path, options.goalTitle);
    if (gain > 0) scores.set(path, (scores.get(path) ?? 0) + gain);
    const sources = [...reach.bySource].sort((left, right) => right[1].flow - left[1].flow || (left[0] < right[0] ? -1 : 1));
    evidence.set(path, { from: sources.slice(0, MAX_NAMED_SOURCES).map(([source, { via }]) => ({ path: source, ...(via === undefined ? {} : { via }) })) });
  }
  const byPath = new Map(matches.map((match) => [match.path, match]));
  const propagated: PropagatedMatch[] = [];
  for (const [path, score] of scores) {
    const match = byPath.get(path) ?? { path, score: 0, matches: [], exactSymbols: [], namedPath: null };
    const item = evidence.get(path);
    // A file the graph alone found joins only when it gained: shown evidence must have moved something.
    if (!byPath.has(path) && score <= 0) continue;
    propagated.push({ ...match, score: round(score * best), ...(item === undefined ? {} : { imports: item }) });
  }
  // Cut only what the graph added: with nothing gained the goal ranking comes back as it was.
  return propagated.sort(byScoreThenPath).slice(0, Math.max(matches.length, MAX_MATCHES));
}

/**
 * One line in real terms: `imported by src/a.ts and src/b.ts, which match
 * the goal`; two hops away `imported by src/mid.ts, which src/a.ts (matching
 * the goal) imports`.
 */
export function describeImports(imports: ImportEvidence): string {
  const direct = imports.from.filter((source) => source.via === undefined).map((source) => source.path);
  const parts = direct.length === 0 ? [] : [`imported by ${listOf(direct)}, which ${direct.length === 1 ? 'matches' : 'match'} the goal`];
  const middles = [...new Set(imports.from.flatMap((source) => (source.via === undefined ? [] : [source.via])))];
  for (const middle of middles) {
    const sources = imports.from.filter((source) => source.via === middle).map((source) => source.path);
    parts.push(`imported by ${middle}, which ${listOf(sources)} (matching the goal) import${sources.length === 1 ? 's' : ''}`);
  }
  return parts.join('; ');
}

function listOf(paths: readonly string[]): string {
  return paths.length <= 1 ? (paths[0] ?? '') : `${paths.slice(0, -1).join(', ')} and ${paths[paths.length - 1]}`;
}

function totalOf(bySource: readonly (readonly [string, { flow: number }])[]): number {
  return bySource.reduce((sum, [, { flow }]) => sum + flow, 0);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
