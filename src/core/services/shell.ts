/** The Shell service: runs commands as argv, without a shell unless asked. */

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
}

export interface Shell {
  /**
   * Runs argv to completion. Resolves for any exit (non-zero exit and timeout
   * included); rejects with CommandStartError when it cannot start.
   */
  run(request: ShellRunRequest): Promise<ShellRunResult>;
}
