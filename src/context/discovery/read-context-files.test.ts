import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../core/index.js';
import { FakeRandom, fakePemKey } from '../../../test/support/fake-secrets.js';
import type { SourceReader } from './create-source-reader.js';
import type { RankedCandidate } from './rank-candidates.js';
import { WINDOW_LINES_AFTER, WINDOW_LINES_BEFORE, readContextFiles, windowsOf } from './read-context-files.js';

describe('windowsOf', () => {
  const content = Array.from({ length: 1000 }, (_unused, index) => `line ${index + 1}`).join('\n');

  it('shows merged windows around the interesting lines and says what it left out', () => {
    const text = windowsOf(content, new Set([100, 110, 700]), 64 * 1024);
    expect(text.startsWith(`… (lines 1–${100 - WINDOW_LINES_BEFORE - 1} omitted) …\nline ${100 - WINDOW_LINES_BEFORE}\n`)).toBe(true);
    expect(text).toContain(`line ${110 + WINDOW_LINES_AFTER}\n… (lines ${110 + WINDOW_LINES_AFTER + 1}–${700 - WINDOW_LINES_BEFORE - 1} omitted) …`);
    expect(text.endsWith(`… (lines ${700 + WINDOW_LINES_AFTER + 1}–1000 omitted) …\n`)).toBe(true);
  });

  it('shows the head when nothing is interesting, and never exceeds the budget by more than the last marker', () => {
    const text = windowsOf(content, new Set(), 200);
    expect(text.startsWith('line 1\n')).toBe(true);
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(200 + 40);
  });

  it('cuts a single huge window on a character boundary', () => {
    const text = windowsOf('é'.repeat(10_000), new Set([1]), 101);
    expect(text.startsWith('é'.repeat(50))).toBe(true);
    expect(text).not.toContain('\uFFFD');
  });
});

describe('readContextFiles with a redactor (issue 15, item 15)', () => {
  it('shows no key body in a window that starts below the key\'s header', async () => {
    const { pem, bodyLines } = fakePemKey(new FakeRandom(7), 'RSA PRIVATE KEY', 40_000);
    const content = `${pem}\nexport const marker = 1;\n`;
    const markerLine = content.split('\n').length - 1;
    const reader: SourceReader = {
      read: async (path) => ({ path, content, totalBytes: content.length, truncated: false }),
      cached: () => null,
      reads: 0,
    };
    const ranked: RankedCandidate[] = [{ path: 'src/keys.ts', score: 1, rawScore: 1, reason: 'direct', evidence: [] }];
    const focus = new Map([['src/keys.ts', new Set([markerLine])]]);
    const redactor = createRedactor();
    const unredacted = await readContextFiles({ reader, ranked, maxFiles: 1, focus });
    // Without the whole file the window holds body lines and no header: this is what leaked.
    expect(unredacted[0]!.content).not.toContain('BEGIN RSA PRIVATE KEY');
    expect(bodyLines.some((line) => unredacted[0]!.content.includes(line))).toBe(true);
    const [file] = await readContextFiles({ reader, ranked, maxFiles: 1, focus, redact: (text) => redactor.redact(text).text });
    expect(file!.content).toContain('export const marker = 1;');
    expect(bodyLines.filter((line) => file!.content.includes(line))).toEqual([]);
  });
});
