import picomatch from 'picomatch';
import { type Clock, type Runtime, systemClock } from '../../../core/index.js';
import type { PathFilter } from '../create-path-filter.js';
import { type IndexedDocument, RETRIEVAL_FIELDS, type RetrievalField, indexDocument } from './index-document.js';
import { isCodePath, unindexableReason } from './is-indexable-source.js';
import { type CachedFile, type SkipReason, decodeRetrievalEntry, encodeRetrievalEntry } from './retrieval-cache-entry.js';
import { type RetrievalIndexCache, retrievalCacheKeyOf } from './retrieval-index-cache.js';

/** Entries listed at most; a larger tree is indexed in part, and says so. */
export const MAX_LISTED_ENTRIES = 100_000;
/** Files read and indexed at most (the default of `maxFiles`). */
export const MAX_INDEXED_FILES = 5_000;
/** Bytes of one file indexed: a longer file is indexed by its head, and the warnings say how many were cut. */
export const MAX_INDEX_FILE_BYTES = 128 * 1024;
/** Bytes above which a file is not indexed at all (data or generated code under a source name); the warnings name them. */
export const MAX_SOURCE_FILE_BYTES = 1024 * 1024;
/** Skipped or cut files named in one warning; the rest are counted. */
const MAX_NAMED_FILES = 3;
/** Files stated and read at once. */
const IO_CONCURRENCY = 16;
/**
 * A cached file whose mtime lies this close to (or after) the start of the
 * build that cached it is read again: on filesystems with coarse mtimes an
 * edit in the same tick would otherwise go unnoticed ("racily clean" in git).
 */
const RACY_WINDOW_MS = 2_000;

/** The retrieval index of one workspace: documents and per-field statistics. */
export interface RetrievalIndex {
  documents: IndexedDocument[];
  /** term → documents containing it in any field. */
  documentFrequency: Map<string, number>;
  averageLengths: Record<RetrievalField, number>;
  /** One line each: what was left out and why (counts of binary, minified, generated, unreadable files). */
  notes: string[];
  /** One line each, for the discovery warnings: a failed or cut listing, the file cap, trouble with the cache. */
  warnings: string[];
  /** Files taken from the cache unchanged, and files read. */
  files: { cached: number; read: number };
}

/** Options of buildRetrievalIndex. */
export interface BuildRetrievalIndexOptions {
  runtime: Runtime;
  filter: PathFilter;
  /** `context.globs`: file-name globs of what may be indexed (empty: every code file). */
  globs: readonly string[];
  /** Keeps the index between runs; without it the index is built in memory from every file. */
  cache?: RetrievalIndexCache;
  /** Code files indexed at most, first by path (default MAX_INDEXED_FILES). */
  maxFiles?: number;
  /** Times the build for the racy-mtime rule (default the system clock). */
  clock?: Clock;
  signal?: AbortSignal;
}

/**
 * Builds the retrieval index through the runtime: lists the workspace
 * (`fs.list`, recursive; `.gitignore` and the skip set honoured), keeps code
 * files matching `globs` that `filter` allows, reads each (`fs.readFile`,
 * MAX_INDEX_FILE_BYTES) and indexes it. Binary, minified, generated and
 * vendored files and docs are left out.
 *
 * With a `cache`, the listing also carries each file's size and mtime
 * (`withStats`; a file listed without them is stated on its own with
 * `fs.stat`): a file whose size and mtime match the cached entry is not read
 * again, so an unchanged repository costs one listing, and a changed, added
 * or removed file costs only itself. The new entry is saved when anything changed.
 * A missing entry is silent; a corrupt one, one from another format
 * version, or one that cannot be read or written is a warning and the index
 * is built from the files. Never throws for an unreadable file or the cache.
 */
