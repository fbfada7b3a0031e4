import picomatch from 'picomatch';
import {
  type Clock,
  MAX_READ_FILES_BYTES,
  MAX_READ_FILES_PATHS,
  type ParallelService,
  RACY_WINDOW_MS,
  type Runtime,
  mapWithConcurrency,
  systemClock,
} from '../../../core/index.js';
import type { PathFilter } from '../create-path-filter.js';
import { FIELD_COUNT, type IndexedDocument, RETRIEVAL_FIELDS, type RetrievalField } from './index-document.js';
import { PackedDocument, type TermsByNumber, copyLengths } from './packed-documents.js';
import { type BatchFile, type BatchNumberings, INDEX_BATCH_TASK, type IndexBatchInput, type IndexBatchOutput, indexContents, unpackBatch } from './index-batch.js';
import { type DocumentsByKey, type Segment, type SegmentFile, type SegmentFileSource, type SegmentSource, addToList, type SkipReason, type Vocabulary, decodeSegment, encodeSegment, pathWordKeysOf, segmentFromSource } from './index-segment.js';
import { isCodePath } from './is-indexable-source.js';
import { RELEVANCE_ORDER_TEXT, orderByRelevance } from './order-by-relevance.js';
import { type RetrievalIndexCache, retrievalCacheKeyOf } from './retrieval-index-cache.js';

/** Entries listed at most; a larger tree is indexed in part, and says so. */
export const MAX_LISTED_ENTRIES = 100_000;
/**
 * Files read and indexed at most (the default of `maxFiles`), the likeliest
 * relevant first (see orderByRelevance). Why 20,000: what a run pays per
 * file is the warm build (decode the cached document, add it to the
 * postings: about 0.1 ms a file in bench/retrieval-speed, so about 2 s at
 * 20,000 on a busy two-core machine) and the cache entry (about 2 KB a file:
 * some 40 MB); a query reads postings only, a few milliseconds. A cold
 * build (about 2 ms a file, most of it the runtime's checked reads) is paid
 * once per workspace and then per changed file. Past 20,000 the warm build
 * and the entry, paid on every run, would outgrow what a goal ranking is worth.
 */
export const MAX_INDEXED_FILES = 20_000;
/** Bytes of one file indexed: a longer file is indexed by its head, and the warnings say how many were cut. */
export const MAX_INDEX_FILE_BYTES = 128 * 1024;
/** Bytes above which a file is not indexed at all (data or generated code under a source name); the warnings name them. */
export const MAX_SOURCE_FILE_BYTES = 1024 * 1024;
/** Skipped or cut files named in one warning; the rest are counted. */
const MAX_NAMED_FILES = 3;
/** Files to read before other threads are worth starting (each costs tens of milliseconds to start). */
export const PARALLEL_MIN_FILES = 256;
/** Bytes of content per batch read (one fs.readFiles) and indexed (on another thread): large enough that messaging is noise, small enough to spread the work. */
const BATCH_BYTES = 512 * 1024;
/** Files stated at once (those the listing gave no stamp for). */
const IO_CONCURRENCY = 16;
/** What a file without a listed size counts for in a batch's bytes. */
const UNSIZED_FILE_BYTES = 16 * 1024;
// A cached file whose mtime lies within RACY_WINDOW_MS of (or after) the start of the build that cached it is read again.

/** The retrieval index of one workspace: documents, postings and per-field statistics. */
export interface RetrievalIndex {
  documents: IndexedDocument[];
  /**
   * The postings, in two typed arrays (no array per term to allocate and
   * collect): term → its number `t` (see `vocabulary`); its occurrences are the pairs
   * `[document, position]` in `postingEntries` from `postingStarts[t]` to
   * `postingStarts[t + 1]` (exclusive, in array slots), `document` an index
   * into `documents` (ascending), `position` the term's index in that
   * document's `terms`. A query reads the postings of its terms only (see
   * postingsOf), never every document.
   */
  vocabulary: Vocabulary;
  postingStarts: Int32Array;
  postingEntries: Int32Array;
  /** Lower-cased declared name → documents declaring it (ascending), for names a goal writes as code. */
  declaredBy: DocumentsByKey;
  /** File name or directory word (see pathWordsOf) → documents whose path has it (ascending), for names a goal mentions. */
  pathWords: DocumentsByKey;
  averageLengths: Record<RetrievalField, number>;
  /** One line each: what was left out and why (counts of binary, minified, generated, unreadable files). */
  notes: string[];
  /** One line each, for the discovery warnings: a failed or cut listing, the file cap, trouble with the cache. */
  warnings: string[];
  /** Files taken from the cache unchanged, and files read. */
  files: { cached: number; read: number };
  /** How much of the workspace's code the index covers, and what was left out why. */
  coverage: RetrievalCoverage;
}

