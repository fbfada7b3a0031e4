import { FIELD_COUNT, type IndexedDocument, RETRIEVAL_FIELDS, type RetrievalField, pathWordsOf } from './index-document.js';
import { PackedDocument, copyCounts, copyLengths, joinedDeclaredNamesOf, joinedImportsOf } from './packed-documents.js';
import { buildStringTableParts, openStringTable } from './string-table.js';

/** Bumped whenever tokenisation, symbol extraction, the skip rules or this layout change: older entries are rebuilt. */
export const RETRIEVAL_INDEX_FORMAT_VERSION = 4;
const MAGIC = 0x34495242; // "BRI4" read as little-endian bytes
// Written in the machine's byte order; an entry from another byte order reads as corrupt and is rebuilt.
const BYTE_ORDER_MARK = 0x01020304;
const PREFIX_WORDS = 4;
const FORMAT = 'brass-agent/retrieval-index';

/** Why a file's content is not indexed, remembered so an unchanged file is not read again to learn it. */
export type SkipReason = 'binary' | 'minified' | 'generated';
const SKIP_REASONS: readonly SkipReason[] = ['binary', 'minified', 'generated'];

/** Documents with a name or word, ascending (a Map's arrays, or a view into a segment). */
export type DocumentList = ArrayLike<number> & Iterable<number>;
/** Key → documents (Map<string, number[]> is one). */
export interface DocumentsByKey {
  get(key: string): DocumentList | undefined;
}

/** The index's terms, numbered as its postings are laid out. */
export interface Vocabulary {
  readonly size: number;
  /** The term's number, or -1 when no document holds it. */
  numberOf(term: string): number;
  valueOf(number: number): string;
}

/** What a segment is written from: the index's searchable parts, per-document term numbers, and every file's stamp. */
export interface SegmentSource {
  root: string;
  /** When the build that writes it started: files modified around then are re-read (their mtime may not have ticked yet). */
  builtAtMs: number;
  documents: readonly IndexedDocument[];
  vocabulary: Vocabulary;
  /** Document `d`'s terms as vocabulary numbers: `termNumbers[termStarts[d] .. termStarts[d + 1])`, in its `terms` order. */
  termStarts: Int32Array;
  termNumbers: Int32Array;
  postingStarts: Int32Array;
  postingEntries: Int32Array;
  /** Lower-cased declared name → documents, and path word → documents, as the index built them (see addToList). */
  declaredBy: ReadonlyMap<string, readonly number[]>;
  pathWords: ReadonlyMap<string, readonly number[]>;
  /** Every file the entry remembers, in path order: its document's number, or why it has none. */
  files: readonly SegmentFileSource[];
}

export interface SegmentFileSource {
  path: string;
  sizeBytes: number;
  modifiedMs: number;
  /** A number into `documents`, or the reason the file is not indexed. */
  state: number | SkipReason;
}

/** One file as a decoded segment remembers it. */
export interface SegmentFile {
  sizeBytes: number;
  modifiedMs: number;
  /** Its document's number in the segment, or why it has none. */
  state: number | SkipReason;
}

/** A decoded segment: an index usable as loaded, and the stamps to tell which files changed. */
export interface Segment {
  root: string;
  builtAtMs: number;
  files: Map<string, SegmentFile>;
  documents: IndexedDocument[];
  vocabulary: Vocabulary;
  termStarts: Int32Array;
  termNumbers: Int32Array;
  postingStarts: Int32Array;
  postingEntries: Int32Array;
  declaredBy: DocumentsByKey;
  pathWords: DocumentsByKey;
  averageLengths: Record<RetrievalField, number>;
}

/** The result of reading stored bytes back. */
export type DecodedSegment = { segment: Segment } | { problem: 'other-version' | 'corrupt' };

interface Header {
  format: string;
  version: number;
  root: string;
  builtAtMs: number;
  paths: string[];
  /** Per document: its declared names as written, joined by spaces (names never hold one). */
  declaredNames: string[];
  /** Per document: its import specifiers, joined by line breaks (specifiers never hold one). */
  imports: string[];
  averageLengths: number[];
  sections: { name: SectionName; length: number }[];
}

