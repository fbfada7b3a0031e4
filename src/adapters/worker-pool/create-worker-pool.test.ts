import { afterAll, describe, expect, it } from 'vitest';
import { createWorkerPool } from './create-worker-pool.js';

const TASKS = new URL('../../../test/support/worker-task.ts', import.meta.url).href;
const task = (exportName: string) => ({ moduleUrl: TASKS, exportName });

describe('createWorkerPool', () => {
  const pool = createWorkerPool({ threads: 2 });
  afterAll(() => pool.close());

  it('runs a module function on worker threads, spreading tasks, typed arrays returned whole', async () => {
    const outputs = await Promise.all(Array.from({ length: 6 }, (_, round) => pool.run<{ numbers: number[] }, { doubled: Int32Array; count: number }>(task('doubleAll'), { numbers: [round, 10, 20] })));
    expect(pool.threads).toBe(2);
    for (const [round, output] of outputs.entries()) {
      expect(output.doubled).toBeInstanceOf(Int32Array);
      expect([...output.doubled]).toEqual([round * 2, 20, 40]);
      expect(output.count).toBe(3);
    }
    const threads = await Promise.all(Array.from({ length: 6 }, () => pool.run<unknown, { threadId: number }>(task('threadOf'), {})));
    expect(new Set(threads.map((thread) => thread.threadId)).size).toBe(2);
  });

  it('rejects with the task error, and for an export that is no function, and keeps working', async () => {
    await expect(pool.run(task('fail'), { message: 'bad input' })).rejects.toThrow('bad input');
    await expect(pool.run(task('noSuchExport'), {})).rejects.toThrow(/exports no function noSuchExport/);
    await expect(pool.run(task('doubleAll'), { numbers: [1] })).resolves.toMatchObject({ count: 1 });
  });

  it('rejects the tasks of a thread that dies, and starts a new thread for the next', async () => {
    await expect(pool.run(task('exitThread'), {})).rejects.toThrow(/worker thread exited \(code 3\)/);
    const outputs = await Promise.all([1, 2, 3].map((number) => pool.run<{ numbers: number[] }, { count: number }>(task('doubleAll'), { numbers: [number] })));
    expect(outputs.map((output) => output.count)).toEqual([1, 1, 1]);
  });

  it('stops a thread idle for idleMs, and starts one again for the next task', async () => {
    const idle = createWorkerPool({ threads: 1, idleMs: 50 });
    try {
      const first = await idle.run<unknown, { threadId: number }>(task('threadOf'), {});
      expect(idle.liveThreads).toBe(1);
      await expect.poll(() => idle.liveThreads, { timeout: 5_000 }).toBe(0);
      const second = await idle.run<unknown, { threadId: number }>(task('threadOf'), {});
      expect(second.threadId).not.toBe(first.threadId);
      expect(idle.liveThreads).toBe(1);
    } finally {
      await idle.close();
    }
    expect(idle.liveThreads).toBe(0);
  });

  it('keeps a thread that gets a task within idleMs', async () => {
    const busy = createWorkerPool({ threads: 1, idleMs: 2_000 });
    try {
      const first = await busy.run<unknown, { threadId: number }>(task('threadOf'), {});
      const second = await busy.run<unknown, { threadId: number }>(task('threadOf'), {});
      expect(second.threadId).toBe(first.threadId);
    } finally {
      await busy.close();
    }
  });

  it('has no threads when asked for none, and says so', async () => {
    const none = createWorkerPool({ threads: 0 });
    expect(none.threads).toBe(0);
    await expect(none.run(task('doubleAll'), { numbers: [] })).rejects.toThrow(/no worker threads/);
  });
});
