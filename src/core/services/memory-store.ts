/**
 * The MemoryStore service: the agent's memory, kept outside the workspace
 * (`$XDG_STATE_HOME/brass-agent/memory/`) in two scopes, the workspace's
 * (keyed by its real path) and the user's. One entry is one small text file
 * named by its id; the store knows nothing of the entry format (the agent's
 * memory logic renders and parses it), only files, bounds and locking.
 */

/** Where an entry lives: this workspace's memory, or the user's (every workspace). */
export type MemoryScope = 'workspace' | 'user';

/** Every scope, the workspace's first. */
export const MEMORY_SCOPES: readonly MemoryScope[] = ['workspace', 'user'];

/**
 * An entry id: its creation time (UTC, to the second) and six random hex
 * digits, so ids sort oldest first: `20261202-024512-3fa9c1`.
 */
export const MEMORY_ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

/** One entry file as stored. */
export interface MemoryFile {
  id: string;
  scope: MemoryScope;
  text: string;
  /** Where it is (absolute), for messages that name a bad file. */
  file: string;
}

/** An entry file that could not be read (not a regular file, too large, not UTF-8): the others stay usable. */
export interface MemoryFileProblem {
  id: string;
  file: string;
  /** One line naming the file and what is wrong. */
  message: string;
}

/** A scope's entries, oldest first, and the files that could not be read. */
export interface MemoryListing {
  files: MemoryFile[];
  problems: MemoryFileProblem[];
}

/** What a write did besides writing: entries evicted (oldest first) to keep the scope within its bounds. */
export interface MemoryWriteResult {
  id: string;
  evicted: MemoryFile[];
}

export interface MemoryStore {
  /** The directory of a scope (absolute), for messages. */
  directoryOf(scope: MemoryScope): string;
  /** Every entry file of a scope, oldest first; an empty listing when the scope has none yet. */
  list(scope: MemoryScope): Promise<MemoryListing>;
  /** The ids of a scope's entries, oldest first, without reading them (empty when the scope has none yet). */
  listIds(scope: MemoryScope): Promise<string[]>;
  /** One entry file, or null when there is none; throws InvalidInputError naming the file when it cannot be read, or for an id that is not one. */
  read(scope: MemoryScope, id: string): Promise<MemoryFile | null>;
  /**
   * Writes a new entry file (atomically, under the scope's lock) with a new
   * id, then evicts the oldest others while the scope holds more entries or
   * bytes than its bounds. Throws BrassError `too-large` for a text over the
   * store's per-entry cap (nothing written).
   */
  create(scope: MemoryScope, text: string): Promise<MemoryWriteResult>;
  /** Replaces an existing entry's text (atomically); BrassError `not-found` when there is none. */
  replace(scope: MemoryScope, id: string, text: string): Promise<MemoryWriteResult>;
  /** Removes an entry; false when there was none. */
  remove(scope: MemoryScope, id: string): Promise<boolean>;
}