const INT_SECTIONS = [
  'fileStates',
  'termStarts',
  'termNumbers',
  'lengths',
  'postingStarts',
  'postingEntries',
  'vocabularyOffsets',
  'vocabularySlots',
  'declaredOffsets',
  'declaredSlots',
  'declaredStarts',
  'declaredEntries',
  'pathWordOffsets',
  'pathWordSlots',
  'pathWordStarts',
  'pathWordEntries',
] as const;
const FLOAT_SECTIONS = ['fileSizes', 'fileMtimes'] as const;
/** Term counts are 16-bit (exact: see MAX_COUNT), which halves the largest array. */
const SHORT_SECTIONS = ['counts'] as const;
const TEXT_SECTIONS = ['vocabularyText', 'declaredText', 'pathWordText'] as const;
type SectionName = (typeof INT_SECTIONS)[number] | (typeof FLOAT_SECTIONS)[number] | (typeof SHORT_SECTIONS)[number] | (typeof TEXT_SECTIONS)[number];
const SECTION_ORDER: readonly SectionName[] = [...FLOAT_SECTIONS, ...INT_SECTIONS, ...SHORT_SECTIONS, ...TEXT_SECTIONS];

/** Bytes per element of each kind of section; text is UTF-8. */
function elementBytes(name: SectionName): number {
  if ((FLOAT_SECTIONS as readonly string[]).includes(name)) return 8;
  if ((INT_SECTIONS as readonly string[]).includes(name)) return 4;
  return (SHORT_SECTIONS as readonly string[]).includes(name) ? 2 : 1;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The bytes of a segment: a four-word prefix (magic, byte order, version,
 * header length), a JSON header (root, paths, per-document names and
 * imports, section lengths), then each section as a raw typed array, every
 * one aligned to 8 bytes. The postings and the three lookup tables are laid
 * out ready to use, so loading is one read, one small JSON parse, views
 * onto the bytes and a bounds check, with no term hashed into a Map.
 */
export function encodeSegment(source: SegmentSource): Uint8Array {
  const { documents } = source;
  const fileStates = new Int32Array(source.files.length);
  const fileSizes = new Float64Array(source.files.length);
  const fileMtimes = new Float64Array(source.files.length);
  for (const [number, file] of source.files.entries()) {
    fileStates[number] = typeof file.state === 'number' ? file.state : -1 - SKIP_REASONS.indexOf(file.state);
    fileSizes[number] = file.sizeBytes;
    fileMtimes[number] = file.modifiedMs;
  }
  let entryCount = 0;
  for (const document of documents) entryCount += document.counts.length / FIELD_COUNT;
  const counts = new Uint16Array(entryCount * FIELD_COUNT);
  const lengths = new Int32Array(documents.length * FIELD_COUNT);
  const totals = [0, 0, 0, 0];
  let slot = 0;
  for (let number = 0; number < documents.length; number += 1) {
    const document = documents[number]!;
    copyCounts(document.counts, counts, slot);
    slot += document.counts.length;
    copyLengths(document, lengths, number * FIELD_COUNT);
    for (let field = 0; field < FIELD_COUNT; field += 1) totals[field]! += lengths[number * FIELD_COUNT + field]!;
  }
  const vocabularyTerms = Array.from({ length: source.vocabulary.size }, (_, number) => source.vocabulary.valueOf(number));
  const vocabulary = buildStringTableParts(vocabularyTerms);
  const declared = keyedListsOf(source.declaredBy);
  const pathWords = keyedListsOf(source.pathWords);
  const sections: Record<SectionName, ArrayBufferView | string> = {
    fileSizes,
    fileMtimes,
    fileStates,
    termStarts: source.termStarts,
    termNumbers: source.termNumbers,
    counts,
    lengths,
    postingStarts: source.postingStarts,
    postingEntries: source.postingEntries,
    vocabularyOffsets: vocabulary.offsets,
    vocabularySlots: vocabulary.slots,
    vocabularyText: vocabulary.text,
    declaredOffsets: declared.table.offsets,
    declaredSlots: declared.table.slots,
    declaredText: declared.table.text,
    declaredStarts: declared.starts,
    declaredEntries: declared.entries,
    pathWordOffsets: pathWords.table.offsets,
    pathWordSlots: pathWords.table.slots,
    pathWordText: pathWords.table.text,
    pathWordStarts: pathWords.starts,
    pathWordEntries: pathWords.entries,
  };
  const bodies = SECTION_ORDER.map((name) => {
    const value = sections[name];
    return typeof value === 'string' ? encoder.encode(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  });
  const header: Header = {
    format: FORMAT,
    version: RETRIEVAL_INDEX_FORMAT_VERSION,
    root: source.root,
    builtAtMs: source.builtAtMs,
    paths: source.files.map((file) => file.path),
    declaredNames: documents.map(joinedDeclaredNamesOf),
    imports: documents.map(joinedImportsOf),
    averageLengths: totals.map((total) => (documents.length === 0 ? 0 : total / documents.length)),
    sections: SECTION_ORDER.map((name, position) => ({ name, length: bodies[position]!.byteLength / elementBytes(name) })),
  };
  const json = encoder.encode(JSON.stringify(header));
  const start = align(PREFIX_WORDS * 4 + json.length);
  const total = bodies.reduce((offset, body) => align(offset + body.byteLength), start);
  const bytes = new Uint8Array(total);
  new Uint32Array(bytes.buffer, 0, PREFIX_WORDS).set([MAGIC, BYTE_ORDER_MARK, RETRIEVAL_INDEX_FORMAT_VERSION, json.length]);
  bytes.set(json, PREFIX_WORDS * 4);
  let offset = start;
  for (const body of bodies) {
    bytes.set(body, offset);
    offset = align(offset + body.byteLength);
  }
  return bytes;
}

/**
 * Reads stored bytes back: the segment, or `other-version` (an entry of
 * this cache in another format version) or `corrupt` (anything else that is
 * not an intact entry, another byte order included). Every number is
 * bounds-checked, so a damaged entry can never index outside its arrays;
 * it costs one pass over each array.
 */
export function decodeSegment(stored: Uint8Array): DecodedSegment {
  // Typed-array views need 8-byte alignment: a buffer read at an odd offset is copied once.
  const bytes = stored.byteOffset % 8 === 0 ? stored : stored.slice();
  if (bytes.byteLength < PREFIX_WORDS * 4) return { problem: 'corrupt' };
  const [magic, byteOrder, version, jsonLength] = new Uint32Array(bytes.buffer, bytes.byteOffset, PREFIX_WORDS) as unknown as [number, number, number, number];
  if (magic !== MAGIC || byteOrder !== BYTE_ORDER_MARK) return { problem: 'corrupt' };
  if (version !== RETRIEVAL_INDEX_FORMAT_VERSION) return { problem: 'other-version' };
  if (PREFIX_WORDS * 4 + jsonLength > bytes.byteLength) return { problem: 'corrupt' };
  let header: unknown;
  try {
    header = JSON.parse(decoder.decode(bytes.subarray(PREFIX_WORDS * 4, PREFIX_WORDS * 4 + jsonLength)));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TypeError) return { problem: 'corrupt' };
    throw error;
  }
  if (!isHeader(header)) return { problem: 'corrupt' };
  const views = viewsOf(bytes, align(PREFIX_WORDS * 4 + jsonLength), header.sections);
  if (views === null) return { problem: 'corrupt' };
  try {
    const segment = segmentOf(header, views);
    return segment === null ? { problem: 'corrupt' } : { segment };
  } catch (error) {
    if (error instanceof TypeError) return { problem: 'corrupt' };
    throw error;
  }
}

type Views = {
  ints: Record<(typeof INT_SECTIONS)[number], Int32Array>;
  floats: Record<(typeof FLOAT_SECTIONS)[number], Float64Array>;
  shorts: Record<(typeof SHORT_SECTIONS)[number], Uint16Array>;
  texts: Record<(typeof TEXT_SECTIONS)[number], string>;
};

function viewsOf(bytes: Uint8Array, start: number, sections: Header['sections']): Views | null {
  if (sections.length !== SECTION_ORDER.length || sections.some((section, position) => section.name !== SECTION_ORDER[position])) return null;
  const ints = {} as Views['ints'];
  const floats = {} as Views['floats'];
  const texts = {} as Views['texts'];
  const shorts = {} as Views['shorts'];
  let offset = start;
  for (const { name, length } of sections) {
    const byteLength = length * elementBytes(name);
    if (offset + byteLength > bytes.byteLength) return null;
    const at = bytes.byteOffset + offset;
    if ((INT_SECTIONS as readonly string[]).includes(name)) ints[name as keyof Views['ints']] = new Int32Array(bytes.buffer, at, length);
    else if ((FLOAT_SECTIONS as readonly string[]).includes(name)) floats[name as keyof Views['floats']] = new Float64Array(bytes.buffer, at, length);
    else if ((SHORT_SECTIONS as readonly string[]).includes(name)) shorts[name as keyof Views['shorts']] = new Uint16Array(bytes.buffer, at, length);
    else texts[name as keyof Views['texts']] = decoder.decode(bytes.subarray(offset, offset + byteLength));
    offset = align(offset + byteLength);
  }
  return offset === bytes.byteLength ? { ints, floats, shorts, texts } : null;
}

function segmentOf(header: Header, { ints, floats, shorts, texts }: Views): Segment | null {
  const fileCount = header.paths.length;
  const documentCount = header.declaredNames.length;
  if (header.imports.length !== documentCount || ints.fileStates.length !== fileCount || floats.fileSizes.length !== fileCount || floats.fileMtimes.length !== fileCount) return null;
  // Files in path order; documents are the indexed files, numbered in the same order.
  const files = new Map<string, SegmentFile>();
  const documentPaths: string[] = [];
  for (let number = 0; number < fileCount; number += 1) {
    const state = ints.fileStates[number]!;
    const path = header.paths[number]!;
    if (state >= 0 && state !== documentPaths.length) return null;
    if (state < -SKIP_REASONS.length) return null;
    if (state >= 0) documentPaths.push(path);
    files.set(path, { sizeBytes: floats.fileSizes[number]!, modifiedMs: floats.fileMtimes[number]!, state: state >= 0 ? state : SKIP_REASONS[-1 - state]! });
  }
  // A path listed twice leaves the map short.
  if (files.size !== fileCount || documentPaths.length !== documentCount) return null;
  const { termStarts, termNumbers, lengths, postingStarts, postingEntries } = ints;
  const { counts } = shorts;
  if (!isStarts(termStarts, documentCount, termNumbers.length) || counts.length !== termNumbers.length * FIELD_COUNT || lengths.length !== documentCount * FIELD_COUNT) return null;
  if (!isNonNegative(lengths)) return null;
  const vocabulary = openStringTable({ text: texts.vocabularyText, offsets: ints.vocabularyOffsets, slots: ints.vocabularySlots });
  if (vocabulary === null || !isBelow(termNumbers, vocabulary.size)) return null;
  if (!isStarts(postingStarts, vocabulary.size, termNumbers.length * 2)) return null;
  for (let entry = 0; entry < postingEntries.length; entry += 2) {
    const document = postingEntries[entry]!;
    if (document < 0 || document >= documentCount) return null;
    const position = postingEntries[entry + 1]!;
    if (position < 0 || position >= termStarts[document + 1]! - termStarts[document]!) return null;
  }
  const declaredBy = keyedListsFrom(texts.declaredText, ints.declaredOffsets, ints.declaredSlots, ints.declaredStarts, ints.declaredEntries, documentCount);
  const pathWords = keyedListsFrom(texts.pathWordText, ints.pathWordOffsets, ints.pathWordSlots, ints.pathWordStarts, ints.pathWordEntries, documentCount);
  if (declaredBy === null || pathWords === null) return null;
  const packed = { terms: vocabulary, termStarts, termNumbers, counts, lengths, declaredNames: header.declaredNames, imports: header.imports };
  const documents = documentPaths.map((path, number) => new PackedDocument(path, number, packed));
  const averageLengths = Object.fromEntries(RETRIEVAL_FIELDS.map((field, position) => [field, header.averageLengths[position]!])) as Record<RetrievalField, number>;
  return { root: header.root, builtAtMs: header.builtAtMs, files, documents, vocabulary, termStarts, termNumbers, postingStarts, postingEntries, declaredBy, pathWords, averageLengths };
}

/** The segment a build just wrote, as decodeSegment would read it back (without the round trip): for a cache that keeps it in memory. */
export function segmentFromSource(source: SegmentSource, averageLengths: Record<RetrievalField, number>): Segment {
  const files = new Map<string, SegmentFile>();
  for (const file of source.files) files.set(file.path, { sizeBytes: file.sizeBytes, modifiedMs: file.modifiedMs, state: file.state });
  const { root, builtAtMs, vocabulary, termStarts, termNumbers, postingStarts, postingEntries, declaredBy, pathWords } = source;
  return { root, builtAtMs, files, documents: [...source.documents], vocabulary, termStarts, termNumbers, postingStarts, postingEntries, declaredBy, pathWords, averageLengths };
}

/** The file name and directory words of a path a goal can name it by (see pathWordsOf); repeats are dropped by the caller. */
export function pathWordKeysOf(path: string): string[] {
  const { base, directories } = pathWordsOf(path);
  return base === null ? directories : [base, ...directories];
}

/**
 * Adds document `number` to `key`'s list. Documents are added in ascending
 * order, so a repeat (a path word that is also the file name) is the last one.
 */
export function addToList(lists: Map<string, number[]>, key: string, number: number): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, [number]);
  else if (list[list.length - 1] !== number) list.push(number);
}

