import { createRequire } from 'node:module';
import os from 'node:os';
import type * as WorkerThreads from 'node:worker_threads';
import type { Worker } from 'node:worker_threads';
import type { ParallelService, ParallelTask } from '../../core/index.js';

const require = createRequire(import.meta.url);

/** Threads at most, whatever the machine: the work handed out (indexing) gains little past this and each thread holds its own heap. */
const MAX_THREADS = 4;
/**
 * A thread idle this long is stopped (and started again by the next task):
 * each holds a heap of its own, and a long-lived process (the MCP server, a
 * chat) that indexed once should not carry them, since every process it
 * starts forks all of its memory mappings.
 */
export const THREAD_IDLE_MS = 5_000;

/**
 * The worker's program, evaluated as a CommonJS script (so this adapter
 * ships no separate entry file). It loads each task's module once, runs
 * the named export on each message's input, and returns the result with
 * its typed arrays transferred, not copied. When the caller runs from
 * TypeScript sources (tests, benches), `loader` names tsx's register API,
 * loaded first so the task module can be TypeScript too.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const modules = new Map();
const ready = workerData.loader ? import(workerData.loader).then((api) => api.register()) : Promise.resolve();
parentPort.on('message', async ({ id, moduleUrl, exportName, input }) => {
  try {
    await ready;
    let loading = modules.get(moduleUrl);
    if (loading === undefined) modules.set(moduleUrl, (loading = import(moduleUrl)));
    const run = (await loading)[exportName];
    if (typeof run !== 'function') throw new TypeError(moduleUrl + ' exports no function ' + exportName);
    const output = run(input);
    const transfer = [];
    if (output !== null && typeof output === 'object') {
      for (const value of Object.values(output)) if (ArrayBuffer.isView(value) && !transfer.includes(value.buffer)) transfer.push(value.buffer);
    }
    parentPort.postMessage({ id, output }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Stops the thread once it has been idle for idleMs; cleared by the next task. */
  idleTimer: ReturnType<typeof setTimeout> | null;
}

/** A ParallelService on worker threads, with a way to stop them. */
export interface WorkerPool extends ParallelService {
  /** Threads running now: started by a task, stopped when idle for the pool's idleMs or by close. */
  readonly liveThreads: number;
  /** Stops every thread; a task still running is rejected. The pool starts new threads if used again. */
  close(): Promise<void>;
}

/**
 * A pool of worker threads (default: one per available core, at most
 * MAX_THREADS; none on a single core, where a thread would only compete
 * with the caller). Threads start on the first task and are unref'd while
 * idle, so an idle pool never keeps the process alive; one idle for
 * `idleMs` (default THREAD_IDLE_MS) is stopped. A thread that dies
 * rejects its tasks and is replaced on the next one.
 *
 * @example
 * const pool = createWorkerPool();
 * const output = await pool.run({ moduleUrl: new URL('./task.js', import.meta.url).href, exportName: 'indexBatch' }, input);
 */
export function createWorkerPool(options: { threads?: number; idleMs?: number } = {}): WorkerPool {
  const idleMs = options.idleMs ?? THREAD_IDLE_MS;
  const available = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const size = Math.max(0, Math.min(options.threads ?? (available > 1 ? available : 0), MAX_THREADS));
  const threads: (Thread | null)[] = Array.from({ length: size }, () => null);
  let nextId = 0;

  const start = (slot: number): Thread => {
    // Loaded with the first thread: most commands never start one, and loading the module costs them CPU (issue 21).
    const { Worker: WorkerThread } = require('node:worker_threads') as typeof WorkerThreads;
    const worker = new WorkerThread(WORKER_SOURCE, { eval: true, workerData: { loader: typeScriptLoader() } });
    const thread: Thread = { worker, pending: new Map(), idleTimer: null };
    const fail = (error: Error) => {
      if (thread.idleTimer !== null) clearTimeout(thread.idleTimer);
      for (const task of thread.pending.values()) task.reject(error);
      thread.pending.clear();
      if (threads[slot] === thread) threads[slot] = null;
    };
    worker.on('message', (message: { id: number; output?: unknown; error?: string }) => {
      const task = thread.pending.get(message.id);
      if (task === undefined) return;
      thread.pending.delete(message.id);
      if (message.error !== undefined) task.reject(new Error(message.error));
      else task.resolve(message.output);
      if (thread.pending.size > 0) return;
      worker.unref();
      thread.idleTimer = setTimeout(() => {
        // Out of the pool first: a task that comes while it stops gets a new thread.
        if (threads[slot] === thread) threads[slot] = null;
        void worker.terminate();
      }, idleMs);
      thread.idleTimer.unref();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a worker thread exited (code ${code})`)));
    return thread;
  };

  return {
    threads: size,
    get liveThreads() {
      return threads.filter((thread) => thread !== null).length;
    },
    run<Input, Output>(task: ParallelTask, input: Input): Promise<Output> {
      if (size === 0) return Promise.reject(new Error('no worker threads on this machine'));
      // The least busy thread, starting one where a slot is empty.
      let slot = 0;
      for (let candidate = 0; candidate < size; candidate += 1) {
        const load = threads[candidate]?.pending.size ?? -1;
        if (load < (threads[slot]?.pending.size ?? -1)) slot = candidate;
      }
      const thread = (threads[slot] ??= start(slot));
      if (thread.idleTimer !== null) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      const id = nextId++;
      return new Promise<Output>((resolve, reject) => {
        thread.pending.set(id, { resolve: resolve as (output: unknown) => void, reject });
        thread.worker.ref();
        thread.worker.postMessage({ id, moduleUrl: task.moduleUrl, exportName: task.exportName, input });
      });
    },
    async close() {
      const running = threads.filter((thread): thread is Thread => thread !== null);
      threads.fill(null);
      for (const thread of running) if (thread.idleTimer !== null) clearTimeout(thread.idleTimer);
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}

/**
 * tsx's register API when this module runs from its TypeScript source (a
 * task module is then TypeScript too, which a bare worker cannot load);
 * undefined from the built JavaScript.
 */
function typeScriptLoader(): string | undefined {
  if (!import.meta.url.endsWith('.ts')) return undefined;
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return undefined;
  }
}

let shared: WorkerPool | null = null;

/** The process's one pool (created on first call; its threads on first task): every workspace opened in a process shares it. */
export function sharedWorkerPool(): WorkerPool {
  shared ??= createWorkerPool();
  return shared;
}
