import type { ParallelTask } from '../../../core/index.js';
import { FIELD_COUNT, type IndexedDocument, indexDocument, indexDocumentWithIds } from './index-document.js';
import type { SkipReason } from './index-segment.js';
import { unindexableReason } from './is-indexable-source.js';
import { PackedDocument, type PackedDocuments, type TermsByNumber, packDocumentArrays, packDocuments } from './packed-documents.js';
import { termIdGeneration, termsById } from './tokenize-code.js';

/**
 * Files to index, as one `fs.readFiles` read them: file `i` is `paths[i]`,
 * its bytes (UTF-8, undecoded) `data[starts[i], starts[i + 1])`. Bytes, not
 * strings: the batch crosses to another thread as one buffer copy, and the
 * decoding is done there.
 */
export interface IndexBatchInput {
  paths: string[];
  data: Uint8Array;
  starts: Int32Array;
  /**
   * Names the build the batch is part of: a thread then numbers the terms
   * of that build's batches once, across batches (see IndexBatchOutput), so
   * each term crosses back once per thread rather than once per batch.
   */
  build?: string;
}

/** Why each file of a batch is left out, by number (SKIP_CODES): INDEXED when it is in the index. */
const SKIP_CODES: readonly SkipReason[] = ['binary', 'minified', 'generated'];
const INDEXED = -1;

/** What a thread returns: the indexed files' documents packed (see PackedDocuments), their new terms one string, and each file's skip code. */
export interface IndexBatchOutput extends Omit<PackedDocuments, 'terms'> {
  /**
   * null: `termNumbers` number the batch's own terms, all in `vocabulary`.
   * Otherwise the thread's numbering of the build's terms, shared by the
   * batches of that build it indexes (until its term ids start over, when
   * it names a new one): `vocabulary` holds only the terms this batch adds,
   * numbered from `firstTerm` on; the earlier ones came with earlier batches.
   */
  numbering: string | null;
  firstTerm: number;
  /** Terms in number order from `firstTerm`, joined by line breaks (terms never hold one). */
  vocabulary: string;
  /** Per file of the input: INDEXED, or the SKIP_CODES number of why it is left out. */
  skips: Int8Array;
}

/** A file of a batch: its document, or why it is left out. */
export type BatchFile = { document: IndexedDocument } | { skipped: SkipReason };

// As Buffer#toString does: invalid sequences become U+FFFD, and a BOM is kept (it is part of the content).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes and indexes each file of a batch, leaving out what unindexableReason rejects; with `ids`, each document's term ids are pushed onto it (see indexDocumentWithIds). */
export function indexContents(input: IndexBatchInput, ids: number[] | null = null): BatchFile[] {
  return input.paths.map((path, number) => {
    const content = decoder.decode(input.data.subarray(input.starts[number]!, input.starts[number + 1]!));
    const reason = unindexableReason(content);
    if (reason !== null) return { skipped: reason };
    return { document: ids === null ? indexDocument(path, content) : indexDocumentWithIds(path, content, ids) };
  });
}

/** Tells this thread's numberings from another thread's. */
const THREAD_KEY = Math.random().toString(36).slice(2);
/** The numbering of the build this thread indexed last (see IndexBatchOutput.numbering). */
let numbering: { key: string; build: string; generation: number; size: number } | null = null;
let numberingSerial = 0;
/** Per term id (see termsById): the serial of the numbering that numbered it, and its number there. */
let numberedIn = new Int32Array(0);
let numberOfId = new Int32Array(0);

/**
 * Indexes a batch of files (indexContents), the documents packed into flat
 * arrays (the typed arrays go back to the caller without a copy; strings
 * would be copied one by one). With `build`, terms are numbered by the
 * build's numbering on this thread (their tokenizer ids mapped through two
 * arrays: no term is hashed again), and only the terms new to it are sent.
 * Pure but for that numbering: it is what a worker thread runs, see
 * INDEX_BATCH_TASK.
 */
