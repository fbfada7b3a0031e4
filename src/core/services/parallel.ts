/**
 * A pure function exported by a module, named so another thread can load
 * it: `moduleUrl` is the module's own `import.meta.url`-based URL, and the
 * function takes and returns structured-cloneable values.
 */
export interface ParallelTask {
  moduleUrl: string;
  exportName: string;
}

/**
 * Runs pure CPU work on other threads (the Node adapter: a pool of worker
 * threads, started on first use). Threads share no state with the caller:
 * a task gets a copy of its input and nothing else, so it can never reach
 * the file system or the runtime's permissions. Callers must also work
 * without it (run the function themselves) when `threads` is 0 or a task
 * fails.
 */
export interface ParallelService {
  /** Threads tasks run on; 0 when there are none. */
  readonly threads: number;
  /**
   * Runs `task` on `input` on the least busy thread. Typed arrays in the
   * result come back without a copy. Rejects when the task throws or its
   * thread dies.
   */
  run<Input, Output>(task: ParallelTask, input: Input): Promise<Output>;
}
