import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../core/index.js';
import { FakeRandom, fakePemKey } from '../../../test/support/fake-secrets.js';
import type { SourceReader } from './create-source-reader.js';
import type { RankedCandidate } from './rank-candidates.js';
import { MAX_FILE_CONTEXT_BYTES, excerptsOf, readContextFiles } from './read-context-files.js';

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

describe('excerptsOf', () => {
  const lines = Array.from({ length: 900 }, (_unused, index) => `const value${index + 1} = ${index + 1};`);
  lines[119] = 'export function refreshToken(session: Session) {';
  const content = lines.join('\n');

  it('shows the window around a goal identifier, not the head', () => {
    const excerpts = excerptsOf(content, { identifiers: ['refreshToken'] }, MAX_FILE_CONTEXT_BYTES);
    expect(excerpts.windows).toHaveLength(1);
    expect(excerpts.content.startsWith(`… lines ${excerpts.windows[0]!.start}-${excerpts.windows[0]!.end} of 900 …\n`)).toBe(true);
    expect(excerpts.content).toContain('export function refreshToken(session: Session) {');
    expect(excerpts.content).not.toContain('const value1 = 1;');
  });

  it('shows the head when nothing matched', () => {
    const excerpts = excerptsOf(content, { identifiers: ['absentName'], words: ['nowhere'] }, 1024);
    expect(excerpts.windows[0]!.start).toBe(1);
    expect(excerpts.content).toContain('const value1 = 1;');
    expect(new TextEncoder().encode(excerpts.content).length).toBeLessThanOrEqual(1024);
  });
});
