import type { Runtime } from '../../core/index.js';

/** Root entries listed at most when looking for a guidance file (names at the root only). */
const MAX_ROOT_ENTRIES = 10_000;

/**
 * The guidance file the workspace root already has, or null: the first of
 * `names` (in order) that exists there in any form — a file, a directory,
 * a FIFO, a symlink (dangling or leading outside; it is never followed),
 * in any letter case, ignored by git or not. A name that cannot be looked
 * at (a deny rule, an unreadable directory) counts as existing: init must
 * never write over what it cannot see. Returns the name as it is on disk.
 */
export async function findExistingGuidance(runtime: Runtime, names: readonly string[]): Promise<string | null> {
  // The listing shows symlinks as they are and every letter case; the stats catch names the listing hides (.gitignore).
  const listing = await runtime.execute({ kind: 'fs.list', path: '.', includeHidden: true, maxEntries: MAX_ROOT_ENTRIES });
  const listed = listing.ok ? listing.value.entries.map((entry) => entry.path) : [];
  for (const name of names) {
    const onDisk = listed.find((path) => path.toLowerCase() === name.toLowerCase());
    if (onDisk !== undefined) return onDisk;
    const stat = await runtime.execute({ kind: 'fs.stat', path: name });
    if (stat.ok || stat.error.code !== 'not-found') return name;
  }
  return null;
}
