import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long synchronous filesystem work may hold the event loop before it
 * yields. The walker and the Node search use synchronous calls because, on
 * cached files, async fs costs 3-4x as much (a thread-pool round trip per
 * open, stat, read and close; see bench/search.ts); slicing keeps timers,
 * abort signals and other I/O responsive in between.
 */
export const SYNC_SLICE_MS = 10;

/** Tells callers when to yield; `maybeYield` resolves at once until the slice is used up. */
export interface TimeSlicer {
  maybeYield(): Promise<void> | undefined;
  /** Whether the slice is used up: the caller should stop its synchronous work and await `nextSlice()`. */
  isSliceOver(): boolean;
  /** Yields to the event loop (one turn), then starts a new slice. */
  nextSlice(): Promise<void>;
}

/**
 * Creates a slicer: call `maybeYield()` between units of synchronous work
 * and await what it returns when it returns something.
 */
export function createTimeSlicer(sliceMs: number = SYNC_SLICE_MS): TimeSlicer {
  let sliceStart = performance.now();
  const nextSlice = () =>
    nextTurn().then(() => {
      sliceStart = performance.now();
    });
  const isSliceOver = () => performance.now() - sliceStart >= sliceMs;
  return {
    maybeYield: () => (isSliceOver() ? nextSlice() : undefined),
    isSliceOver,
    nextSlice,
  };
}
