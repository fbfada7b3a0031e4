/** Worker threads for pure CPU work (the ParallelService of core). */
export { createWorkerPool, sharedWorkerPool } from './create-worker-pool.js';
export type { WorkerPool } from './create-worker-pool.js';
