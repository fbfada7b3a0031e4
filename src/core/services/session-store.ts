/**
 * The SessionStore service: conversations of the session engine, persisted
 * outside the workspace (`$XDG_STATE_HOME/brass-agent/sessions/`) so a chat
 * can be resumed by id or continued as the latest of its workspace. One
 * session is one JSONL file of records (the first is its header) plus a
 * small summary file for listing; files are mode 0600 in a 0700 directory.
 * Records are redacted again by the store before they are written.
 */

/** The first record of every session file. */
export interface SessionHeader {
  kind: 'session';
  /** Format of the file; bumped only on an incompatible change. */
  version: 1;
  /** Letters, digits, `-` and `_` (a random UUID by default). */
  id: string;
  /** Absolute real path of the workspace root the session belongs to. */
  workspace: string;
  /** ISO time. */
  createdAt: string;
}

/** One record after the header: an object with a `kind`; the engine owns what the kinds mean. */
export interface SessionRecord {
  kind: string;
  [field: string]: unknown;
}

/** What `brass-agent sessions` lists per session. */
export interface SessionSummary {
  id: string;
  /** The first user message's first line, cut to 80 characters (redacted). */
  title: string;
  workspace: string;
  createdAt: string;
  /** ISO time of the last record. */
  updatedAt: string;
  /** Finished turns. */
  turns: number;
}

/** Appends to one open session; holds the session's lock until closed. */
export interface SessionWriter {
  /** Appends one record as a line (redacted, then fsync'd with the file). */
  append(record: SessionRecord): Promise<void>;
  /** Rewrites the listing summary (atomically). */
  updateSummary(summary: Pick<SessionSummary, 'title' | 'turns' | 'updatedAt'>): Promise<void>;
  /** Releases the lock. Idempotent. */
  close(): Promise<void>;
}

/** A session read back from disk. */
export interface OpenedSession {
  header: SessionHeader;
  summary: SessionSummary;
  /** Every record after the header, in order. */
  records: SessionRecord[];
  /**
   * For appending; null when another live process holds the session's lock
   * (then `readOnlyReason` says which): the session can be shown, not continued.
   */
  writer: SessionWriter | null;
  readOnlyReason: string | null;
}

/** A session file that could not be listed (a corrupt summary, an unreadable file), naming the file. */
export interface SessionProblem {
  file: string;
  message: string;
}

export interface SessionStore {
  /** Where the sessions live (absolute). */
  readonly directory: string;
  /** Creates a session file with its header and takes its lock. Throws BrassError `conflict` when the id exists. */
  create(header: SessionHeader): Promise<SessionWriter>;
  /**
   * Opens a session of `workspace` by id. Throws BrassError `not-found` for
   * an unknown id, InvalidInputError naming the file for a corrupt or
   * truncated one (a torn last line included), and BrassError `denied` when
   * the session belongs to another workspace.
   */
  open(id: string, workspace: string): Promise<OpenedSession>;
  /** The sessions of `workspace`, newest first; files that cannot be read are problems, never a failure of the list. */
  list(workspace: string): Promise<{ sessions: SessionSummary[]; problems: SessionProblem[] }>;
}
