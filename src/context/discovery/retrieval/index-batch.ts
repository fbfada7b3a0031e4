import type { ParallelTask } from '../../../core/index.js';
import { FIELD_COUNT, type IndexedDocument, indexDocument } from './index-document.js';
import type { SkipReason } from './index-segment.js';
import { unindexableReason } from './is-indexable-source.js';
import { PackedDocument, type PackedDocuments, packDocuments } from './packed-documents.js';

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
}

/** Why each file of a batch is left out, by number (SKIP_CODES): INDEXED when it is in the index. */
const SKIP_CODES: readonly SkipReason[] = ['binary', 'minified', 'generated'];
const INDEXED = -1;

/** What a thread returns: the indexed files' documents packed (see PackedDocuments), their terms one string, and each file's skip code. */
export interface IndexBatchOutput extends Omit<PackedDocuments, 'terms'> {
  /** The batch's distinct terms in number order, joined by line breaks (terms never hold one). */
  vocabulary: string;
  /** Per file of the input: INDEXED, or the SKIP_CODES number of why it is left out. */
  skips: Int8Array;
}

/** A file of a batch: its document, or why it is left out. */
export type BatchFile = { document: IndexedDocument } | { skipped: SkipReason };

// As Buffer#toString does: invalid sequences become U+FFFD, and a BOM is kept (it is part of the content).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes and indexes each file of a batch, leaving out what unindexableReason rejects. */
export function indexContents(input: IndexBatchInput): BatchFile[] {
  return input.paths.map((path, number) => {
    const content = decoder.decode(input.data.subarray(input.starts[number]!, input.starts[number + 1]!));
    const reason = unindexableReason(content);
    return reason === null ? { document: indexDocument(path, content) } : { skipped: reason };
  });
}

/**
 * Indexes a batch of files (indexContents), the documents packed into flat
 * arrays (the typed arrays go back to the caller without a copy; strings
 * would be copied one by one). Pure: it is what a worker thread runs, see
 * INDEX_BATCH_TASK.
 */
export function indexBatch(input: IndexBatchInput): IndexBatchOutput {
  const files = indexContents(input);
  const skips = Int8Array.from(files, (file) => ('skipped' in file ? SKIP_CODES.indexOf(file.skipped) : INDEXED));
  const { vocabulary, ...packed } = packDocuments(files.flatMap((file) => ('document' in file ? [file.document] : [])));
  return { ...packed, vocabulary: vocabulary.join('\n'), skips };
}

/** indexBatch, named for a ParallelService. */
export const INDEX_BATCH_TASK: ParallelTask = { moduleUrl: import.meta.url, exportName: 'indexBatch' };

/**
 * The files of a batch's output, one per path in `paths` (the batch's files
 * in order), or null when the output does not have their shape.
 */
export function unpackBatch(output: IndexBatchOutput, paths: readonly string[]): BatchFile[] | null {
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
    termStarts.length === count + 1 &&
    termStarts[count] === termNumbers.length &&
    counts.length === termNumbers.length * FIELD_COUNT &&
    lengths.length === count * FIELD_COUNT &&
    declaredNames.length === count &&
    imports.length === count;
  if (!isShaped) return null;
  const terms = output.vocabulary === '' ? [] : output.vocabulary.split('\n');
  for (const number of termNumbers) if (number < 0 || number >= terms.length) return null;
  const packed: PackedDocuments = { terms: { size: terms.length, valueOf: (number) => terms[number]! }, termStarts, termNumbers, counts, lengths, declaredNames, imports };
  let number = 0;
  return paths.map((path, position) => (skips[position] === INDEXED ? { document: new PackedDocument(path, number++, packed) } : { skipped: SKIP_CODES[skips[position]!]! }));
}
