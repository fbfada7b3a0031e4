import { describe, expect, it } from 'vitest';
import { type BatchFile, type BatchNumberings, type IndexBatchInput, indexBatch, indexContents, unpackBatch } from './index-batch.js';
import { RETRIEVAL_FIELDS, termCountsOf } from './index-document.js';

const encoder = new TextEncoder();

function batchOf(files: Record<string, string>, build?: string): IndexBatchInput {
  const paths = Object.keys(files);
  const bytes = paths.map((path) => encoder.encode(files[path]!));
  const starts = new Int32Array(paths.length + 1);
  bytes.forEach((content, number) => (starts[number + 1] = starts[number]! + content.length));
  const data = new Uint8Array(starts[paths.length]!);
  bytes.forEach((content, number) => data.set(content, starts[number]!));
  return { paths, data, starts, ...(build === undefined ? {} : { build }) };
}

/** What a file of a batch holds, field by field, whatever its form. */
const contentsOf = (files: readonly BatchFile[]) =>
  files.map((file) => ('skipped' in file ? file.skipped : [file.document.path, file.document.terms, RETRIEVAL_FIELDS.map((field) => [...termCountsOf(file.document, field)]), file.document.declaredNames, file.document.imports]));

const FIRST = {
  'src/ledger.ts': "import { round } from './math.js';\n/** Posts a ledger entry. */\nexport function postLedgerEntry(amount: number) {\n  return round(amount);\n}\n",
  'src/invoice.ts': '// Sums the invoice lines.\nexport function invoiceTotal(lines: number[]) {\n  return lines.length;\n}\n',
};
const SECOND = {
  'src/refund.ts': '/** Refunds a ledger entry in part. */\nexport function refundLedgerEntry(amount: number) {\n  return -amount;\n}\n',
  'src/bundle.js': `var a=${'1+'.repeat(2_000)}1;`,
};

describe('indexBatch with a build named (issue 17: terms numbered once per thread)', () => {
  it('sends each term once across the batches of a build, and unpacks them to what indexContents gives', () => {
    const build = `test-${Math.random()}`;
    const first = indexBatch(batchOf(FIRST, build));
    const second = indexBatch(batchOf(SECOND, build));
    expect(first.numbering).not.toBeNull();
    expect(second.numbering).toBe(first.numbering);
    expect(second.firstTerm).toBe(first.vocabulary.split('\n').length);
    // `ledger` and `entry` came with the first batch: the second does not send them again.
    const sentAgain = second.vocabulary.split('\n').filter((term) => first.vocabulary.split('\n').includes(term));
    expect(sentAgain).toEqual([]);
    expect(first.vocabulary.split('\n')).toEqual(expect.arrayContaining(['ledger', 'entry']));

    const numberings: BatchNumberings = new Map();
    const firstFiles = unpackBatch(first, Object.keys(FIRST), numberings)!;
    const secondFiles = unpackBatch(second, Object.keys(SECOND), numberings)!;
    expect(contentsOf(firstFiles)).toEqual(contentsOf(indexContents(batchOf(FIRST))));
    expect(contentsOf(secondFiles)).toEqual(contentsOf(indexContents(batchOf(SECOND))));
    expect(secondFiles[1]).toEqual({ skipped: 'minified' });
  });

  it('refuses a batch that does not follow on from those of its numbering already unpacked', () => {
    const build = `test-${Math.random()}`;
    indexBatch(batchOf(FIRST, build));
    const second = indexBatch(batchOf(SECOND, build));
    // The first batch never reached this side: the second names terms it never received.
    const numberings: BatchNumberings = new Map();
    expect(unpackBatch(second, Object.keys(SECOND), numberings)).toBeNull();
    expect(numberings.size).toBe(0);
  });

  it('numbers each batch on its own without a build, and starts a new numbering for another build', () => {
    const alone = indexBatch(batchOf(FIRST));
    expect(alone.numbering).toBeNull();
    expect(contentsOf(unpackBatch(alone, Object.keys(FIRST), new Map())!)).toEqual(contentsOf(indexContents(batchOf(FIRST))));
    const one = indexBatch(batchOf(FIRST, `test-${Math.random()}`));
    const other = indexBatch(batchOf(SECOND, `test-${Math.random()}`));
    expect(other.numbering).not.toBe(one.numbering);
    expect(other.firstTerm).toBe(0);
    expect(other.vocabulary.split('\n')).toEqual(expect.arrayContaining(['ledger', 'entry']));
  });
});