/** The stored form of a key → documents map: a string table of the keys and their lists laid end to end. */
function keyedListsOf(lists: ReadonlyMap<string, readonly number[]>): { table: ReturnType<typeof buildStringTableParts>; starts: Int32Array; entries: Int32Array } {
  const keys = [...lists.keys()];
  const starts = new Int32Array(keys.length + 1);
  let total = 0;
  for (const [number, key] of keys.entries()) starts[number + 1] = total += lists.get(key)!.length;
  const entries = new Int32Array(total);
  for (const [number, key] of keys.entries()) entries.set(lists.get(key)!, starts[number]!);
  return { table: buildStringTableParts(keys), starts, entries };
}

function keyedListsFrom(text: string, offsets: Int32Array, slots: Int32Array, starts: Int32Array, entries: Int32Array, documentCount: number): DocumentsByKey | null {
  const table = openStringTable({ text, offsets, slots });
  if (table === null || !isStarts(starts, table.size, entries.length) || !isBelow(entries, documentCount)) return null;
  return {
    get(key) {
      const number = table.numberOf(key);
      return number < 0 ? undefined : entries.subarray(starts[number]!, starts[number + 1]!);
    },
  };
}

/** `starts` has `count + 1` non-decreasing offsets from 0 to `total`. */
function isStarts(starts: Int32Array, count: number, total: number): boolean {
  if (starts.length !== count + 1 || starts[0] !== 0 || starts[count] !== total) return false;
  for (let position = 0; position < count; position += 1) if (starts[position + 1]! < starts[position]!) return false;
  return true;
}

