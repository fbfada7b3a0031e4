import { describe, expect, it } from 'vitest';
import { OutputCapture, formatDroppedMarker } from './capture-output.js';

/** Pushes `bytes` into a fresh capture in chunks of `chunkSize` and finishes it. */
function capture(bytes: Uint8Array, maxOutputBytes: number, chunkSize = bytes.length || 1) {
  const output = new OutputCapture(maxOutputBytes);
  for (let offset = 0; offset < bytes.length; offset += chunkSize) output.push(bytes.subarray(offset, offset + chunkSize));
  return output.finish();
}

describe('OutputCapture', () => {
  it('keeps output that fits the budget unchanged, whatever the chunking', () => {
    const text = 'line one\nline two\nünïcödé 😀\n';
    const bytes = Buffer.from(text);
    for (const chunkSize of [1, 3, 7, bytes.length]) {
      expect(capture(bytes, bytes.length, chunkSize)).toEqual({ text, droppedBytes: 0 });
      expect(capture(bytes, 1024, chunkSize)).toEqual({ text, droppedBytes: 0 });
    }
  });

  it('returns an empty text for an empty stream', () => {
    expect(new OutputCapture(16).finish()).toEqual({ text: '', droppedBytes: 0 });
  });

  const dropCases = [
    { budget: 10, chunkSize: 1 },
    { budget: 10, chunkSize: 4 },
    { budget: 10, chunkSize: 15 },
    { budget: 10, chunkSize: 1000 },
    { budget: 11, chunkSize: 3 },
    { budget: 64, chunkSize: 9 },
  ];

  it.each(dropCases)('keeps head and tail of ASCII output (budget $budget, chunks of $chunkSize)', ({ budget, chunkSize }) => {
    const text = Array.from({ length: 1000 }, (_, index) => String.fromCharCode(65 + (index % 26))).join('');
    const headBytes = Math.ceil(budget / 2);
    const tailBytes = budget - headBytes;
    const result = capture(Buffer.from(text), budget, chunkSize);
    expect(result.droppedBytes).toBe(1000 - budget);
    expect(result.text).toBe(text.slice(0, headBytes) + formatDroppedMarker(1000 - budget) + text.slice(1000 - tailBytes));
  });

  it('keeps nothing but the marker with a zero budget', () => {
    expect(capture(Buffer.from('abc'), 0)).toEqual({ text: formatDroppedMarker(3), droppedBytes: 3 });
  });

  it.each([2, 3, 4, 5, 6, 7, 9, 13, 100])('never splits a multi-byte character at the seams (budget %i)', (budget) => {
    const text = 'é€😀a'.repeat(50);
    const bytes = Buffer.from(text);
    for (const chunkSize of [1, 5, bytes.length]) {
      const result = capture(bytes, budget, chunkSize);
      expect(result.text).not.toContain('\uFFFD');
      const marker = formatDroppedMarker(result.droppedBytes);
      const [head = '', tail = ''] = result.text.split(marker);
      expect(text.startsWith(head)).toBe(true);
      expect(text.endsWith(tail)).toBe(true);
      // Every byte is either kept or counted as dropped, and no more than the budget is kept.
      const keptBytes = Buffer.byteLength(head) + Buffer.byteLength(tail);
      expect(keptBytes + result.droppedBytes).toBe(bytes.length);
      expect(keptBytes).toBeLessThanOrEqual(budget);
      expect(keptBytes).toBeGreaterThan(budget - 2 * 4);
    }
  });

  it('holds memory to the budget for 100 MiB of output', () => {
    const chunk = Buffer.alloc(1024 * 1024);
    const budget = 64 * 1024;
    const output = new OutputCapture(budget);
    const before = process.memoryUsage().arrayBuffers;
    const iterations = 100;
    for (let iteration = 0; iteration < iterations; iteration += 1) {
      // Reusing one chunk with new content each time also catches a capture that keeps references instead of copies.
      chunk.fill(97 + (iteration % 26));
      output.push(chunk);
    }
    const growth = process.memoryUsage().arrayBuffers - before;
    const result = output.finish();
    expect(growth).toBeLessThan(16 * 1024 * 1024);
    const dropped = iterations * chunk.length - budget;
    expect(result.droppedBytes).toBe(dropped);
    const lastLetter = String.fromCharCode(97 + ((iterations - 1) % 26));
    expect(result.text).toBe('a'.repeat(budget / 2) + formatDroppedMarker(dropped) + lastLetter.repeat(budget / 2));
  });
});
