import { InvalidInputError } from '../errors/invalid-input-error.js';

/** Further queries one search takes at most: each is one more argument and one more needle per line. */
export const MAX_MORE_QUERIES = 64;

/**
 * Checks a search's `query` and `moreQueries`: fixed strings of one line
 * without NUL bytes (ripgrep would read a newline as "or"; an empty query
 * matches everything), at most MAX_MORE_QUERIES further ones. Throws
 * InvalidInputError naming the field (`query`, `moreQueries[2]`). The
 * runtime checks an action with it, and the search engines a request.
 */
export function validateSearchQueries(query: unknown, moreQueries: unknown): asserts query is string {
  validateQuery(query, 'query');
  if (moreQueries === undefined) return;
  if (!Array.isArray(moreQueries)) throw new InvalidInputError('moreQueries', 'must be an array of strings');
  if (moreQueries.length > MAX_MORE_QUERIES) throw new InvalidInputError('moreQueries', `at most ${MAX_MORE_QUERIES} (got ${moreQueries.length})`);
  for (const [index, other] of moreQueries.entries()) validateQuery(other, `moreQueries[${index}]`);
}

function validateQuery(query: unknown, field: string): void {
  if (typeof query !== 'string' || query.length === 0) throw new InvalidInputError(field, 'must be a non-empty string');
  if (query.includes('\0')) throw new InvalidInputError(field, 'contains a NUL byte');
  if (/[\r\n]/.test(query)) throw new InvalidInputError(field, 'must be a single line (it contains a line break)');
}
