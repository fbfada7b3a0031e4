import type { Runtime } from '../../core/index.js';
import type { Config } from '../../config/index.js';
import type { PathFilter } from './create-path-filter.js';
import type { EvidenceBoard } from './evidence-board.js';
import { findDefinitions } from './find-definitions.js';
import type { IdentifierRole, IdentifierSignals } from './identifier-signals.js';
import { searchFixedStrings } from './search-fixed-strings.js';
import type { DefinitionSites } from './trace-failures.js';

const SEARCH_HIT_WEIGHT = 0.5;

/** Short all-lower-case names (`get`, `map`, `run`) match everywhere; they are traced through imports only. */
const MIN_PLAIN_QUERY_LENGTH = 5;

function isSearchable(name: string): boolean {
  return name.length >= MIN_PLAIN_QUERY_LENGTH || /[A-Z_$]/.test(name.slice(1)) || /^[A-Z]/.test(name);
}

/** One search discovery made. */
export interface SearchRecord {
  query: string;
  /** Matches kept (inside the workspace, not excluded). */
  matches: number;
  /** More matches exist than `maxSearchResults`. */
  truncated: boolean;
  /** Set when the search failed (denied, timed out); discovery went on. */
  problem?: string;
}

// Roles worth a search when nothing defines them yet: what the failure is about, not what it merely mentions.
const SEARCH_FIRST: ReadonlySet<IdentifierRole> = new Set(['type', 'export', 'missing', 'callee', 'goal-code', 'goal-word', 'at-column', 'error-line', 'quoted']);

/**
 * Step 6: searches the most telling identifiers whose definition is not
 * known yet (at most `maxSearchQueries`, their matches taken in query
 * order), all in one fixed-string `fs.searchText` with the context globs,
 * the exclude globs as negative globs; each query keeps at most
 * `maxSearchResults` matches and MAX_MATCHES_PER_FILE per file. A matching
 * line that defines the name adds the file to the name's definition sites;
 * any other use is weak `search-hit` evidence.
 */
export async function searchIdentifiers(options: {
  runtime: Runtime;
  identifiers: IdentifierSignals;
  sites: DefinitionSites;
  context: Config['context'];
  filter: PathFilter;
  board: EvidenceBoard;
  signal?: AbortSignal;
}): Promise<SearchRecord[]> {
  const { identifiers, sites, context } = options;
  const unresolved = identifiers.ranked().filter((signal) => !sites.has(signal.name) && isSearchable(signal.name));
  const queries = [...unresolved.filter((signal) => SEARCH_FIRST.has(signal.role)), ...unresolved.filter((signal) => !SEARCH_FIRST.has(signal.role))]
    .slice(0, context.maxSearchQueries)
    .map((signal) => signal.name);
  const records: SearchRecord[] = [];
  const observations = await searchFixedStrings({ runtime: options.runtime, queries, context, ...(options.signal ? { signal: options.signal } : {}) });
  for (const [position, query] of queries.entries()) {
    const observation = observations[position]!;
    if (!observation.ok) {
      records.push({ query, matches: 0, truncated: false, problem: observation.error.message });
      continue;
    }
    const wholeWord = new RegExp(`(?<![\\w$])${query.replace(/[$]/g, '\\$')}(?![\\w$])`);
    const matches = observation.value.matches.filter((match) => options.filter.isAllowed(match.path));
    for (const match of matches) {
      if (!wholeWord.test(match.text)) continue;
      if (findDefinitions(match.text, query).length > 0) {
        let files = sites.get(query);
        if (files === undefined) sites.set(query, (files = new Set()));
        files.add(match.path);
      } else if (!options.board.isDirect(match.path)) {
        // A use in a file a failure already names tells nothing new.
        options.board.add(match.path, `search:${query}`, { kind: 'search-hit', weight: SEARCH_HIT_WEIGHT, detail: `uses ${query} (line ${match.line})` });
      }
    }
    records.push({ query, matches: matches.length, truncated: observation.value.truncated });
  }
  return records;
}

