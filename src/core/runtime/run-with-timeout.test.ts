import { describe, expect, it } from 'vitest';
import { BrassError } from '../errors/brass-error.js';
import { MAX_TIMER_MS, clampTimerMs, runWithTimeout } from './run-with-timeout.js';

describe('runWithTimeout', () => {
  it('returns the value of a task that finishes in time', async () => {
    await expect(runWithTimeout(async () => 42, { timeoutMs: 1_000, label: 'task' })).resolves.toBe(42);
  });

  it('settles with a timeout error even when the task ignores its signal', async () => {
    let sawAbort = false;
    const never = (signal: AbortSignal) =>
      new Promise<never>(() => {
        signal.addEventListener('abort', () => (sawAbort = true));
      });
    const error = await runWithTimeout(never, { timeoutMs: 20, label: 'fs.readFile' }).catch((caught: unknown) => caught);
    expect(BrassError.isInstance(error) && error.code).toBe('timeout');
    expect(String((error as Error).message)).toContain('fs.readFile did not finish within 20 ms');
    expect(sawAbort).toBe(true);
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    const pending = runWithTimeout(() => new Promise<never>(() => {}), { timeoutMs: 10_000, label: 'search', signal: controller.signal });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(BrassError.isInstance(error) && error.code).toBe('aborted');
  });

  it('passes the task failure through unchanged', async () => {
    const failure = new BrassError('not-found', 'gone');
    await expect(runWithTimeout(async () => Promise.reject(failure), { timeoutMs: 1_000, label: 'task' })).rejects.toBe(failure);
  });

  // Issue 15 item 18: a timeout past Node's 32-bit timer used to fire at once, failing every action.
  it('waits for a task under a timeout longer than a Node timer holds, instead of timing out at once', async () => {
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 30));
    await expect(runWithTimeout(slow, { timeoutMs: 2 ** 40, label: 'task' })).resolves.toBe('done');
    await expect(runWithTimeout(slow, { timeoutMs: Number.POSITIVE_INFINITY, label: 'task' })).resolves.toBe('done');
  });

  it.each([
    [2 ** 31, MAX_TIMER_MS],
    [Number.MAX_SAFE_INTEGER, MAX_TIMER_MS],
    [Number.POSITIVE_INFINITY, MAX_TIMER_MS],
    [Number.NaN, 1],
    [-5, 1],
    [0, 1],
    [1.5, 2],
    [120_000, 120_000],
  ])('clamps a timer delay of %d ms to %d ms, below 2^31-1', (ms, expected) => {
    expect(clampTimerMs(ms)).toBe(expected);
    expect(clampTimerMs(ms)).toBeLessThan(2 ** 31 - 1);
  });
});
