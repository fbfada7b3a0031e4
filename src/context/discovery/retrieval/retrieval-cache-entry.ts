import { FIELD_COUNT, type IndexedDocument, RETRIEVAL_FIELDS, type RetrievalField } from './index-document.js';

/** Bumped whenever tokenisation, symbol extraction, the skip rules or this layout change: older entries are rebuilt. */
export const RETRIEVAL_INDEX_FORMAT_VERSION = 3;
const FORMAT = 'brass-agent/retrieval-index';

/** Why a file's content is not indexed, remembered so an unchanged file is not read again to learn it. */
export type SkipReason = 'binary' | 'minified' | 'generated';

/** One file as the cache remembers it: its size and mtime, and its document or why it has none. */
export type CachedFile = { path: string; sizeBytes: number; modifiedMs: number } & ({ document: IndexedDocument } | { skipped: SkipReason });

/** A workspace's cache entry. */
export interface RetrievalCacheEntry {
  root: string;
  /** When the build that wrote it started: files modified around then are re-read (their mtime may not have ticked yet). */
  builtAtMs: number;
  files: CachedFile[];
}

/**
 * The entry's vocabulary as decoded, and each decoded document's terms as
 * numbers into it: createRetrievalIndex numbers a cached document's terms
 * from these without hashing each term again.
 */
export interface TermNumbering {
  terms: readonly string[];
  numbersOf: { get(document: IndexedDocument): ArrayLike<number> | undefined };
}

/** The result of reading a stored value back. */
export type DecodedRetrievalEntry = { entry: RetrievalCacheEntry; vocabulary: TermNumbering } | { problem: 'other-version' | 'corrupt' };

/**
 * Encoded file: path, size, mtime, then a skip reason, or the document's
 * distinct terms as numbers into the entry's vocabulary, their counts
 * (FIELD_COUNT per term, see IndexedDocument), declared names and imports.
 */
type EncodedFile = [string, number, number, SkipReason] | [string, number, number, number[], number[], string[], string[]];

/**
 * The JSON value stored for an entry (compact: one array per file). Each
 * term is written once, in `vocabulary` (one string, terms separated by a
 * line break: no term holds one), and files refer to it by number: the
 * entry is smaller, parses faster, and the decoded documents share one
 * string per term, so building the postings from them hashes each term once.
 */
export function encodeRetrievalEntry(entry: RetrievalCacheEntry, numbering?: TermNumbering): unknown {
  // With the index's own numbering (see createRetrievalIndex) its terms are the vocabulary and no term is hashed again.
  const vocabulary: string[] = numbering === undefined ? [] : [...numbering.terms];
  let numbers: Map<string, number> | null = null;
  const files: EncodedFile[] = entry.files.map((file) => {
    if ('skipped' in file) return [file.path, file.sizeBytes, file.modifiedMs, file.skipped];
    const { document } = file;
    const known = numbering?.numbersOf.get(document);
    if (known !== undefined) return [file.path, file.sizeBytes, file.modifiedMs, Array.from(known), document.counts, document.declaredNames, document.imports];
    numbers ??= new Map(vocabulary.map((term, number) => [term, number]));
    const termNumbers = document.terms.map((term) => {
      let number = numbers!.get(term);
      if (number === undefined) {
        number = vocabulary.length;
        numbers!.set(term, number);
        vocabulary.push(term);
      }
      return number;
    });
    return [file.path, file.sizeBytes, file.modifiedMs, termNumbers, document.counts, document.declaredNames, document.imports];
  });
  return { format: FORMAT, version: RETRIEVAL_INDEX_FORMAT_VERSION, root: entry.root, builtAtMs: entry.builtAtMs, vocabulary: vocabulary.join('\n'), files };
}

/**
 * Reads a stored value back: the entry, or `other-version` (an entry of
 * this cache in another format version) or `corrupt` (anything else that
 * is not an intact entry). Checks every field, so a damaged entry can never
 * put a wrong-typed value into the index.
 */
export function decodeRetrievalEntry(value: unknown): DecodedRetrievalEntry {
  if (!isRecord(value) || value.format !== FORMAT) return { problem: 'corrupt' };
  if (value.version !== RETRIEVAL_INDEX_FORMAT_VERSION) return typeof value.version === 'number' ? { problem: 'other-version' } : { problem: 'corrupt' };
  if (typeof value.root !== 'string' || typeof value.builtAtMs !== 'number' || typeof value.vocabulary !== 'string' || !Array.isArray(value.files)) return { problem: 'corrupt' };
  const vocabulary = value.vocabulary === '' ? [] : value.vocabulary.split('\n');
  const numbersOf = new WeakMap<IndexedDocument, readonly number[]>();
  const files: CachedFile[] = [];
  for (const item of value.files as unknown[]) {
    const file = decodeFile(item, vocabulary, numbersOf);
    if (file === null) return { problem: 'corrupt' };
    files.push(file);
  }
  return { entry: { root: value.root, builtAtMs: value.builtAtMs, files }, vocabulary: { terms: vocabulary, numbersOf } };
}

function decodeFile(item: unknown, vocabulary: readonly string[], numbersOf: WeakMap<IndexedDocument, readonly number[]>): CachedFile | null {
  if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'number' || typeof item[2] !== 'number') return null;
  const [path, sizeBytes, modifiedMs] = item as [string, number, number];
  if (item.length === 4) return item[3] === 'binary' || item[3] === 'minified' || item[3] === 'generated' ? { path, sizeBytes, modifiedMs, skipped: item[3] } : null;
  const [, , , termNumbers, counts, declaredNames, imports] = item as unknown[];
  if (item.length !== 7 || !Array.isArray(termNumbers) || !Array.isArray(counts) || counts.length !== termNumbers.length * FIELD_COUNT || !isStringArray(declaredNames) || !isStringArray(imports)) return null;
  const terms: string[] = new Array<string>(termNumbers.length);
  for (let position = 0; position < termNumbers.length; position += 1) {
    const number: unknown = termNumbers[position];
    if (typeof number !== 'number' || !Number.isInteger(number)) return null;
    const term = vocabulary[number];
    if (term === undefined) return null;
    terms[position] = term;
  }
  const lengths = [0, 0, 0, 0];
  for (let position = 0; position < counts.length; position += 1) {
    const count: unknown = counts[position];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return null;
    lengths[position % FIELD_COUNT]! += count;
  }
  const fieldLengths = Object.fromEntries(RETRIEVAL_FIELDS.map((field, position) => [field, lengths[position]!])) as Record<RetrievalField, number>;
  const document: IndexedDocument = { path, terms, counts: counts as number[], lengths: fieldLengths, declared: new Set(declaredNames.map((name) => name.toLowerCase())), declaredNames, imports };
  numbersOf.set(document, termNumbers as number[]);
  return { path, sizeBytes, modifiedMs, document };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
