import { describe, expect, it } from 'vitest';
import { WINDOW_LINES_AFTER, WINDOW_LINES_BEFORE, windowsOf } from './read-context-files.js';

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
