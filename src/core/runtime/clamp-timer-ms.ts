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
