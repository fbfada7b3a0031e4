/** The Clock service, so time-dependent logic is testable. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real clock. Pure JavaScript, so it lives in core. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * A file stamp (mtime, ctime) this close to (or after) the moment it was
 * taken may hide a change made in the same tick of the file system's clock
 * ("racily clean" in git): whatever was derived from it is not trusted as
 * unchanged. Two seconds covers file systems with coarse timestamps. One
 * window for every cache that trusts stamps (the retrieval index, the docs
 * map, the search's ignore-file pass, the MCP server's git answers).
 */
export const RACY_WINDOW_MS = 2_000;
