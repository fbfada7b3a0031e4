/**
 * Where the docs map keeps its index between runs: a capability the caller
 * supplies (the Node adapter stores files under the user's cache directory,
 * outside the workspace and the docs). The map stores one entry per
 * workspace and docs setup (`slot`, a hex digest) and checks the entry's
 * fingerprint of file sizes and mtimes itself. Nothing derived from a
 * query is ever written here.
 */
export interface DocsIndexCache {
  /** The stored bytes of `slot`, or null when there are none. */
  read(slot: string): Promise<Uint8Array | null>;
  /** Replaces the bytes of `slot` (atomically: a reader never sees half an entry). */
  write(slot: string, data: Uint8Array): Promise<void>;
  /**
   * Removes every entry whose first bytes `isStale` says no reader can use
   * and that was not written for `minAgeMs`; optional (a cache without it
   * keeps old entries until the user clears them).
   */
  prune?(isStale: (head: Uint8Array) => boolean, minAgeMs?: number): Promise<number>;
}
