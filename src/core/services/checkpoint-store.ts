/**
 * The CheckpointStore service: a content-addressed copy of a workspace's
 * files, outside the workspace (the user's state directory), taken before a
 * run's first change so `brass-agent undo` can return to it. Blobs are keyed
 * by the sha256 of their bytes, so each distinct content is stored once;
 * manifests list every file of a checkpoint with its size, mtime and mode.
 */

/** One file as a checkpoint (or a change scan) saw it. */
export interface CheckpointFileState {
  /** sha256 of the file's bytes, lowercase hex. */
  sha256: string;
  sizeBytes: number;
  /** The mtime in ms as `fs.stat` reports it (sub-millisecond fraction included). */
  modifiedMs: number;
  /** Permission bits (`mode & 0o777`). */
  mode: number;
}

/** One file of a checkpoint manifest. */
export interface CheckpointManifestFile extends CheckpointFileState {
  /** Workspace-relative, forward slashes. */
  path: string;
}

/** Every file of a workspace at one moment. */
export interface CheckpointManifest {
  /** Unique per checkpoint (letters, digits, - and _). */
  id: string;
  /** The run the checkpoint was taken for. */
  runId: string;
  /** Absolute real path of the workspace root. */
  workspaceRoot: string;
  /** ISO time the checkpoint was taken. */
  createdAt: string;
  files: CheckpointManifestFile[];
}

/** A file's content and mode in the store; null in a change means the file is absent on that side. */
export interface StoredFileRef {
  sha256: string;
  mode: number;
}

/** One file a run changed: what it held at the checkpoint and when the run ended. */
export interface RunFileChange {
  path: string;
  before: StoredFileRef | null;
  after: StoredFileRef | null;
}

/**
 * Which checkpoint belongs to a workspace's last run, and what the run left
 * behind. `changes` is null while the run is still going (or when it died
 * before it ended); `undoneAt` is set once `undo` restored it.
 */
export interface LastRunRecord {
  workspaceRoot: string;
  runId: string;
  checkpointId: string;
  /** ISO time the run ended; null while it runs. */
  finishedAt: string | null;
  changes: RunFileChange[] | null;
  /** ISO time `undo` restored the checkpoint; null until then. */
  undoneAt: string | null;
}

/** What `captureFile` reads. */
export interface CaptureFileRequest {
  /** Absolute path inside the workspace. */
  path: string;
  /** Re-checks containment of what is actually opened (symlinks are never followed). */
  isContained: (realPath: string) => boolean;
  /** Store the bytes as a blob (a checkpoint); false: only hash them (a change scan). */
  keep: boolean;
}

/** What `restoreFile` writes. */
export interface RestoreFileRequest {
  /** Absolute path inside the workspace. */
  path: string;
  /** The bytes (read with `readBlob`, so already verified). */
  content: Uint8Array;
  /** Permission bits the file gets. */
  mode: number;
  isContained: (realPath: string) => boolean;
}

export interface CheckpointStore {
  /** Where the store lives (for messages). */
  readonly directory: string;
  /**
   * Hashes a regular file (and with `keep`, stores its bytes once per
   * content); null when the path is no longer a regular file (removed,
   * replaced by a symlink or a directory).
   */
  captureFile(request: CaptureFileRequest): Promise<CheckpointFileState | null>;
  /** The bytes of a blob, checked against its hash. Throws BrassError `checkpoint-corrupt` when missing or damaged. */
  readBlob(sha256: string): Promise<Uint8Array>;
  /** Whether a blob is stored with the expected size (a cheap check before trusting it). */
  hasBlob(sha256: string, sizeBytes: number): Promise<boolean>;
  /** Writes a manifest durably; older manifests of the workspace may be pruned. */
  writeManifest(manifest: CheckpointManifest): Promise<void>;
  /** Reads a manifest. Throws BrassError `checkpoint-corrupt` when it is missing or does not parse. */
  readManifest(workspaceRoot: string, id: string): Promise<CheckpointManifest>;
  /** The workspace's last-run record; null when there is none. Throws `checkpoint-corrupt` when it does not parse. */
  readLastRun(workspaceRoot: string): Promise<LastRunRecord | null>;
  /** Replaces the workspace's last-run record durably. */
  writeLastRun(record: LastRunRecord): Promise<void>;
  /** Writes a workspace file atomically (temp file, fsync, rename) with `mode`, creating missing parent directories inside. */
  restoreFile(request: RestoreFileRequest): Promise<void>;
  /** Removes a regular workspace file (a file the run created); absent already is not an error. */
  removeFile(request: { path: string; isContained: (realPath: string) => boolean }): Promise<void>;
}
