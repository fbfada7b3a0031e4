import { TEST_FILE } from '../rank-candidates.js';

/**
 * Kinds of code file, most likely to be what a goal is about first: the
 * order the file cap keeps them in. Fixtures, mocks and snapshots before
 * examples; vendored, generated and built code (where isCodePath lets it
 * through, e.g. `dist/` or `*.pb.go`) and docs' own code last.
 */
const TIERS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'tests', pattern: TEST_FILE },
  { name: 'fixtures', pattern: /(?:^|\/)(?:fixtures?|__fixtures__|testdata|test-data|__mocks__|mocks?|__snapshots__|snapshots?)\// },
  { name: 'examples', pattern: /(?:^|\/)(?:examples?|samples?|demos?|playgrounds?)\// },
  { name: 'benchmarks', pattern: /(?:^|\/)(?:bench|benches|benchmarks?)\/|\.bench\.[cm]?[jt]sx?$/ },
  { name: 'vendored or generated', pattern: /(?:^|\/)(?:vendor|vendors|third[_-]party|node_modules|generated|__generated__|gen|dist|build|out)\/|\.generated\.[^/]+$|\.pb\.go$|_pb2\.py$/ },
  { name: 'docs', pattern: /(?:^|\/)(?:docs?|documentation|website|site)\// },
];

/** `source first, then tests, fixtures, ...`: the order, for a warning. */
export const RELEVANCE_ORDER_TEXT = `source first, then ${TIERS.map((tier) => tier.name).join(', ')}`;

/** The tier of `path`: 0 for source, else 1 + the least relevant kind it matches (a fixture under `tests/` is a fixture). */
export function relevanceTierOf(path: string): number {
  let tier = 0;
  for (const [position, candidate] of TIERS.entries()) if (candidate.pattern.test(path)) tier = position + 1;
  return tier;
}

/**
 * `paths` most likely relevant first: by tier (relevanceTierOf), then those
 * in `recentPaths` (most recently changed first) before the rest, then by
 * path. A new array; deterministic.
 */
export function orderByRelevance(paths: readonly string[], recentPaths: readonly string[] = []): string[] {
  const recency = new Map<string, number>();
  for (const [position, path] of recentPaths.entries()) if (!recency.has(path)) recency.set(path, position);
  const keyed = paths.map((path) => ({ path, tier: relevanceTierOf(path), recent: recency.get(path) ?? Number.POSITIVE_INFINITY }));
  keyed.sort((left, right) => left.tier - right.tier || left.recent - right.recent || (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  return keyed.map((item) => item.path);
}
