/** What a DirectoryWatch watches: absolute paths. */
export interface WatchedPaths {
  /** Directories watched with every directory below them (symlinks are not followed). */
  trees: readonly string[];
  /** Directories watched alone (their own entries only); one that does not exist is left out. */
  dirs: readonly string[];
}

/**
 * Tells whether anything changed in a set of directories since it was armed,
 * so a caller can keep what it read from them without reading them again
 * (the MCP server's docs map, issue 21).
 */
export interface DirectoryWatch {
  /**
   * Watches `paths` from now on, replacing what was watched, and forgets
   * earlier changes. Arm before reading what is watched: a change made while
   * it is read then counts as a change. Returns false when the paths cannot
   * be watched reliably (another platform or file system, a symlink in a
   * tree, too many directories): nothing is watched, and hasChanged() is
   * always true.
   */
  arm(paths: WatchedPaths): boolean;
  /**
   * Whether anything under the watched paths changed (an entry added,
   * removed, renamed, written or its metadata changed), or the watch failed,
   * since the last arm(). First lets the event loop take the change events
   * already queued, so a change made before the call is seen.
   */
  hasChanged(): Promise<boolean>;
  /** Stops watching. */
  close(): void;
}