export async function buildRetrievalIndex(options: BuildRetrievalIndexOptions): Promise<RetrievalIndex> {
  const { runtime, cache } = options;
  const startedMs = (options.clock ?? systemClock).now();
  const notes: string[] = [];
  const warnings: string[] = [];
  // Sizes and mtimes come with the listing: one action instead of one stat per file, for the size cap and the cache.
  // Dot-directories are listed (`.github/`, `.vitepress/`); isCodePath keeps tool internals and `.env*` out.
  const listing = await runtime.execute({ kind: 'fs.list', recursive: true, maxEntries: MAX_LISTED_ENTRIES, withStats: true, includeHidden: true });
  if (!listing.ok) return createRetrievalIndex([], { warnings: [`listing the workspace failed: ${listing.error.message}`] });
  if (listing.value.truncated) warnings.push(`the workspace has more than ${MAX_LISTED_ENTRIES} entries: only the first were listed for the goal index`);
  const matchesGlobs = options.globs.length === 0 ? () => true : picomatch([...options.globs], { dot: true, basename: true });
  const candidates = listing.value.entries.filter((entry) => entry.kind === 'file' && isCodePath(entry.path) && matchesGlobs(entry.path) && options.filter.isAllowed(entry.path));
  const tooLarge = candidates.filter((entry) => (entry.sizeBytes ?? 0) > MAX_SOURCE_FILE_BYTES).map((entry) => entry.path).sort();
  if (tooLarge.length > 0) warnings.push(`${describeFiles(tooLarge)} over ${formatBytes(MAX_SOURCE_FILE_BYTES)} not indexed for the goal (too large)`);
  const listed = candidates.filter((entry) => (entry.sizeBytes ?? 0) <= MAX_SOURCE_FILE_BYTES);
  const listedStats = new Map<string, FileStamp>();
  for (const entry of listed) {
    if (entry.sizeBytes !== undefined && entry.modifiedMs !== undefined) listedStats.set(entry.path, { sizeBytes: entry.sizeBytes, modifiedMs: entry.modifiedMs });
  }
  const cut = listed.filter((entry) => (entry.sizeBytes ?? 0) > MAX_INDEX_FILE_BYTES).map((entry) => entry.path).sort();
  const paths = listed.map((entry) => entry.path).sort();
  const maxFiles = options.maxFiles ?? MAX_INDEXED_FILES;
  if (paths.length > maxFiles) warnings.push(`${paths.length} code files: only the first ${maxFiles} by path were indexed for the goal (${paths.length - maxFiles} skipped)`);
  const chosen = paths.slice(0, maxFiles);
  // `chosen` is a prefix of the sorted paths: a cut file was chosen when it sorts no later than the last chosen.
  const lastChosen = chosen.at(-1) ?? '';
  const cutChosen = cut.filter((path) => path <= lastChosen);
  if (cutChosen.length > 0) warnings.push(`${describeFiles(cutChosen)} over ${formatBytes(MAX_INDEX_FILE_BYTES)} indexed for the goal by their first ${formatBytes(MAX_INDEX_FILE_BYTES)} only`);

  const key = retrievalCacheKeyOf(runtime.scope.root);
  const previous = cache === undefined ? null : await loadPrevious(cache, key, runtime.scope.root, warnings);
  const skipped = new Map<string, number>();
  const documents: (IndexedDocument | null)[] = new Array<IndexedDocument | null>(chosen.length).fill(null);
  const fresh: (CachedFile | null)[] = new Array<CachedFile | null>(chosen.length).fill(null);
  const counts = { cached: 0, read: 0 };
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  let next = 0;
  const worker = async () => {
    while (next < chosen.length && options.signal?.aborted !== true) {
      const position = next++;
      const path = chosen[position]!;
      let stat: FileStamp | null = null;
      if (previous !== null) {
        stat = listedStats.get(path) ?? (await statFile(runtime, path));
        if (stat === null) {
          skip('unreadable');
          continue;
        }
        const known = previous.files.get(path);
        if (known !== undefined && known.sizeBytes === stat.sizeBytes && known.modifiedMs === stat.modifiedMs && known.modifiedMs < previous.builtAtMs - RACY_WINDOW_MS) {
          counts.cached += 1;
          fresh[position] = known;
          if ('document' in known) documents[position] = known.document;
          else skip(known.skipped);
          continue;
        }
      }
      counts.read += 1;
      const observation = await runtime.execute({ kind: 'fs.readFile', path, maxBytes: MAX_INDEX_FILE_BYTES });
      // fs.readFile refuses a file with NUL bytes: a binary file under a source name, worth remembering as such.
      const reason: SkipReason | 'unreadable' | null = observation.ok ? unindexableReason(observation.value.content) : observation.error.code === 'binary' ? 'binary' : 'unreadable';
      if (reason !== null) {
        skip(reason);
        // An unreadable file (denied, vanished) is not remembered: it may be readable next time with the same mtime.
        if (stat !== null && reason !== 'unreadable') fresh[position] = { path, ...stat, skipped: reason };
      } else if (observation.ok) {
        const document = indexDocument(path, observation.value.content);
        documents[position] = document;
        if (stat !== null) fresh[position] = { path, ...stat, document };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IO_CONCURRENCY, Math.max(1, chosen.length)) }, worker));
  for (const [reason, count] of skipped) notes.push(`${count} ${reason} file${count === 1 ? '' : 's'} not indexed`);

  if (cache !== undefined && previous !== null && options.signal?.aborted !== true) {
    const files = fresh.filter((file): file is CachedFile => file !== null);
    const isUnchanged = counts.read === 0 && files.length === previous.files.size;
    if (!isUnchanged) {
      try {
        await cache.save(key, encodeRetrievalEntry({ root: runtime.scope.root, builtAtMs: startedMs, files }));
      } catch (error) {
        warnings.push(`the retrieval index cache could not be written (${describe(error)}); the next run reads every file again`);
      }
    }
  }
  return createRetrievalIndex(
    documents.filter((document): document is IndexedDocument => document !== null),
    { notes, warnings, files: counts },
  );
}