/** Why a code file is not in the index: over the file cap, over MAX_SOURCE_FILE_BYTES, or its content. */
export type LeftOutReason = 'cap' | 'too-large' | 'binary' | 'minified' | 'generated' | 'unreadable';

/** The index's coverage (the discover JSON's `index` field has this shape). */
export interface RetrievalCoverage {
  /** Code files the listing found that `globs` and the path filter allow. */
  codeFiles: number;
  /** Files in the index. */
  indexed: number;
  /** One item per reason with files left out, in LeftOutReason order; `examples` names at most MAX_NAMED_FILES, by path. */
  leftOut: { reason: LeftOutReason; count: number; examples: string[] }[];
}

/** Options of buildRetrievalIndex. */
export interface BuildRetrievalIndexOptions {
  runtime: Runtime;
  filter: PathFilter;
  /** `context.globs`: file-name globs of what may be indexed (empty: every code file). */
  globs: readonly string[];
  /** Keeps the index between runs; without it the index is built in memory from every file. */
  cache?: RetrievalIndexCache;
  /** Code files indexed at most, the likeliest relevant first (see orderByRelevance; default MAX_INDEXED_FILES). */
  maxFiles?: number;
  /**
   * Files changed recently, most recent first (e.g. from git): within a tier
   * they are kept under the cap before the rest. A function is called only
   * when the cap cuts (so a caller may still be asking git while the tree is listed).
   */
  recentPaths?: readonly string[] | (() => Promise<readonly string[]>);
  /**
   * Threads to index on (the Node adapter's worker pool): with at least
   * PARALLEL_MIN_FILES files to read, their contents are indexed there in
   * batches while this thread reads on. Without it, or should a thread
   * fail (then with a warning), files are indexed here.
   */
  parallel?: ParallelService;
  /** Times the build for the racy-mtime rule (default the system clock). */
  clock?: Clock;
  signal?: AbortSignal;
  /** Files done (read, skipped or taken from the cache) of those chosen: first 0, last the total, for a progress line. */
  onProgress?: (done: number, total: number) => void;
}

