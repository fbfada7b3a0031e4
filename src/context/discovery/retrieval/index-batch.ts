import type { ParallelTask } from '../../../core/index.js';
import { FIELD_COUNT, indexDocument } from './index-document.js';
import { PackedDocument, type PackedDocuments, packDocuments } from './packed-documents.js';

/** Files to index on another thread: each path with its content as read through the runtime. */
export interface IndexBatchInput {
  files: { path: string; content: string }[];
}

/** What a thread returns: the files' documents packed (see PackedDocuments), their terms one string. */
export interface IndexBatchOutput extends Omit<PackedDocuments, 'terms'> {
  /** The batch's distinct terms in number order, joined by line breaks (terms never hold one). */
  vocabulary: string;
}

/**
 * Indexes a batch of files: indexDocument on each, packed into flat arrays
 * (the typed arrays go back to the caller without a copy; strings would be
 * copied one by one). Pure: it is what a worker thread runs, see INDEX_BATCH_TASK.
 */
export function indexBatch(input: IndexBatchInput): IndexBatchOutput {
  const { vocabulary, ...packed } = packDocuments(input.files.map((file) => indexDocument(file.path, file.content)));
  return { ...packed, vocabulary: vocabulary.join('\n') };
}

/** indexBatch, named for a ParallelService. */
export const INDEX_BATCH_TASK: ParallelTask = { moduleUrl: import.meta.url, exportName: 'indexBatch' };

/**
 * The documents of a batch's output, one per path in `paths` (the batch's
 * files in order), or null when the output does not have their shape.
 */
export function unpackBatch(output: IndexBatchOutput, paths: readonly string[]): PackedDocument[] | null {
  const { termStarts, termNumbers, counts, lengths, declaredNames, imports } = output;
  const count = paths.length;
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
  return paths.map((path, number) => new PackedDocument(path, number, packed));
}
