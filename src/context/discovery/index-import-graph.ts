import type { RetrievalIndex } from './retrieval/build-retrieval-index.js';
import { join, scriptCandidates } from './resolve-import.js';

/**
 * Bare specifiers (tsconfig `paths`, workspace packages, Python modules)
 * resolved per graph at most: each costs a few `fs.stat` actions, while a
 * relative one is resolved against the index for free.
 */
export const MAX_BARE_RESOLUTIONS = 128;

/** The import graph of the indexed files, read from the index alone (no file is read). */
export interface IndexImportGraph {
  /** Whether the index holds `path`. */
  has(path: string): boolean;
  /** The indexed files `path` imports, distinct, in the order of its imports; [] when it is not indexed. */
  importsOf(path: string): Promise<string[]>;
  /**
   * How many indexed files import `path`: every relative import in the index
   * counts, a bare one (`@acme/core`) once this graph has resolved it (by
   * the number of files importing that same specifier).
   */
  importerCountOf(path: string): number;
}

/**
 * The import graph over a retrieval index, built lazily: a file's imports
 * are resolved when first asked for (relative specifiers against the index,
 * TypeScript's `.js` → `.ts`, extensionless and `index` forms; others
 * through `resolve`, at most MAX_BARE_RESOLUTIONS of them), and importer
 * counts come from one pass over every document's specifiers, grouped by
 * their last segment so a count resolves only the specifiers that can name
 * the file.
 */
export function createIndexImportGraph(index: RetrievalIndex, resolve: (specifier: string, fromFile: string) => Promise<string | null>): IndexImportGraph {
  const indexed = new Map(index.documents.map((document) => [document.path, document]));
  const importsByPath = new Map<string, Promise<string[]>>();
  /** Bare specifier → the file it resolved to, and how many indexed files import it. */
  const bareTargets = new Map<string, Set<string>>();
  let bareResolutions = 0;
  let relativeBySegment: Map<string, { from: string; specifier: string }[]> | null = null;
  let bareImporterCounts: Map<string, number> | null = null;
  const importerCounts = new Map<string, number>();

  async function resolveImports(path: string): Promise<string[]> {
    const document = indexed.get(path);
    if (document === undefined) return [];
    const targets: string[] = [];
    for (const specifier of document.imports) {
      let target: string | null;
      if (isRelativeScript(specifier, path)) target = resolveInIndex(specifier, path, indexed);
      else {
        if (bareResolutions >= MAX_BARE_RESOLUTIONS) continue;
        bareResolutions += 1;
        target = await resolve(specifier, path);
        if (target !== null && !indexed.has(target)) target = null;
        if (target !== null) {
          const specifiers = bareTargets.get(target) ?? new Set<string>();
          specifiers.add(specifier);
          bareTargets.set(target, specifiers);
          importerCounts.delete(target);
        }
      }
      if (target !== null && target !== path && !targets.includes(target)) targets.push(target);
    }
    return targets;
  }

  function groupSpecifiers(): void {
    relativeBySegment = new Map();
    bareImporterCounts = new Map();
    for (const document of index.documents) {
      for (const specifier of document.imports) {
        if (!isRelativeScript(specifier, document.path)) {
          bareImporterCounts.set(specifier, (bareImporterCounts.get(specifier) ?? 0) + 1);
          continue;
        }
        const key = lastSegmentOf(specifier);
        const group = relativeBySegment.get(key);
        if (group === undefined) relativeBySegment.set(key, [{ from: document.path, specifier }]);
        else group.push({ from: document.path, specifier });
      }
    }
  }

  return {
    has: (path) => indexed.has(path),
    importsOf(path) {
      let pending = importsByPath.get(path);
      if (pending === undefined) importsByPath.set(path, (pending = resolveImports(path)));
      return pending;
    },
    importerCountOf(path) {
      const known = importerCounts.get(path);
      if (known !== undefined) return known;
      if (relativeBySegment === null) groupSpecifiers();
      const importers = new Set<string>();
      for (const key of segmentsNaming(path)) {
        for (const { from, specifier } of relativeBySegment!.get(key) ?? []) if (from !== path && resolveInIndex(specifier, from, indexed) === path) importers.add(from);
      }
      let count = importers.size;
      for (const specifier of bareTargets.get(path) ?? []) count += bareImporterCounts!.get(specifier) ?? 0;
      importerCounts.set(path, count);
      return count;
    },
  };
}

/** The indexed file a relative specifier of `fromFile` names, or null. */
export function resolveInIndex(specifier: string, fromFile: string, indexed: ReadonlyMap<string, unknown>): string | null {
  const slash = fromFile.lastIndexOf('/');
  const base = join(slash < 0 ? '.' : fromFile.slice(0, slash), specifier);
  if (base === null) return null;
  return scriptCandidates(base).find((candidate) => indexed.has(candidate)) ?? null;
}

/** A Python `.pricing` is relative too, but resolves by Python's rules: through `resolve`. */
function isRelativeScript(specifier: string, fromFile: string): boolean {
  return specifier.startsWith('.') && !fromFile.endsWith('.py');
}

/** `../pricing/tax-rate.js` → `tax-rate`; `./pricing` → `pricing`; `..` → `..`. */
function lastSegmentOf(specifier: string): string {
  const segment = specifier.slice(specifier.lastIndexOf('/') + 1);
  return segment === '.' || segment === '..' ? segment : segment.replace(/\.[cm]?[jt]sx?$/, '');
}

/** The last segments a relative specifier naming `path` can end in: its stem, and for an `index` file its directory (or `.`, `..`). */
function segmentsNaming(path: string): string[] {
  const parts = path.split('/');
  const stem = parts[parts.length - 1]!.replace(/\.d\.ts$|\.[cm]?[jt]sx?$/, '');
  // `./a.js` can name `a.ts`, `a.js` can name itself, and a full name (`a.vue`) is its own segment.
  const names = [stem, parts[parts.length - 1]!];
  if (stem === 'index') names.push(parts.length >= 2 ? parts[parts.length - 2]! : '.', '.', '..');
  return [...new Set(names)];
}