/** The recent paths as given, or as the function given yields them; none when it fails (the cap then orders by tier and path alone). */
async function resolveRecentPaths(recent: BuildRetrievalIndexOptions['recentPaths']): Promise<readonly string[] | undefined> {
  if (typeof recent !== 'function') return recent;
  try {
    return await recent();
  } catch {
    return undefined;
  }
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
  // The cache entry is read while the tree is listed (the read waits on the disk, the listing mostly on this thread); its warnings come after the listing's.
  const key = retrievalCacheKeyOf(runtime.scope.root);
  const cacheWarnings: string[] = [];
  // A segment the cache keeps in memory (a long-lived process) stands for its entry: nothing to read or decode.
  const retained = cache?.recall?.(key);
  const loading = cache === undefined ? Promise.resolve(null) : retained?.root === runtime.scope.root ? Promise.resolve(retained) : loadPrevious(cache, key, runtime.scope.root, cacheWarnings);
  const listing = await runtime.execute({ kind: 'fs.list', recursive: true, maxEntries: MAX_LISTED_ENTRIES, withStats: true, includeHidden: true });
  if (!listing.ok) return createRetrievalIndex([], { warnings: [`listing the workspace failed: ${listing.error.message}`] });
  if (listing.value.truncated) warnings.push(`the workspace has more than ${MAX_LISTED_ENTRIES} entries: only the first were listed for the goal index`);
  const matchesGlobs = globMatcherOf(options.globs);
  const candidates = listing.value.entries.filter((entry) => entry.kind === 'file' && isCodePath(entry.path) && matchesGlobs(entry.path) && options.filter.isAllowed(entry.path));
  const tooLarge = candidates.filter((entry) => (entry.sizeBytes ?? 0) > MAX_SOURCE_FILE_BYTES).map((entry) => entry.path).sort();
  if (tooLarge.length > 0) warnings.push(`${describeFiles(tooLarge)} over ${formatBytes(MAX_SOURCE_FILE_BYTES)} not indexed for the goal (too large)`);
  const listed = candidates.filter((entry) => (entry.sizeBytes ?? 0) <= MAX_SOURCE_FILE_BYTES);
  const listedStats = new Map<string, FileStamp>();
  for (const entry of listed) {
    if (entry.sizeBytes !== undefined && entry.modifiedMs !== undefined) listedStats.set(entry.path, { sizeBytes: entry.sizeBytes, modifiedMs: entry.modifiedMs });
  }
  const cut = listed.filter((entry) => (entry.sizeBytes ?? 0) > MAX_INDEX_FILE_BYTES).map((entry) => entry.path).sort();
  const maxFiles = options.maxFiles ?? MAX_INDEXED_FILES;
  const listedPaths = listed.map((entry) => entry.path);
  // Under the cap every file is kept, so none need ranking by relevance (six patterns per path, and a sort).
  const ordered = listedPaths.length > maxFiles ? orderByRelevance(listedPaths, await resolveRecentPaths(options.recentPaths)) : listedPaths;
  const capped = ordered.slice(maxFiles).sort();
  // Indexed in path order whatever the order they were chosen in: the same files give the same index and cache entry.
  const chosen = ordered.slice(0, maxFiles).sort();
  if (capped.length > 0) warnings.push(`${listed.length} code files: only ${maxFiles} were indexed for the goal (${RELEVANCE_ORDER_TEXT}); ${describeFiles(capped)} left out`);
  const chosenSet = new Set(chosen);
  const cutChosen = cut.filter((path) => chosenSet.has(path));
  if (cutChosen.length > 0) warnings.push(`${describeFiles(cutChosen)} over ${formatBytes(MAX_INDEX_FILE_BYTES)} indexed for the goal by their first ${formatBytes(MAX_INDEX_FILE_BYTES)} only`);

  const previous = await loading;
  warnings.push(...cacheWarnings);
  const skipped = new Map<SkipReason | 'unreadable', string[]>();
  const documents: (IndexedDocument | null)[] = new Array<IndexedDocument | null>(chosen.length).fill(null);
  const fresh: (CachedFile | null)[] = new Array<CachedFile | null>(chosen.length).fill(null);
  const counts = { cached: 0, read: 0 };
  const skip = (reason: SkipReason | 'unreadable', path: string) => {
    const paths = skipped.get(reason);
    if (paths === undefined) skipped.set(reason, [path]);
    else paths.push(path);
  };
  /** The file as the previous segment knows it, when its stamp is the same and lies outside the racy window (else it is read again). */
  const unchangedFile = (path: string, stat: FileStamp): SegmentFile | undefined => {
    const known = previous?.files.get(path);
    return previous !== null && known !== undefined && known.sizeBytes === stat.sizeBytes && known.modifiedMs === stat.modifiedMs && known.modifiedMs < previous.builtAtMs - RACY_WINDOW_MS ? known : undefined;
  };
  let done = 0;
  const { onProgress } = options;
  onProgress?.(0, chosen.length);
  // The total is reported once, below, when the threads have indexed what was read too.
  const progress = (files: number) => {
    if (files === 0) return;
    done += files;
    if (done < chosen.length) onProgress?.(done, chosen.length);
  };
  // Pass 1: which files must be read. A file the listing gave no stamp for is stated on its own (a few, if any).
  const unstamped = cache === undefined ? [] : chosen.filter((path) => !listedStats.has(path));
  const stated = await mapWithConcurrency(unstamped, IO_CONCURRENCY, (path) => statFile(runtime, path));
  const stamps = unstamped.length === 0 ? listedStats : new Map(listedStats);
  for (const [position, path] of unstamped.entries()) {
    const stat = stated[position]!;
    if (stat !== null) stamps.set(path, stat);
  }
  const toRead: number[] = [];
  for (let position = 0; position < chosen.length; position += 1) {
    const path = chosen[position]!;
    const stat = cache === undefined ? null : (stamps.get(path) ?? null);
    const known = stat === null ? undefined : unchangedFile(path, stat);
    if (cache === undefined) toRead.push(position);
    else if (stat === null) {
      skip('unreadable', path);
      progress(1);
    } else if (previous !== null && known !== undefined) {
      counts.cached += 1;
      if (typeof known.state === 'number') {
        const document = previous.documents[known.state]!;
        documents[position] = document;
        fresh[position] = { path, sizeBytes: stat.sizeBytes, modifiedMs: stat.modifiedMs, document };
      } else {
        skip(known.state, path);
        fresh[position] = { path, sizeBytes: stat.sizeBytes, modifiedMs: stat.modifiedMs, skipped: known.state };
      }
      progress(1);
    } else toRead.push(position);
  }
  // Pass 2: read the rest in batches (one fs.readFiles each) and index each batch, on other threads when there are
  // many files: this thread reads batch N + 1 while they index batch N.
  const { parallel } = options;
  const onThreads = parallel !== undefined && parallel.threads > 0 && toRead.length >= PARALLEL_MIN_FILES ? parallel : null;
  const indexer = createBatchIndexer(onThreads, warnings);
  const indexing: Promise<void>[] = [];
  counts.read = toRead.length;
  for (const group of readGroupsOf(toRead, (position) => stamps.get(chosen[position]!)?.sizeBytes)) {
    if (options.signal?.aborted === true) break;
    const paths = group.map((position) => chosen[position]!);
    const observation = await runtime.execute({ kind: 'fs.readFiles', paths, maxBytes: MAX_INDEX_FILE_BYTES });
    // The action failing whole (its deadline, a cancel): each of its files is unreadable this time.
    const read = observation.ok ? observation.value : null;
    const readable: number[] = [];
    const starts: number[] = [0];
    const slices: Uint8Array[] = [];
    for (const [member, position] of group.entries()) {
      const entry = read === null ? null : read.files[member]!;
      if (read !== null && entry?.ok === true) {
        readable.push(position);
        slices.push(read.data.subarray(entry.start, entry.end));
        starts.push(starts[starts.length - 1]! + entry.end - entry.start);
        continue;
      }
      const path = chosen[position]!;
      // fs.readFile refuses a file with NUL bytes: a binary file under a source name, worth remembering as such.
      // An unreadable file (denied, vanished) is not remembered: it may be readable next time with the same mtime.
      if (entry !== null && !entry.ok && entry.error.code === 'binary') {
        skip('binary', path);
        const stat = stamps.get(path);
        if (cache !== undefined && stat !== undefined) fresh[position] = { path, ...stat, skipped: 'binary' };
      } else skip('unreadable', path);
    }
    progress(group.length - readable.length);
    if (readable.length === 0) continue;
    const batch: IndexBatchInput = { paths: readable.map((position) => chosen[position]!), data: concatenate(slices, starts[starts.length - 1]!), starts: Int32Array.from(starts) };
    indexing.push(
      indexer.index(batch).then((files) => {
        for (const [member, position] of readable.entries()) {
          const file = files[member]!;
          const path = chosen[position]!;
          const stat = cache === undefined ? undefined : stamps.get(path);
          if ('document' in file) {
            documents[position] = file.document;
            if (stat !== undefined) fresh[position] = { path, ...stat, document: file.document };
          } else {
            skip(file.skipped, path);
            if (stat !== undefined) fresh[position] = { path, ...stat, skipped: file.skipped };
          }
        }
        progress(readable.length);
      }),
    );
  }
  await Promise.all(indexing);
  onProgress?.(chosen.length, chosen.length);
  for (const [reason, { length: count }] of skipped) notes.push(`${count} ${reason} file${count === 1 ? '' : 's'} not indexed`);

  const indexed = documents.filter((document): document is IndexedDocument => document !== null);
  const leftOutPaths: Record<LeftOutReason, readonly string[]> = { cap: capped, 'too-large': tooLarge, binary: [], minified: [], generated: [], unreadable: [], ...Object.fromEntries(skipped) };
  const leftOut = LEFT_OUT_REASONS.filter((reason) => leftOutPaths[reason].length > 0).map((reason) => {
    const paths = leftOutPaths[reason];
    return { reason, count: paths.length, examples: [...paths].sort().slice(0, MAX_NAMED_FILES) };
  });
  const extra = { notes, warnings, files: counts, coverage: { codeFiles: candidates.length, indexed: indexed.length, leftOut } };
  // Nothing read and the same documents as the cached segment, in the same order: its postings serve as loaded.
  const isAborted = options.signal?.aborted === true;
  if (previous !== null && counts.read === 0 && indexed.length === previous.documents.length && indexed.every((document, number) => document === previous.documents[number])) {
    if (!isAborted) cache?.retain?.(key, previous);
    const { documents: loaded, vocabulary, postingStarts, postingEntries, declaredBy, pathWords, averageLengths } = previous;
    return { documents: loaded, vocabulary, postingStarts, postingEntries, declaredBy, pathWords, averageLengths, ...extra };
  }
  const { index, numbering } = indexWithNumbering(indexed, extra);

  if (cache !== undefined && !isAborted) {
    const files = fresh.filter((file): file is CachedFile => file !== null);
    const isUnchanged = previous !== null && counts.read === 0 && files.length === previous.files.size;
    if (isUnchanged) cache.retain?.(key, previous);
    else {
      const source: SegmentSource = { root: runtime.scope.root, builtAtMs: startedMs, ...numbering, documents: index.documents, files: segmentFilesOf(files, index.documents) };
      // Kept as built, whether or not the entry is saved: its stamps are what this build saw.
      cache.retain?.(key, segmentFromSource(source, index.averageLengths));
      try {
        await cache.write(key, encodeSegment(source));
      } catch (error) {
        warnings.push(`the retrieval index cache could not be written (${describe(error)}); the next run reads every file again`);
      }
    }
  }
  // `warnings` is the index's own array: a failed save above still shows in it.
  return index;
}