// Indexed loops, not for…of: over a million entries the iterator cost a warm build several milliseconds per array.
function isBelow(values: Int32Array, limit: number): boolean {
  for (let position = 0; position < values.length; position += 1) {
    const value = values[position]!;
    if (value < 0 || value >= limit) return false;
  }
  return true;
}

function isNonNegative(values: Int32Array): boolean {
  for (let position = 0; position < values.length; position += 1) if (values[position]! < 0) return false;
  return true;
}

function align(offset: number): number {
  return Math.ceil(offset / 8) * 8;
}

function isHeader(value: unknown): value is Header {
  if (typeof value !== 'object' || value === null) return false;
  const header = value as Record<string, unknown>;
  return (
    header.format === FORMAT &&
    header.version === RETRIEVAL_INDEX_FORMAT_VERSION &&
    typeof header.root === 'string' &&
    typeof header.builtAtMs === 'number' &&
    isStringArray(header.paths) &&
    isStringArray(header.declaredNames) &&
    isStringArray(header.imports) &&
    Array.isArray(header.averageLengths) &&
    header.averageLengths.length === FIELD_COUNT &&
    header.averageLengths.every((length) => typeof length === 'number' && length >= 0) &&
    Array.isArray(header.sections) &&
    header.sections.every((section: unknown) => typeof section === 'object' && section !== null && typeof (section as { name?: unknown }).name === 'string' && Number.isSafeInteger((section as { length?: unknown }).length) && ((section as { length: number }).length >= 0))
  );
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
