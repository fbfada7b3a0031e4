/**
 * What the agent tells a context session after a tool call, so the session
 * can tell which directories the call touched.
 */
export interface ToolResultEvent {
  /** The tool's name (`read_file`, `search_text`, `shell`, ...), for messages. */
  tool: string;
  /** Whether the call succeeded: a failed call injects nothing. */
  ok: boolean;
  /**
   * Files and directories the call read, wrote, edited, patched, listed or
   * searched, and files its results name (search matches): workspace-relative
   * or absolute.
   */
  paths?: readonly string[];
  /**
   * Files whose whole content the result already shows (a complete read, a
   * write): a context file among them counts as delivered, not injected again.
   */
  contentPaths?: readonly string[];
  /** A shell command: the paths in its arguments count as touched, relative to `cwd`. */
  command?: { argv: readonly string[]; cwd?: string };
  /** Output of a validation command: file paths named in it count as touched. */
  validationOutput?: string;
}
