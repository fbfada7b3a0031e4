/**
 * The edits of a run that are not written yet. `edit_file` and `write_file`
 * record into it instead of writing, so every edit of a run forms one
 * changeset that is previewed, approved, applied and rolled back as a whole
 * (implemented by `Changeset` in src/agent/patch). Paths are given as the
 * model wrote them (workspace-relative, `./x`, or absolute inside the
 * workspace) and reported workspace-relative with forward slashes.
 */
export interface PendingEdits {
  /**
   * The file as this run sees it: its pending content if it has an edit,
   * else what is on disk (read through the runtime, so the scope and the
   * permission rules apply); `content` is null when the file does not
   * exist (or the run deleted it). Throws BrassError when the file cannot
   * be edited (outside the workspace, binary, not UTF-8, too large, denied).
   */
  read(path: string): Promise<{ path: string; content: string | null }>;
  /** Records a whole-file change; null deletes the file. Returns the workspace-relative path. */
  write(path: string, content: string | null): Promise<{ path: string }>;
  /** The pending content of a workspace-relative path: undefined when the run has not edited it. */
  pendingContent(relativePath: string): string | null | undefined;
  /** Whether the run has any pending edit. */
  isEmpty(): boolean;
}