const LEFT_OUT_REASONS: readonly LeftOutReason[] = ['cap', 'too-large', 'binary', 'minified', 'generated', 'unreadable'];

/** One file as this build saw it, for the next cache entry: its stamp, and its document or why it has none. */
type CachedFile = { path: string; sizeBytes: number; modifiedMs: number } & ({ document: IndexedDocument } | { skipped: SkipReason });

/** The files of a segment, each document named by its number in `documents`. */
function segmentFilesOf(files: readonly CachedFile[], documents: readonly IndexedDocument[]): SegmentFileSource[] {
  const numberOf = new Map(documents.map((document, number) => [document, number]));
  return files.map((file) => ({ path: file.path, sizeBytes: file.sizeBytes, modifiedMs: file.modifiedMs, state: 'document' in file ? numberOf.get(file.document)! : file.skipped }));
}

/** Indexes batches of files: on other threads when given some, else (or after a thread failed, with a warning) here. */
interface BatchIndexer {
  index(batch: IndexBatchInput): Promise<BatchFile[]>;
}

/** Names each build's batches apart (see IndexBatchInput.build): this process's builds by number, other processes' threads by the prefix. */
const BUILD_KEY_PREFIX = Math.random().toString(36).slice(2);
let buildCount = 0;

function createBatchIndexer(parallel: ParallelService | null, warnings: string[]): BatchIndexer {
  let failure: string | null = null;
  buildCount += 1;
  const build = `${BUILD_KEY_PREFIX}/${buildCount}`;
  const numberings: BatchNumberings = new Map();
  return {
    async index(batch) {
      // After one failure every batch is indexed here: the next thread would most likely fail the same way.
      if (parallel === null || failure !== null) return indexContents(batch);
      try {
        const output = await parallel.run<IndexBatchInput, IndexBatchOutput>(INDEX_BATCH_TASK, { ...batch, build });
        const files = unpackBatch(output, batch.paths, numberings);
        if (files === null) throw new Error('a worker thread returned documents of the wrong shape');
        return files;
      } catch (error) {
        if (failure === null) {
          failure = describe(error);
          warnings.push(`indexing on other threads failed (${failure}); files were indexed on the main thread`);
        }
        return indexContents(batch);
      }
    },
  };
}

