import { FIELD_COUNT, type IndexedDocument, RETRIEVAL_FIELDS, type RetrievalField } from './index-document.js';

/** Looks a term up by its number in a set of packed documents' own numbering. */
export interface TermsByNumber {
  readonly size: number;
  valueOf(number: number): string;
}

/**
 * Documents packed into flat arrays, as a cache entry holds them and as a
 * worker thread returns them: document `d`'s terms are the numbers
 * `termNumbers[termStarts[d] .. termStarts[d + 1])` into `terms`, their
 * counts FIELD_COUNT per term from `counts[termStarts[d] * FIELD_COUNT]`,
 * its field lengths FIELD_COUNT from `lengths[d * FIELD_COUNT]`, its
 * declared names joined by spaces (names never hold one) and its import
 * specifiers joined by line breaks (specifiers never hold one).
 */
export interface PackedDocuments {
  terms: TermsByNumber;
  termStarts: Int32Array;
  termNumbers: Int32Array;
  /** 16 bits are exact: see MAX_COUNT. */
  counts: Uint16Array;
  lengths: Int32Array;
  declaredNames: readonly string[];
  imports: readonly string[];
}

/**
 * A term count fits 16 bits exactly: a field of a file indexed by its first
 * MAX_INDEX_FILE_BYTES (128 KiB) holds at most 43,690 tokens of two
 * characters and a separator, below 65,535. Saturated, not wrapped, should
 * one ever be larger.
 */
export const MAX_COUNT = 0xffff;

/**
 * A document of packed documents. Its path is eager; everything else is
 * read from the arrays on first use: a query touches the counts and
 * lengths of the documents its terms hit, and nothing else.
 */
export class PackedDocument implements IndexedDocument {
  readonly path: string;
  /** Its number in `packed`. */
  readonly number: number;
  readonly packed: PackedDocuments;
  #terms: string[] | undefined;
  #lengths: Record<RetrievalField, number> | undefined;
  #declaredNames: string[] | undefined;
  #declared: Set<string> | undefined;
  #imports: string[] | undefined;

  constructor(path: string, number: number, packed: PackedDocuments) {
    this.path = path;
    this.number = number;
    this.packed = packed;
  }

  get terms(): string[] {
    const { termStarts, termNumbers, terms } = this.packed;
    this.#terms ??= Array.from(termNumbers.subarray(termStarts[this.number]!, termStarts[this.number + 1]!), (number) => terms.valueOf(number));
    return this.#terms;
  }

  get counts(): Uint16Array {
    const { termStarts, counts } = this.packed;
    return counts.subarray(termStarts[this.number]! * FIELD_COUNT, termStarts[this.number + 1]! * FIELD_COUNT);
  }

  get lengths(): Record<RetrievalField, number> {
    const { lengths } = this.packed;
    this.#lengths ??= Object.fromEntries(RETRIEVAL_FIELDS.map((field, position) => [field, lengths[this.number * FIELD_COUNT + position]!])) as Record<RetrievalField, number>;
    return this.#lengths;
  }

  get declaredNames(): string[] {
    const joined = this.packed.declaredNames[this.number]!;
    this.#declaredNames ??= joined === '' ? [] : joined.split(' ');
    return this.#declaredNames;
  }

  get declared(): Set<string> {
    this.#declared ??= new Set(this.declaredNames.map((name) => name.toLowerCase()));
    return this.#declared;
  }

  get imports(): string[] {
    const joined = this.packed.imports[this.number]!;
    this.#imports ??= joined === '' ? [] : joined.split('\n');
    return this.#imports;
  }
}

/**
 * Packs documents: their distinct terms numbered in first-seen order
 * (`vocabulary`), and the arrays of PackedDocuments.
 */
export function packDocuments(documents: readonly IndexedDocument[]): Omit<PackedDocuments, 'terms'> & { vocabulary: string[] } {
  const numbers = new Map<string, number>();
  const vocabulary: string[] = [];
  const arrays = packDocumentArrays(documents);
  const termNumbers = new Int32Array(arrays.termStarts[documents.length]!);
  let slot = 0;
  for (const document of documents) {
    for (const term of document.terms) {
      let termNumber = numbers.get(term);
      if (termNumber === undefined) {
        termNumber = vocabulary.length;
        numbers.set(term, termNumber);
        vocabulary.push(term);
      }
      termNumbers[slot++] = termNumber;
    }
  }
  return { vocabulary, termNumbers, ...arrays };
}

/** The arrays of PackedDocuments but the term numbers (see packDocuments), for a caller that numbers the terms its own way, in each document's `terms` order. */
export function packDocumentArrays(documents: readonly IndexedDocument[]): Omit<PackedDocuments, 'terms' | 'termNumbers'> {
  let entryCount = 0;
  for (const document of documents) entryCount += document.counts.length / FIELD_COUNT;
  const termStarts = new Int32Array(documents.length + 1);
  const counts = new Uint16Array(entryCount * FIELD_COUNT);
  const lengths = new Int32Array(documents.length * FIELD_COUNT);
  for (const [number, document] of documents.entries()) {
    termStarts[number + 1] = termStarts[number]! + document.counts.length / FIELD_COUNT;
    copyCounts(document.counts, counts, termStarts[number]! * FIELD_COUNT);
    copyLengths(document, lengths, number * FIELD_COUNT);
  }
  return { termStarts, counts, lengths, declaredNames: documents.map(joinedDeclaredNamesOf), imports: documents.map(joinedImportsOf) };
}

/** A document's field lengths into `into` from `offset`, in RETRIEVAL_FIELDS order: a packed document's as stored, without building its `lengths` record. */
export function copyLengths(document: IndexedDocument, into: Int32Array, offset: number): void {
  if (document instanceof PackedDocument) {
    const from = document.number * FIELD_COUNT;
    for (let field = 0; field < FIELD_COUNT; field += 1) into[offset + field] = document.packed.lengths[from + field]!;
    return;
  }
  for (let field = 0; field < FIELD_COUNT; field += 1) into[offset + field] = document.lengths[RETRIEVAL_FIELDS[field]!];
}

/** A document's declared names joined by spaces, as PackedDocuments keeps them (a packed document's are not split to be joined again). */
export function joinedDeclaredNamesOf(document: IndexedDocument): string {
  return document instanceof PackedDocument ? document.packed.declaredNames[document.number]! : document.declaredNames.join(' ');
}

/** A document's import specifiers joined by line breaks, as PackedDocuments keeps them. */
export function joinedImportsOf(document: IndexedDocument): string {
  return document instanceof PackedDocument ? document.packed.imports[document.number]! : document.imports.join('\n');
}

/** Copies counts into 16-bit slots from `offset`, saturating (see MAX_COUNT). */
export function copyCounts(from: ArrayLike<number>, into: Uint16Array, offset: number): void {
  // A packed document's counts are 16-bit already: one block copy.
  if (from instanceof Uint16Array) return into.set(from, offset);
  for (let position = 0; position < from.length; position += 1) into[offset + position] = Math.min(from[position]!, MAX_COUNT);
}
