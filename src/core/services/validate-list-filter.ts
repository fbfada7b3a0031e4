import { InvalidInputError } from '../errors/invalid-input-error.js';

/** Most names one listing may filter on: a filter names a few well-known files, never a file list. */
export const MAX_LIST_NAMES = 256;

/** The parts of a listing request that select and bound what it walks (see ListRequest). */
export interface ListFilter {
  names?: readonly string[];
  maxDepth?: number;
  maxEntries?: number;
  maxWalkedEntries?: number;
}

/**
 * Checks a listing's name filter and limits, the same for the `fs.list`
 * action and the FileSystem's `list`. A name is one path component matched
 * exactly (`AGENTS.md`), never a path or a pattern. Throws InvalidInputError
 * naming the field: an empty filter, a name that is empty, `.`/`..`, holds a
 * path separator or a NUL byte, more than MAX_LIST_NAMES names, or a limit
 * that is not a positive integer.
 */
export function validateListFilter(filter: ListFilter): void {
  for (const field of ['maxDepth', 'maxEntries', 'maxWalkedEntries'] as const) {
    const value = filter[field];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 1)) throw new InvalidInputError(field, `must be a positive integer (got ${String(value)})`);
  }
  const { names } = filter;
  if (names === undefined) return;
  if (!Array.isArray(names) || names.length === 0) throw new InvalidInputError('names', 'must list at least one file name (leave it out to list every entry)');
  if (names.length > MAX_LIST_NAMES) throw new InvalidInputError('names', `at most ${MAX_LIST_NAMES} names (got ${names.length})`);
  for (const [index, name] of names.entries()) {
    const field = `names[${index}]`;
    if (typeof name !== 'string' || name.length === 0) throw new InvalidInputError(field, 'must be a non-empty file name');
    if (name.includes('\0')) throw new InvalidInputError(field, 'contains a NUL byte');
    if (name.includes('/') || name.includes('\\')) throw new InvalidInputError(field, `${JSON.stringify(name)} contains a path separator: give a file name such as AGENTS.md, matched at any depth`);
    if (name === '.' || name === '..') throw new InvalidInputError(field, `${JSON.stringify(name)} is not a file name`);
  }
}