/**
 * Positions of the files to read, grouped for one fs.readFiles each: in
 * order, about BATCH_BYTES of content per group by the listed sizes (a file
 * without one counts as UNSIZED_FILE_BYTES), at most MAX_READ_FILES_PATHS
 * files and what MAX_READ_FILES_BYTES allows at MAX_INDEX_FILE_BYTES each.
 */
function readGroupsOf(positions: readonly number[], sizeOf: (position: number) => number | undefined): number[][] {
  const maxFiles = Math.min(MAX_READ_FILES_PATHS, Math.floor(MAX_READ_FILES_BYTES / MAX_INDEX_FILE_BYTES));
  const groups: number[][] = [];
  let group: number[] = [];
  let bytes = 0;
  for (const position of positions) {
    group.push(position);
    bytes += Math.min(sizeOf(position) ?? UNSIZED_FILE_BYTES, MAX_INDEX_FILE_BYTES);
    if (bytes >= BATCH_BYTES || group.length === maxFiles) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** The slices laid end to end in a buffer of their own (what crosses to a thread is exactly the batch, not the read's whole buffer). */
function concatenate(slices: readonly Uint8Array[], total: number): Uint8Array {
  const data = new Uint8Array(total);
  let offset = 0;
  for (const slice of slices) {
    data.set(slice, offset);
    offset += slice.length;
  }
  return data;
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

/** The cached segment of this workspace, or null when there is no usable one, noting why an entry was unusable. */
async function loadPrevious(cache: RetrievalIndexCache, key: string, root: string, warnings: string[]): Promise<Segment | null> {
  let stored: Uint8Array | null;
  try {
    stored = await cache.read(key);
  } catch (error) {
    warnings.push(`the retrieval index cache could not be read (${describe(error)}); the index is rebuilt`);
    return null;
  }
  if (stored === null) return null;
  const decoded = decodeSegment(stored);
  if ('problem' in decoded) {
    warnings.push(decoded.problem === 'other-version' ? 'the retrieval index cache is from another version of brass-agent; the index is rebuilt' : 'the retrieval index cache entry is corrupt; the index is rebuilt');
    return null;
  }
  // A digest collision or a moved cache file: another workspace's entry is no use here.
  return decoded.segment.root === root ? decoded.segment : null;
}

/** A glob that only names an extension (`*.ts`): the default `context.globs` are all of this form. */
const EXTENSION_GLOB = /^\*\.([A-Za-z0-9]+)$/;

/**
 * Whether a path's file name matches one of `globs` (picomatch, basename,
 * dotfiles too); every path when there are none. Extension-only globs are
 * looked up in a set: fifty of them tried one by one on every listed file
 * cost a warm build tens of milliseconds.
 */
function globMatcherOf(globs: readonly string[]): (path: string) => boolean {
  if (globs.length === 0) return () => true;
  const extensions = globs.map((glob) => EXTENSION_GLOB.exec(glob)?.[1]);
  if (extensions.some((extension) => extension === undefined)) return picomatch([...globs], { dot: true, basename: true });
  const known = new Set(extensions);
  return (path) => {
    const dot = path.lastIndexOf('.');
    return dot > path.lastIndexOf('/') && known.has(path.slice(dot + 1));
  };
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
export function createRetrievalIndex(documents: IndexedDocument[], extra: { notes?: string[]; warnings?: string[]; files?: RetrievalIndex['files']; coverage?: RetrievalCoverage } = {}): RetrievalIndex {
  return indexWithNumbering(documents, extra).index;
}

/** What a cache entry needs of a built index besides its documents: see SegmentSource. */
type Numbering = Pick<SegmentSource, 'vocabulary' | 'termStarts' | 'termNumbers' | 'postingStarts' | 'postingEntries' | 'declaredBy' | 'pathWords'>;

/**
 * The index over `documents`, and each document's terms as numbers (for
 * the cache entry). A packed document (from the cache entry or another
 * thread) has its terms numbered already: each of its set's numbers is
 * mapped to this index's once, so its terms are not spelled out or hashed again.
 */
function indexWithNumbering(
  documents: IndexedDocument[],
  extra: { notes?: string[]; warnings?: string[]; files?: RetrievalIndex['files']; coverage?: RetrievalCoverage },
): { index: RetrievalIndex; numbering: Numbering } {
  const termNumbers = new Map<string, number>();
  const declaredBy = new Map<string, number[]>();
  const pathWords = new Map<string, number[]>();
  const totals = Object.fromEntries(RETRIEVAL_FIELDS.map((field) => [field, 0])) as Record<RetrievalField, number>;
  // Pass 1: number the terms, count their postings, and remember each term's number for pass 2 (one array for all documents).
  let entryCount = 0;
  // The counts' length, not `terms`: a document from the cache spells its terms out only when asked.
  for (const document of documents) entryCount += document.counts.length / FIELD_COUNT;
  let frequencies = new Int32Array(1024);
  const numbersInOrder = new Int32Array(entryCount);
  const starts = new Int32Array(documents.length + 1);
  let slot = 0;
  const numberOf = (term: string): number => {
    let termNumber = termNumbers.get(term);
    if (termNumber === undefined) {
      termNumber = termNumbers.size;
      termNumbers.set(term, termNumber);
      if (termNumber >= frequencies.length) {
        const grown = new Int32Array(frequencies.length * 2);
        grown.set(frequencies);
        frequencies = grown;
      }
    }
    return termNumber;
  };
  // One document's field lengths at a time (a packed document's record is never built for this).
  const lengths = new Int32Array(FIELD_COUNT);
  // Each numbering of packed documents' terms (one per cache segment, per thread numbering or per batch) → this index's, filled as met.
  const remaps = new Map<TermsByNumber, Int32Array>();
  for (const [number, document] of documents.entries()) {
    copyLengths(document, lengths, 0);
    for (let field = 0; field < FIELD_COUNT; field += 1) totals[RETRIEVAL_FIELDS[field]!] += lengths[field]!;
    if (document instanceof PackedDocument) {
      // In locals: the loop runs once per posting (over a million in a large workspace).
      const { terms: packedTerms, termStarts, termNumbers: packedNumbers } = document.packed;
      let remap = remaps.get(packedTerms);
      if (remap === undefined) remaps.set(packedTerms, (remap = new Int32Array(packedTerms.size).fill(-1)));
      const end = termStarts[document.number + 1]!;
      for (let entry = termStarts[document.number]!; entry < end; entry += 1) {
        const packedTerm = packedNumbers[entry]!;
        let termNumber = remap[packedTerm]!;
        if (termNumber < 0) remap[packedTerm] = termNumber = numberOf(packedTerms.valueOf(packedTerm));
        frequencies[termNumber]! += 1;
        numbersInOrder[slot++] = termNumber;
      }
    } else {
      for (const term of document.terms) {
        const termNumber = numberOf(term);
        frequencies[termNumber]! += 1;
        numbersInOrder[slot++] = termNumber;
      }
    }
    starts[number + 1] = slot;
    for (const name of document.declared) addToList(declaredBy, name, number);
    for (const word of pathWordKeysOf(document.path)) addToList(pathWords, word, number);
  }
  // Pass 2: lay the pairs out by term, documents ascending.
  const postingStarts = new Int32Array(termNumbers.size + 1);
  for (let termNumber = 0; termNumber < termNumbers.size; termNumber += 1) postingStarts[termNumber + 1] = postingStarts[termNumber]! + frequencies[termNumber]! * 2;
  const postingEntries = new Int32Array(entryCount * 2);
  const next = postingStarts.slice(0, termNumbers.size);
  slot = 0;
  for (let number = 0; number < documents.length; number += 1) {
    for (let position = 0; slot < starts[number + 1]!; position += 1) {
      const termNumber = numbersInOrder[slot++]!;
      const entry = next[termNumber]!;
      postingEntries[entry] = number;
      postingEntries[entry + 1] = position;
      next[termNumber] = entry + 2;
    }
  }
  const averageLengths = Object.fromEntries(RETRIEVAL_FIELDS.map((field) => [field, documents.length === 0 ? 0 : totals[field] / documents.length])) as Record<RetrievalField, number>;
  let terms: string[] | null = null;
  const vocabulary: Vocabulary = {
    size: termNumbers.size,
    numberOf: (term) => termNumbers.get(term) ?? -1,
    valueOf: (number) => (terms ??= [...termNumbers.keys()])[number]!,
  };
  const index: RetrievalIndex = {
    documents,
    vocabulary,
    postingStarts,
    postingEntries,
    declaredBy,
    pathWords,
    averageLengths,
    notes: extra.notes ?? [],
    warnings: extra.warnings ?? [],
    files: extra.files ?? { cached: 0, read: documents.length },
    coverage: extra.coverage ?? { codeFiles: documents.length, indexed: documents.length, leftOut: [] },
  };
  return { index, numbering: { vocabulary, termStarts: starts, termNumbers: numbersInOrder, postingStarts, postingEntries, declaredBy, pathWords } };
}

/** How many documents hold `term` in any field. */
export function documentFrequencyOf(index: RetrievalIndex, term: string): number {
  const termNumber = index.vocabulary.numberOf(term);
  return termNumber < 0 ? 0 : (index.postingStarts[termNumber + 1]! - index.postingStarts[termNumber]!) / 2;
}

/** The `[document, position]` pairs of `term` (see RetrievalIndex), empty when no document holds it. */
export function postingsOf(index: RetrievalIndex, term: string): Int32Array {
  const termNumber = index.vocabulary.numberOf(term);
  return termNumber < 0 ? new Int32Array(0) : index.postingEntries.subarray(index.postingStarts[termNumber]!, index.postingStarts[termNumber + 1]!);
}
