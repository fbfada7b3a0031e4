import picomatch from 'picomatch';
import type { Runtime } from '../../../core/index.js';
import type { PathFilter } from '../create-path-filter.js';
import { type IndexedDocument, RETRIEVAL_FIELDS, type RetrievalField } from './index-document.js';
import { indexDocument } from './index-document.js';
import { isCodePath, unindexableReason } from './is-indexable-source.js';

/** Entries listed at most; a larger tree is indexed in part, and says so. */
export const MAX_LISTED_ENTRIES = 100_000;
/** Files read and indexed at most. */
export const MAX_INDEXED_FILES = 5_000;
/** Bytes of one file indexed: a longer file is indexed by its head. */
export const MAX_INDEX_FILE_BYTES = 128 * 1024;
/** Files read at once. */
const READ_CONCURRENCY = 16;

/** The retrieval index of one workspace: documents and per-field statistics. */
export interface RetrievalIndex {
  documents: IndexedDocument[];
  /** term → documents containing it in any field. */
  documentFrequency: Map<string, number>;
  averageLengths: Record<RetrievalField, number>;
  /** One line each: what was skipped and why (counts), what was cut. */
  notes: string[];
}

/**
 * Builds the retrieval index through the runtime: lists the workspace
 * (`fs.list`, recursive; `.gitignore` and the skip set honoured), keeps code
 * files matching `globs` that `filter` allows, reads each (`fs.readFile`,
 * MAX_INDEX_FILE_BYTES) and indexes it. Binary, minified, generated and
 * vendored files and docs are left out. Never throws for an unreadable file.
 */
export async function buildRetrievalIndex(options: { runtime: Runtime; filter: PathFilter; globs: readonly string[]; signal?: AbortSignal }): Promise<RetrievalIndex> {
  const notes: string[] = [];
  const listing = await options.runtime.execute({ kind: 'fs.list', recursive: true, maxEntries: MAX_LISTED_ENTRIES });
  if (!listing.ok) return createRetrievalIndex([], [`listing the workspace failed: ${listing.error.message}`]);
  if (listing.value.truncated) notes.push(`the workspace has more than ${MAX_LISTED_ENTRIES} entries: only the first were indexed`);
  const matchesGlobs = options.globs.length === 0 ? () => true : picomatch([...options.globs], { dot: true, basename: true });
  const paths = listing.value.entries
    .filter((entry) => entry.kind === 'file' && isCodePath(entry.path) && matchesGlobs(entry.path) && options.filter.isAllowed(entry.path))
    .map((entry) => entry.path)
    .sort();
  if (paths.length > MAX_INDEXED_FILES) notes.push(`${paths.length} code files: only the first ${MAX_INDEXED_FILES} by path were indexed`);
  const chosen = paths.slice(0, MAX_INDEXED_FILES);
  const skipped = new Map<string, number>();
  const documents: (IndexedDocument | null)[] = new Array<IndexedDocument | null>(chosen.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < chosen.length && options.signal?.aborted !== true) {
      const position = next++;
      const path = chosen[position]!;
      const observation = await options.runtime.execute({ kind: 'fs.readFile', path, maxBytes: MAX_INDEX_FILE_BYTES });
      const reason = observation.ok ? unindexableReason(observation.value.content) : 'unreadable';
      if (reason !== null || !observation.ok) {
        skipped.set(reason ?? 'unreadable', (skipped.get(reason ?? 'unreadable') ?? 0) + 1);
        continue;
      }
      documents[position] = indexDocument(path, observation.value.content);
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  for (const [reason, count] of skipped) notes.push(`${count} ${reason} file${count === 1 ? '' : 's'} not indexed`);
  return createRetrievalIndex(documents.filter((document): document is IndexedDocument => document !== null), notes);
}

/** An index over documents already built (tests and benches build them directly). */
export function createRetrievalIndex(documents: IndexedDocument[], notes: string[] = []): RetrievalIndex {
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
  return { documents, documentFrequency, averageLengths, notes };
}
