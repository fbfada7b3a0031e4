import { describe, expect, it } from 'vitest';
import type { MemoryEntry } from './memory-entry.js';
import { renderMemoryIndex } from './render-memory-index.js';

function entry(index: number, overrides: Partial<MemoryEntry> = {}): MemoryEntry {
  return { id: `20261202-0000${String(index).padStart(2, '0')}-abcdef`, scope: 'workspace', title: `Note ${index}`, text: 'x\n', tags: [], source: 'model', session: null, createdAt: '2026-12-02T00:00:00.000Z', updatedAt: '2026-12-02T00:00:00.000Z', ...overrides };
}

describe('renderMemoryIndex', () => {
  it('lists ids and titles newest first, marks quoted entries, and is empty without entries', () => {
    const text = renderMemoryIndex([entry(1), entry(2, { source: 'tool-result', title: 'Quoted\nline' })]);
    expect(text.split('\n').slice(2)).toEqual(['- 20261202-000002-abcdef: Quoted line (from a tool result)', '- 20261202-000001-abcdef: Note 1']);
    expect(renderMemoryIndex([])).toBe('');
  });

  it('stays within its byte budget and says how many more recall finds; the same entries give the same bytes', () => {
    const entries = Array.from({ length: 60 }, (_, index) => entry(index));
    const text = renderMemoryIndex(entries, 600);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(600);
    const shown = text.split('\n').filter((line) => line.startsWith('- ')).length;
    expect(text.endsWith(`\n${60 - shown} more entries not listed; recall with a query finds them.`)).toBe(true);
    expect(renderMemoryIndex([...entries].reverse(), 600)).toBe(text);
  });
});
