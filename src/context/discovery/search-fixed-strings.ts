import type { Observation, Runtime, SearchTextResult } from '../../core/index.js';
import type { Config } from '../../config/index.js';

/** Matching lines read per file and query, as in `rg --max-count 5`. */
export const MAX_MATCHES_PER_FILE = 5;

/**
 * Searches several fixed, case-sensitive strings in one `fs.searchText`
 * pass (one ripgrep process: one walk, each file read once, where one
 * search per query would walk and read the tree once each) with the
 * context globs and exclude globs, and gives each query the answer a search
 * of its own would: the matching lines that contain it, at most
 * MAX_MATCHES_PER_FILE per file and `maxSearchResults` in all, in path
 * order. The pass's limits are those scaled by the number of queries, so a
 * query loses lines only in a file where the queries together match more
 * than that many lines, or when the pass itself is cut (then every query
 * says truncated). A failed pass is the same failure for every query.
 */
export async function searchFixedStrings(options: {
  runtime: Runtime;
  queries: readonly string[];
  context: Pick<Config['context'], 'globs' | 'excludeGlobs' | 'maxSearchResults'>;
  signal?: AbortSignal;
}): Promise<Observation<{ kind: 'fs.searchText'; query: string }>[]> {
  const { queries, context } = options;
  const [first, ...more] = queries;
  if (first === undefined) return [];
  const observation = await options.runtime.execute(
    {
      kind: 'fs.searchText',
      query: first,
      ...(more.length === 0 ? {} : { moreQueries: more }),
      globs: context.globs,
      excludeGlobs: context.excludeGlobs,
      maxResults: context.maxSearchResults * queries.length,
      maxMatchesPerFile: MAX_MATCHES_PER_FILE * queries.length,
      caseSensitive: true,
    },
    options.signal ? { signal: options.signal } : {},
  );
  return queries.map((query) => (observation.ok ? { ...observation, value: shareOf(observation.value, query, context.maxSearchResults) } : observation));
}

/** One query's share of a pass for several (see searchFixedStrings). */
function shareOf(result: SearchTextResult, query: string, maxResults: number): SearchTextResult {
  const perFile = new Map<string, number>();
  const matches: SearchTextResult['matches'][number][] = [];
  let isOver = false;
  for (const match of result.matches) {
    if (!match.text.includes(query)) continue;
    const count = perFile.get(match.path) ?? 0;
    if (count >= MAX_MATCHES_PER_FILE) continue;
    if (matches.length >= maxResults) {
      isOver = true;
      break;
    }
    perFile.set(match.path, count + 1);
    matches.push(match);
  }
  return { ...result, matches, truncated: isOver || result.truncated };
}
