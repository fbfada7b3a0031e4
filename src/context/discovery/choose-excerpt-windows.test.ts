import { describe, expect, it } from 'vitest';
import { MERGE_GAP_LINES, WINDOW_LINES_AFTER, WINDOW_LINES_BEFORE, chooseExcerptWindows, findMatchedLines, mergeWindows, renderExcerpts } from './choose-excerpt-windows.js';

const numbered = (count: number) => Array.from({ length: count }, (_unused, index) => `line ${index + 1}`);
const bytesOf = (text: string) => new TextEncoder().encode(text).length;

describe('findMatchedLines', () => {
  const lines = ["import { parseConfig } from './config.js';", '// config loading', 'const x = parseConfig(raw);', 'export function parseConfig(raw: string) {', '  return JSON.parse(raw);', '}'];

  it('ranks focus lines, then definitions, then uses, then goal words', () => {
    expect(findMatchedLines(lines, { focus: new Set([5]), identifiers: ['parseConfig'], words: ['loading'] })).toEqual([5, 4, 1, 3, 2]);
  });

  it('matches goal words case-insensitively, inside identifiers when long enough', () => {
    expect(findMatchedLines(lines, { words: ['config'] })).toEqual([1, 2, 3, 4]);
    expect(findMatchedLines(['const raw = 1;', 'drawing()'], { words: ['raw'] })).toEqual([1]);
  });

  it('ignores focus lines outside the file and terms it does not hold', () => {
    expect(findMatchedLines(lines, { focus: new Set([0, 99]), identifiers: ['missing'], words: ['absent'] })).toEqual([]);
  });
});

describe('chooseExcerptWindows', () => {
  const lines = numbered(1000);

  it('takes a window around each matched line, in file order', () => {
    expect(chooseExcerptWindows(lines, [700, 100], 64 * 1024)).toEqual([
      { start: 100 - WINDOW_LINES_BEFORE, end: 100 + WINDOW_LINES_AFTER },
      { start: 700 - WINDOW_LINES_BEFORE, end: 700 + WINDOW_LINES_AFTER },
    ]);
  });

  it('merges windows that overlap or are close', () => {
    expect(chooseExcerptWindows(lines, [100, 110], 64 * 1024)).toEqual([{ start: 100 - WINDOW_LINES_BEFORE, end: 110 + WINDOW_LINES_AFTER }]);
    const gap = 100 + WINDOW_LINES_AFTER + MERGE_GAP_LINES + WINDOW_LINES_BEFORE + 1;
    expect(chooseExcerptWindows(lines, [100, gap], 64 * 1024)).toHaveLength(1);
    expect(chooseExcerptWindows(lines, [100, gap + 1], 64 * 1024)).toHaveLength(2);
  });

  it('is the head when nothing matched, as many whole lines as fit', () => {
    const [head] = chooseExcerptWindows(lines, [], 200);
    expect(head!.start).toBe(1);
    expect(bytesOf(renderExcerpts(lines, [head!], 10_000))).toBeLessThanOrEqual(200);
    expect(bytesOf(renderExcerpts(lines, [{ start: 1, end: head!.end + 1 }], 10_000))).toBeGreaterThan(200);
  });

  it('keeps the strongest lines when the budget is short, narrowing or dropping the weaker ones', () => {
    const budget = 600;
    const windows = chooseExcerptWindows(lines, [900, 100, 500], budget);
    expect(windows.some((window) => window.start <= 900 && 900 <= window.end)).toBe(true);
    expect(bytesOf(renderExcerpts(lines, windows, budget))).toBeLessThanOrEqual(budget);
  });
});

describe('renderExcerpts', () => {
  it('heads each window with its lines and the file\'s length', () => {
    const lines = numbered(900);
    expect(renderExcerpts(lines, [{ start: 120, end: 121 }, { start: 500, end: 500 }], 10_000)).toBe('… lines 120-121 of 900 …\nline 120\nline 121\n… lines 500-500 of 900 …\nline 500\n');
  });

  it('says when only the beginning of the file was read', () => {
    expect(renderExcerpts(numbered(900), [{ start: 10, end: 10 }], 10_000, true)).toBe('… lines 10-10 of the first 900 …\nline 10\n');
  });

  it('cuts a single huge window on a character boundary', () => {
    const text = renderExcerpts(['é'.repeat(10_000)], [{ start: 1, end: 1 }], 101);
    expect(bytesOf(text)).toBeLessThanOrEqual(101);
    expect(text).not.toContain('\uFFFD');
  });
});

describe('mergeWindows', () => {
  it('sorts and joins overlapping windows', () => {
    expect(mergeWindows([{ start: 50, end: 60 }, { start: 1, end: 10 }, { start: 8, end: 20 }])).toEqual([{ start: 1, end: 20 }, { start: 50, end: 60 }]);
  });
});
