import { describe, expect, it } from 'vitest';
import { BrassError } from '../errors/brass-error.js';
import { type ActionDeadline, createActionDeadline } from './action-deadline.js';
import { MAX_TIMER_MS, clampTimerMs } from './clamp-timer-ms.js';

/** Runs `task` under a fresh deadline, as the runtime runs one step. */
async function within<T>(task: (signal: AbortSignal) => Promise<T>, options: { timeoutMs: number; signal?: AbortSignal; label: string }): Promise<T> {
  const deadline = createActionDeadline(options);
  try {
    return await deadline.race(task(deadline.signal));
  } finally {
    deadline.dispose();
  }
}

const never = () => new Promise<never>(() => {});
const codeOf = (error: unknown) => (BrassError.isInstance(error) ? error.code : error);

describe('createActionDeadline', () => {
  it('returns the value of a task that finishes in time', async () => {
    await expect(within(async () => 42, { timeoutMs: 1_000, label: 'task' })).resolves.toBe(42);
  });

  it('settles with a timeout error even when the task ignores its signal', async () => {
    let sawAbort = false;
    const ignoring = (signal: AbortSignal) =>
      new Promise<never>(() => {
        signal.addEventListener('abort', () => (sawAbort = true));
      });
    const error = await within(ignoring, { timeoutMs: 20, label: 'fs.readFile' }).catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('timeout');
    expect(String((error as Error).message)).toContain('fs.readFile did not finish within 20 ms');
    expect(sawAbort).toBe(true);
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    const pending = within(never, { timeoutMs: 10_000, label: 'search', signal: controller.signal });
    controller.abort();
    expect(codeOf(await pending.catch((caught: unknown) => caught))).toBe('aborted');
  });

  it('passes the task failure through unchanged', async () => {
    const failure = new BrassError('not-found', 'gone');
    await expect(within(async () => Promise.reject(failure), { timeoutMs: 1_000, label: 'task' })).rejects.toBe(failure);
  });

  // Issue 15 item 18: a timeout past Node's 32-bit timer used to fire at once, failing every action.
  it('waits for a task under a timeout longer than a Node timer holds, instead of timing out at once', async () => {
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 30));
    await expect(within(slow, { timeoutMs: 2 ** 40, label: 'task' })).resolves.toBe('done');
    await expect(within(slow, { timeoutMs: Number.POSITIVE_INFINITY, label: 'task' })).resolves.toBe('done');
  });

  it('covers every step it races with one budget', async () => {
    await using deadline = disposable(createActionDeadline({ timeoutMs: 40, label: 'fs.readFile' }));
    await deadline.race(new Promise((resolve) => setTimeout(resolve, 25)));
    // The second step gets what the first left, not a budget of its own.
    const error = await deadline.race(new Promise((resolve) => setTimeout(resolve, 200))).catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('timeout');
    expect(deadline.signal.aborted).toBe(true);
  });

  it('does not count the time it is paused, and still cancels while paused', async () => {
    await using deadline = disposable(createActionDeadline({ timeoutMs: 30, label: 'fs.readFile' }));
    deadline.pause();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(deadline.signal.aborted).toBe(false);
    deadline.resume();
    await expect(deadline.race(Promise.resolve('ran'))).resolves.toBe('ran');
    expect(codeOf(await deadline.race(never()).catch((caught: unknown) => caught))).toBe('timeout');

    const controller = new AbortController();
    await using paused = disposable(createActionDeadline({ timeoutMs: 10_000, label: 'shell.run', signal: controller.signal }));
    paused.pause();
    controller.abort();
    paused.resume();
    expect(codeOf(await paused.race(never()).catch((caught: unknown) => caught))).toBe('aborted');
  });

  it('gives a step with a budget of its own a fresh one on restart', async () => {
    await using deadline = disposable(createActionDeadline({ timeoutMs: 40, label: 'shell.run' }));
    await deadline.race(new Promise((resolve) => setTimeout(resolve, 30)));
    deadline.restart(1_000);
    await expect(deadline.race(new Promise((resolve) => setTimeout(() => resolve('ran'), 30)))).resolves.toBe('ran');
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

function disposable(deadline: ActionDeadline): ActionDeadline & AsyncDisposable {
  return Object.assign(deadline, { [Symbol.asyncDispose]: async () => deadline.dispose() });
}
