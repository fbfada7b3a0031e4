import type { RetrievalIndex } from './retrieval/build-retrieval-index.js';
import type { IndexedDocument } from './retrieval/index-document.js';
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
 * What the graph reads from the documents alone (their paths and relative
 * specifiers, resolved against the index): the same for every graph over
 * one documents array, so it is worked out once per array. A long-lived
 * process (an MCP connection) whose workspace did not change gets the
 * previous build's documents back and asks again for the same counts.
 */
interface DocumentImports {
  indexed: Map<string, IndexedDocument>;
  /** Relative specifiers by last segment, and how many documents import each bare one; grouped on the first count asked for. */
  grouped: { relativeBySegment: Map<string, { from: string; specifier: string }[]>; bareImporterCounts: Map<string, number> } | null;
  /** Path → how many indexed files import it relatively. */
  relativeImporterCounts: Map<string, number>;
}

// Keyed weakly by the documents array: an index no longer used takes its entry with it.
const importsByDocuments = new WeakMap<readonly IndexedDocument[], DocumentImports>();

function documentImportsOf(documents: readonly IndexedDocument[]): DocumentImports {
  let imports = importsByDocuments.get(documents);
  if (imports === undefined) {
    imports = { indexed: new Map(documents.map((document) => [document.path, document])), grouped: null, relativeImporterCounts: new Map() };
    importsByDocuments.set(documents, imports);
  }
  return imports;
}

/**
 * The import graph over a retrieval index, built lazily: a file's imports
 * are resolved when first asked for (relative specifiers against the index,
 * TypeScript's `.js` → `.ts`, extensionless and `index` forms; others
 * through `resolve`, at most MAX_BARE_RESOLUTIONS of them), and importer
 * counts come from one pass over every document's specifiers, grouped by
 * their last segment so a count resolves only the specifiers that can name
 * the file. What depends on the documents alone is shared by every graph
 * over the same documents array (see DocumentImports); what `resolve` gives
 * is this graph's own.
 */
export function createIndexImportGraph(index: RetrievalIndex, resolve: (specifier: string, fromFile: string) => Promise<string | null>): IndexImportGraph {
  const shared = documentImportsOf(index.documents);
  const { indexed } = shared;
  const importsByPath = new Map<string, Promise<string[]>>();
  /** Bare specifier → the file it resolved to, and how many indexed files import it. */
  const bareTargets = new Map<string, Set<string>>();
  let bareResolutions = 0;

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
        }
      }
      if (target !== null && target !== path && !targets.includes(target)) targets.push(target);
    }
    return targets;
  }

  function groupSpecifiers(): NonNullable<DocumentImports['grouped']> {
    const relativeBySegment = new Map<string, { from: string; specifier: string }[]>();
    const bareImporterCounts = new Map<string, number>();
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
    return { relativeBySegment, bareImporterCounts };
  }

  return {
    has: (path) => indexed.has(path),
    importsOf(path) {
      let pending = importsByPath.get(path);
      if (pending === undefined) importsByPath.set(path, (pending = resolveImports(path)));
      return pending;
    },
    importerCountOf(path) {
      const grouped = (shared.grouped ??= groupSpecifiers());
      let count = shared.relativeImporterCounts.get(path);
      if (count === undefined) {
        const importers = new Set<string>();
        for (const key of segmentsNaming(path)) {
          for (const { from, specifier } of grouped.relativeBySegment.get(key) ?? []) if (from !== path && resolveInIndex(specifier, from, indexed) === path) importers.add(from);
        }
        count = importers.size;
        shared.relativeImporterCounts.set(path, count);
      }
      // The bare specifiers this graph resolved to `path` so far.
      for (const specifier of bareTargets.get(path) ?? []) count += grouped.bareImporterCounts.get(specifier) ?? 0;
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