export function indexBatch(input: IndexBatchInput): IndexBatchOutput {
  const generation = termIdGeneration();
  const ids: number[] = [];
  const files = indexContents(input, input.build === undefined ? null : ids);
  const skips = Int8Array.from(files, (file) => ('skipped' in file ? SKIP_CODES.indexOf(file.skipped) : INDEXED));
  const documents = files.flatMap((file) => ('document' in file ? [file.document] : []));
  // Ids started over during the batch (or no build was named): the batch numbers its own terms.
  if (input.build === undefined || termIdGeneration() !== generation) {
    const { vocabulary, ...packed } = packDocuments(documents);
    return { ...packed, numbering: null, firstTerm: 0, vocabulary: vocabulary.join('\n'), skips };
  }
  if (numbering === null || numbering.build !== input.build || numbering.generation !== generation) {
    numberingSerial += 1;
    numbering = { key: `${THREAD_KEY}/${numberingSerial}`, build: input.build, generation, size: 0 };
  }
  if (numberedIn.length < termsById.length) {
    const size = Math.max(termsById.length, numberedIn.length * 2);
    const grownIn = new Int32Array(size);
    grownIn.set(numberedIn);
    const grownNumbers = new Int32Array(size);
    grownNumbers.set(numberOfId);
    numberedIn = grownIn;
    numberOfId = grownNumbers;
  }
  const firstTerm = numbering.size;
  const added: string[] = [];
  const termNumbers = new Int32Array(ids.length);
  for (let entry = 0; entry < ids.length; entry += 1) {
    const id = ids[entry]!;
    if (numberedIn[id] !== numberingSerial) {
      numberedIn[id] = numberingSerial;
      numberOfId[id] = numbering.size;
      numbering.size += 1;
      added.push(termsById[id]!);
    }
    termNumbers[entry] = numberOfId[id]!;
  }
  return { ...packDocumentArrays(documents), termNumbers, numbering: numbering.key, firstTerm, vocabulary: added.join('\n'), skips };
}

/** indexBatch, named for a ParallelService. */
export const INDEX_BATCH_TASK: ParallelTask = { moduleUrl: import.meta.url, exportName: 'indexBatch' };

/** The terms of the thread numberings one build has met, by IndexBatchOutput.numbering, filled as the batches come back; one view of each for all its batches. */
export type BatchNumberings = Map<string, { terms: string[]; view: TermsByNumber }>;

/**
 * The files of a batch's output, one per path in `paths` (the batch's files
 * in order), or null when the output does not have their shape or does not
 * follow on from the batches of its numbering already unpacked into `numberings`
 * (then nothing is added to it).
 */
export function unpackBatch(output: IndexBatchOutput, paths: readonly string[], numberings: BatchNumberings): BatchFile[] | null {
  const { termStarts, termNumbers, counts, lengths, declaredNames, imports, skips } = output;
  if (!(skips instanceof Int8Array) || skips.length !== paths.length) return null;
  let count = 0;
  for (const code of skips) {
    if (code === INDEXED) count += 1;
    else if (code < 0 || code >= SKIP_CODES.length) return null;
  }
  const isShaped =
    termStarts instanceof Int32Array &&
    termNumbers instanceof Int32Array &&
    counts instanceof Uint16Array &&
    lengths instanceof Int32Array &&
    typeof output.vocabulary === 'string' &&
    (output.numbering === null || typeof output.numbering === 'string') &&
    termStarts.length === count + 1 &&
    termStarts[count] === termNumbers.length &&
    counts.length === termNumbers.length * FIELD_COUNT &&
    lengths.length === count * FIELD_COUNT &&
    declaredNames.length === count &&
    imports.length === count;
  if (!isShaped) return null;
  const added = output.vocabulary === '' ? [] : output.vocabulary.split('\n');
  const known = output.numbering === null ? undefined : numberings.get(output.numbering);
  // Batches of one numbering come back in the order the thread indexed them: this one must start where the last ended.
  if (output.firstTerm !== (known?.terms.length ?? 0)) return null;
  const limit = output.firstTerm + added.length;
  for (let entry = 0; entry < termNumbers.length; entry += 1) {
    const number = termNumbers[entry]!;
    if (number < 0 || number >= limit) return null;
  }
  let terms: TermsByNumber = termsByNumberOf(added);
  if (output.numbering !== null) {
    if (known === undefined) numberings.set(output.numbering, { terms: added, view: terms });
    else {
      for (const term of added) known.terms.push(term);
      terms = known.view;
    }
  }
  const packed: PackedDocuments = { terms, termStarts, termNumbers, counts, lengths, declaredNames, imports };
  let number = 0;
  return paths.map((path, position) => (skips[position] === INDEXED ? { document: new PackedDocument(path, number++, packed) } : { skipped: SKIP_CODES[skips[position]!]! }));
}

/** The terms as numbered, read live: a numbering's array grows as later batches come back. */
function termsByNumberOf(terms: string[]): TermsByNumber {
  return {
    get size() {
      return terms.length;
    },
    valueOf: (number) => terms[number]!,
  };
}
