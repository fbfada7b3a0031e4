import { BrassError } from '../errors/brass-error.js';

/**
 * Longest delay any brass-agent timer is set for: 24 days, below the
 * 2^31-1 ms that Node's timers hold (a longer delay fires at once, with a
 * TimeoutOverflowWarning, so every timed action would fail immediately).
 * The config schema caps every `...Ms` key at it as well.
 */
export const MAX_TIMER_MS = 24 * 24 * 60 * 60 * 1000;

/**
 * `ms` as a delay a Node timer keeps: at most MAX_TIMER_MS; NaN, zero and
 * negative values become 1 ms (expire at once, as asked) and Infinity
 * becomes MAX_TIMER_MS.
 */
export function clampTimerMs(ms: number): number {
  if (Number.isNaN(ms) || ms < 1) return 1;
  return Math.min(Math.ceil(ms), MAX_TIMER_MS);
}

/**
 * Runs `task` with an AbortSignal that fires after `timeoutMs` or when
 * `outerSignal` aborts, and settles no later than that: a service that
 * ignores its signal cannot hang the runtime. The delay is clamped to
 * MAX_TIMER_MS (see clampTimerMs), so a huge `timeoutMs` waits long instead
 * of overflowing into an immediate timeout.
 */
export async function runWithTimeout<T>(
  task: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs: number; signal?: AbortSignal; label: string },
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onOuterAbort: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new BrassError('timeout', `${options.label} did not finish within ${options.timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, clampTimerMs(options.timeoutMs));
    if (options.signal) {
      onOuterAbort = () => {
        const error = new BrassError('aborted', `${options.label} was cancelled`);
        controller.abort(error);
        reject(error);
      };
      if (options.signal.aborted) onOuterAbort();
      else options.signal.addEventListener('abort', onOuterAbort, { once: true });
    }
  });
  try {
    return await Promise.race([task(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
    if (onOuterAbort) options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
