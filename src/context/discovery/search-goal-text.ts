import type { Runtime } from '../../core/index.js';
import type { Config } from '../../config/index.js';
import type { PathFilter } from './create-path-filter.js';
import type { EvidenceBoard } from './evidence-board.js';
import { searchFixedStrings } from './search-fixed-strings.js';
import type { SearchRecord } from './search-identifiers.js';

/** A file holding a message the goal quotes likely throws or prints it: more than a use of a name. */
const MESSAGE_HIT_WEIGHT = 1;
const CHAIN_HIT_WEIGHT = 0.5;
/** Chains searched at most: each is a use, not a definition. */
const MAX_CHAIN_QUERIES = 2;

/**
 * Searches what the goal quotes or writes as code beyond single names:
 * each quoted message ("Cannot read properties of undefined") and the
 * first MAX_CHAIN_QUERIES member chains (`cache.get`), as fixed,
 * case-sensitive strings in one pass (searchFixedStrings). A file
 * holding a message gets `search-hit` evidence `contains "…"`; a file using
 * a chain gets `uses cache.get`. Files a failure names are left as they are.
 */
export async function searchGoalText(options: {
  runtime: Runtime;
  messages: readonly string[];
  chains: readonly string[];
  context: Config['context'];
  filter: PathFilter;
  board: EvidenceBoard;
  signal?: AbortSignal;
}): Promise<SearchRecord[]> {
  const queries = [
    ...options.messages.map((query) => ({ query, kind: 'goal-message' as const, weight: MESSAGE_HIT_WEIGHT, detail: (line: number) => `contains "${query}" from the goal (line ${line})` })),
    ...options.chains.slice(0, MAX_CHAIN_QUERIES).map((query) => ({ query, kind: 'search-hit' as const, weight: CHAIN_HIT_WEIGHT, detail: (line: number) => `uses ${query} (line ${line})` })),
  ];
  const records: SearchRecord[] = [];
  // One pass for all, matches taken in query order (see searchFixedStrings).
  const observations = await searchFixedStrings({ runtime: options.runtime, queries: queries.map(({ query }) => query), context: options.context, ...(options.signal ? { signal: options.signal } : {}) });
  for (const [position, { query, kind, weight, detail }] of queries.entries()) {
    const observation = observations[position]!;
    if (!observation.ok) {
      records.push({ query, matches: 0, truncated: false, problem: observation.error.message });
      continue;
    }
    const matches = observation.value.matches.filter((match) => options.filter.isAllowed(match.path));
    for (const match of matches) {
      if (!options.board.isDirect(match.path)) options.board.add(match.path, `search:${query}`, { kind, weight, detail: detail(match.line) });
    }
    records.push({ query, matches: matches.length, truncated: observation.value.truncated });
  }
  return records;
}
