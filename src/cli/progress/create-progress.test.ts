import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress, PLAIN_HEARTBEAT_MS, PLAIN_UPDATE_MS, SLOW_STEP_MS, type ProgressMode } from './create-progress.js';

const CLEAR = '\r\u001b[2K';

/** A progress over a buffer, on fake timers whose clock is also the progress's clock. */
function bufferProgress(mode: ProgressMode, columns?: number) {
  const written: string[] = [];
  const stream = { write: (text: string) => written.push(text), ...(columns === undefined ? {} : { columns }) };
  const progress = createProgress({ stream, mode, now: () => Date.now() });
  return { progress, written, text: () => written.join('') };
}

describe('createProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plain: a quick step says nothing; a slow one is announced once it has lasted a second, then says it is still running', () => {
    const { progress, text } = bufferProgress('plain');
    const quick = progress.begin('indexing');
    vi.advanceTimersByTime(SLOW_STEP_MS - 10);
    quick.end();
    expect(text()).toBe('');

    const slow = progress.begin('waiting for the model');
    vi.advanceTimersByTime(SLOW_STEP_MS);
    expect(text()).toBe('waiting for the model …\n');
    vi.advanceTimersByTime(PLAIN_HEARTBEAT_MS);
    expect(text()).toMatch(/waiting for the model … still running \(31 s\)\n$/);
    slow.end('done (31.0 s)');
    expect(text()).toMatch(/done \(31\.0 s\)\n$/);
    // Ended: no timer writes any more.
    const length = text().length;
    vi.advanceTimersByTime(PLAIN_HEARTBEAT_MS * 3);
    expect(text()).toHaveLength(length);
    expect(text()).not.toContain('\r');
  });

  it('plain: `now` prints the label at once; updates are printed at most every few seconds', () => {
    const { progress, written } = bufferProgress('plain');
    const step = progress.begin('running npm test', { announce: 'now' });
    expect(written).toEqual(['running npm test …\n']);
    step.update('1/10 files');
    expect(written).toHaveLength(1);
    vi.advanceTimersByTime(PLAIN_UPDATE_MS);
    step.update('5/10 files');
    step.update('6/10 files');
    expect(written).toEqual(['running npm test …\n', 'running npm test 5/10 files\n']);
    step.end((elapsedMs) => `✓ npm test (${(elapsedMs / 1000).toFixed(1)} s)`);
    expect(written.at(-1)).toBe('✓ npm test (5.0 s)\n');
  });

  it('live: draws a frame in place with the elapsed time after a second, redraws it, and clears it when the step ends', () => {
    const { progress, written, text } = bufferProgress('live');
    const step = progress.begin('running npm test');
    expect(written).toEqual([`${CLEAR}⠋ running npm test`]);
    vi.advanceTimersByTime(SLOW_STEP_MS + 100);
    expect(written.at(-1)!.startsWith(CLEAR)).toBe(true);
    expect(written.at(-1)!.slice(CLEAR.length)).toMatch(/^. running npm test · 1 s$/);
    step.update('3/9 files');
    vi.advanceTimersByTime(100);
    expect(written.at(-1)).toMatch(/ running npm test 3\/9 files · 1 s$/);
    step.end('✓ npm test: passed (1.1 s)');
    expect(text().endsWith(`${CLEAR}✓ npm test: passed (1.1 s)\n`)).toBe(true);
    const length = written.length;
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(length);
  });

  it('live: another write clears the frame first and draws it again after, so a warning never lands inside a frame', () => {
    const { progress, written } = bufferProgress('live');
    const other: string[] = [];
    const sink = progress.sink({ write: (text: string) => written.push(`[other]${text}`) && other.push(text), isTTY: true });
    progress.begin('waiting for the model');
    written.length = 0;
    sink.write('warning: x\n');
    expect(written).toEqual([CLEAR, '[other]warning: x\n', `${CLEAR}⠋ waiting for the model`]);
    expect((sink as { isTTY?: boolean }).isTTY).toBe(true);
    progress.close();
    expect(written.at(-1)).toBe(CLEAR);
  });

  it('live: a frame is cut to the terminal width; a label cannot carry control characters or newlines', () => {
    const { progress, written } = bufferProgress('live', 30);
    progress.begin(`running ${'x'.repeat(50)}\n\u001b[2Jevil`);
    const frame = written.at(-1)!.slice(CLEAR.length);
    expect([...frame]).toHaveLength(29);
    expect(frame.endsWith('…')).toBe(true);
    expect(frame).not.toContain('\n');
    expect(frame).not.toContain('\u001b');
  });

  it('off: nothing is written, whatever is asked', () => {
    const { progress, written } = bufferProgress('off');
    const step = progress.begin('running npm test', { announce: 'now' });
    step.update('1/2');
    vi.advanceTimersByTime(PLAIN_HEARTBEAT_MS * 2);
    step.end('done');
    progress.around(() => undefined);
    progress.close();
    expect(written).toEqual([]);
  });

  it('the newest open step is the one drawn; ending it shows the one before', () => {
    const { progress, written } = bufferProgress('live');
    progress.begin('running npm test');
    const inner = progress.begin('indexing');
    expect(written.at(-1)).toContain('indexing');
    inner.end();
    expect(written.at(-1)).toContain('running npm test');
  });
});
