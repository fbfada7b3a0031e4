import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchMatch } from '../../core/index.js';
import { MAX_MATCH_TEXT_CHARS } from './match-text.js';
import { LONG_JSON_LINE_BYTES } from './parse-long-match-line.js';
import { createRipgrepJsonReader } from './ripgrep-json-reader.js';

/** A `match` message shaped like ripgrep's (serde_json escapes exactly what JSON.stringify escapes here). */
function matchMessage(path: string, lineNumber: number, line: string, byteStart: number): string {
  return JSON.stringify({
    type: 'match',
    data: {
      path: { text: path },
      lines: { text: line },
      line_number: lineNumber,
      absolute_offset: 0,
      submatches: [{ match: { text: 'q' }, start: byteStart, end: byteStart + 1 }],
    },
  });
}

function endMessage(path: string, binaryOffset: number | null): string {
  return JSON.stringify({ type: 'end', data: { path: { text: path }, binary_offset: binaryOffset, stats: {} } });
}

/** Feeds `output` to a reader in chunks cut at `cuts` and returns what it handed over. */
function read(output: string, cuts: readonly number[] = []): { files: SearchMatch[][]; sawSummary: boolean } {
  const files: SearchMatch[][] = [];
  const reader = createRipgrepJsonReader((matches) => files.push(matches));
  const bytes = Buffer.from(output, 'utf8');
  const positions = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((left, right) => left - right);
  let previous = 0;
  for (const position of [...positions, bytes.length]) {
    reader.push(bytes.subarray(previous, position));
    previous = position;
  }
  return { files, sawSummary: reader.sawSummary };
}

const LINE_PIECES = fc.constantFrom('a', 'é', '😀', '"', '\\', '\t', '\u0001', '/', ' ', 'x'.repeat(300), '中');

describe('createRipgrepJsonReader', () => {
  it('decodes columns and capped text the same on the short and the long path, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.array(LINE_PIECES, { maxLength: 40 }), fc.array(LINE_PIECES, { maxLength: 40 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 6 }), (before, after, padLong, cuts) => {
        const head = before.join('');
        const tail = after.join('') + (padLong ? 'z'.repeat(LONG_JSON_LINE_BYTES) : '');
        const line = `${head}q${tail}\n`;
        const output = `${matchMessage('./dir/a b.txt', 7, line, Buffer.byteLength(head))}\n${endMessage('./dir/a b.txt', null)}\n`;
        const { files } = read(output, cuts);
        const expectedText = `${head}q${tail}`.slice(0, MAX_MATCH_TEXT_CHARS);
        expect(files).toHaveLength(1);
        const [match] = files[0] ?? [];
        expect(match?.path).toBe('dir/a b.txt');
        expect(match?.line).toBe(7);
        expect(match?.column).toBe(head.length + 1);
        // The cap never splits a surrogate pair, so the text may be one unit shorter.
        expect(expectedText.startsWith(match?.text ?? '\0')).toBe(true);
        expect(expectedText.length - (match?.text.length ?? 0)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it.each([
    ['six-byte escapes', '\u0001'],
    ['two-byte escapes', '"'],
    ['four-byte characters', '😀'],
  ])('keeps a full capped text on the long path when the line is all %s', (_name, unit) => {
    const head = unit.repeat(MAX_MATCH_TEXT_CHARS + 10);
    const line = `${head}q${'z'.repeat(LONG_JSON_LINE_BYTES)}\n`;
    const { files } = read(`${matchMessage('./x', 1, line, Buffer.byteLength(head))}\n${endMessage('./x', null)}\n`);
    expect(files[0]?.[0]?.text).toBe(head.slice(0, MAX_MATCH_TEXT_CHARS));
    expect(files[0]?.[0]?.column).toBe(head.length + 1);
  });

  it('drops the matches of a file that ripgrep found binary after printing them', () => {
    const output = [matchMessage('./bin.dat', 1, 'q\n', 0), endMessage('./bin.dat', 4096), matchMessage('./ok.txt', 2, 'q\n', 0), endMessage('./ok.txt', null), '{"type":"summary","data":{}}', ''].join('\n');
    const { files, sawSummary } = read(output);
    expect(files).toEqual([[{ path: 'ok.txt', line: 2, column: 1, text: 'q' }]]);
    expect(sawSummary).toBe(true);
  });

  it('reads paths and lines that ripgrep sends as base64 bytes (invalid UTF-8)', () => {
    const pathBytes = Buffer.from([0x2e, 0x2f, 0x62, 0xff, 0x2e, 0x74]).toString('base64');
    const lineBytes = Buffer.concat([Buffer.from([0xff, 0xfe, 0x20]), Buffer.from('q\r\n')]).toString('base64');
    const message = JSON.stringify({ type: 'match', data: { path: { bytes: pathBytes }, lines: { bytes: lineBytes }, line_number: 3, submatches: [{ start: 3 }] } });
    const { files } = read(`${message}\n${JSON.stringify({ type: 'end', data: { path: { bytes: pathBytes }, binary_offset: null } })}\n`);
    expect(files).toEqual([[{ path: 'b\ufffd.t', line: 3, column: 4, text: '\ufffd\ufffd q' }]]);
  });

  it('rejects output that is not JSON', () => {
    const reader = createRipgrepJsonReader(() => undefined);
    expect(() => reader.push(Buffer.from('not json\n'))).toThrow();
  });
});
