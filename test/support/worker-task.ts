/** Tasks for the worker pool's tests: pure functions a worker thread loads by URL. */
import { threadId } from 'node:worker_threads';

/** Doubles each number; the result's typed array comes back transferred. */
export function doubleAll(input: { numbers: number[] }): { doubled: Int32Array; count: number } {
  return { doubled: Int32Array.from(input.numbers, (number) => number * 2), count: input.numbers.length };
}

export function fail(input: { message: string }): never {
  throw new Error(input.message);
}

/** Ends the worker thread itself, as a crash would. */
export function exitThread(): never {
  process.exit(3);
}

/** The worker thread it runs on. */
export function threadOf(): { threadId: number } {
  return { threadId };
}
