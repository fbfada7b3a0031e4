/** The Clock service, so time-dependent logic is testable. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real clock. Pure JavaScript, so it lives in core. */
export const systemClock: Clock = { now: () => Date.now() };
