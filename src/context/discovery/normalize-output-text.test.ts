import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, MAX_OUTPUT_CHARS, normalizeOutputLines, stripAnsi } from './normalize-output-text.js';

describe('normalizeOutputLines', () => {
  it('strips colours, hyperlinks and cursor moves, and splits CRLF and progress redraws', () => {
    const text = '\u001b[31msrc/a.ts\u001b[39m:\u001b[93m1\u001b[0m\r\n\u001b]8;;file:///x\u0007link\u001b]8;;\u0007\rprogress 50%\rdone\u001b[2K';
    expect(normalizeOutputLines(text)).toEqual(['src/a.ts:1', 'link', 'progress 50%', 'done']);
    expect(stripAnsi('\u001b[1m\u001b[41m FAIL \u001b[49m\u001b[22m')).toBe(' FAIL ');
  });

  it('drops control characters of binary garbage but keeps text', () => {
    expect(normalizeOutputLines('a\u0000b\u0007c\u001fd\ttab\u0085')).toEqual(['abcd\ttab']);
  });

  it('caps huge output (head and tail kept) and long lines', () => {
    const huge = `${'head\n'.repeat(10)}${'x'.repeat(MAX_OUTPUT_CHARS)}${'\ntail'.repeat(10)}`;
    const lines = normalizeOutputLines(huge);
    expect(lines[0]).toBe('head');
    expect(lines[lines.length - 1]).toBe('tail');
    expect(lines.every((line) => line.length <= MAX_LINE_CHARS)).toBe(true);
  });
});