/** What the cache compares to decide whether a file changed. */
interface FileStamp {
  sizeBytes: number;
  modifiedMs: number;
}

/** Size and mtime of one file through `fs.stat`, for a file the listing gave without them; null when it cannot be stated. */
async function statFile(runtime: Runtime, path: string): Promise<FileStamp | null> {
  const observation = await runtime.execute({ kind: 'fs.stat', path });
  return observation.ok ? { sizeBytes: observation.value.sizeBytes, modifiedMs: observation.value.modifiedMs } : null;
}

/** The cached files of this workspace by path (empty when there is no usable entry), noting why an entry was unusable. */
async function loadPrevious(cache: RetrievalIndexCache, key: string, root: string, warnings: string[]): Promise<{ files: Map<string, CachedFile>; builtAtMs: number }> {
  const empty = { files: new Map<string, CachedFile>(), builtAtMs: 0 };
  let stored: unknown;
  try {
    stored = await cache.load(key);
  } catch (error) {
    warnings.push(`the retrieval index cache could not be read (${describe(error)}); the index is rebuilt`);
    return empty;
  }
  if (stored === null) return empty;
  const decoded = decodeRetrievalEntry(stored);
  if ('problem' in decoded) {
    warnings.push(decoded.problem === 'other-version' ? 'the retrieval index cache is from another version of brass-agent; the index is rebuilt' : 'the retrieval index cache entry is corrupt; the index is rebuilt');
    return empty;
  }
  // A digest collision or a moved cache file: another workspace's entry is no use here.
  if (decoded.entry.root !== root) return empty;
  return { files: new Map(decoded.entry.files.map((file) => [file.path, file])), builtAtMs: decoded.entry.builtAtMs };
}

/** `2 files (a.py, b.go)` or `5 files (a.py, b.go, c.rs and 2 more)`. */
function describeFiles(paths: readonly string[]): string {
  const named = paths.slice(0, MAX_NAMED_FILES).join(', ');
  const more = paths.length > MAX_NAMED_FILES ? ` and ${paths.length - MAX_NAMED_FILES} more` : '';
  return `${paths.length} file${paths.length === 1 ? '' : 's'} (${named}${more})`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

/** An index over documents already built (tests and benches build them directly). */
export function createRetrievalIndex(documents: IndexedDocument[], extra: { notes?: string[]; warnings?: string[]; files?: RetrievalIndex['files'] } = {}): RetrievalIndex {
  const documentFrequency = new Map<string, number>();
  const totals = Object.fromEntries(RETRIEVAL_FIELDS.map((field) => [field, 0])) as Record<RetrievalField, number>;
  for (const document of documents) {
    const seen = new Set<string>();
    for (const field of RETRIEVAL_FIELDS) {
      totals[field] += document.lengths[field];
      for (const term of document.terms[field].keys()) seen.add(term);
    }
    for (const term of seen) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const averageLengths = Object.fromEntries(RETRIEVAL_FIELDS.map((field) => [field, documents.length === 0 ? 0 : totals[field] / documents.length])) as Record<RetrievalField, number>;
  return { documents, documentFrequency, averageLengths, notes: extra.notes ?? [], warnings: extra.warnings ?? [], files: extra.files ?? { cached: 0, read: documents.length } };
}
