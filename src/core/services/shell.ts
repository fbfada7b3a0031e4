import type { CommandIsolation, CommandOrigin } from './sandbox.js';

/**
 * The Shell service: runs commands as argv, without a shell unless asked.
 * The Node implementation is the sandbox service: every process brass-agent
 * starts goes through it, inside the sandbox when one works.
 */

export interface ShellRunRequest {
  /** argv[0] is the executable, looked up on PATH. */
  argv: readonly string[];
  /** Absolute working directory. */
  cwd: string;
  timeoutMs: number;
  /** Cap per stream; the head and tail are kept and the middle dropped. */
  maxOutputBytes: number;
  /**
   * Names of environment variables passed to the child even though they look
   * like secrets (API keys, tokens). Everything else secret-looking is removed.
   */
  passEnv?: readonly string[];
  /** Extra variables set for the child. */
  env?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** Where the command comes from (default `workspace`: treated as the repository's). */
  origin?: CommandOrigin;
  /** Absolute real path of the workspace: the one directory a sandboxed command may write (plus `sandbox.writablePaths`). */
  workspaceRoot?: string;
  /** A person allowed this command to run without a sandbox (an `ask` isolation was approved). */
  isUnsandboxedApproved?: boolean;
  /**
   * The command gets this process's terminal (stdin, stdout and stderr,
   * in its process group) instead of pipes: a person's editor (`memory
   * edit`). Its output is not captured (`stdout` and `stderr` are empty).
   */
  isTerminalAttached?: boolean;
}

export interface ShellRunResult {
  /** null when the process was killed by a signal. */
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Bytes dropped from the middle of each stream to respect `maxOutputBytes`. */
  stdoutDroppedBytes: number;
  stderrDroppedBytes: number;
  timedOut: boolean;
  durationMs: number;
  /** Whether it ran inside the sandbox. */
  sandboxed: boolean;
  /** Set when a command from the workspace ran without a sandbox: why (shown on stderr and in JSON). */
  unsandboxedNote?: string;
}

export interface Shell {
  /**
   * Runs argv to completion. Resolves for any exit (non-zero exit and timeout
   * included); rejects with CommandStartError when it cannot start.
   */
  run(request: ShellRunRequest): Promise<ShellRunResult>;
  /**
   * How a command of this origin would run now (sandboxed, unsandboxed,
   * only with a person's yes, refused), so the runtime can ask before it
   * starts. Absent on a shell without a sandbox policy (test fakes): the
   * runtime then runs commands as the shell decides.
   */
  isolationFor?(origin: CommandOrigin): Promise<CommandIsolation>;
}
