import { BrassError } from '../errors/brass-error.js';

/**
 * Runs `task` with an AbortSignal that fires after `timeoutMs` or when
 * `outerSignal` aborts, and settles no later than that: a service that
 * ignores its signal cannot hang the runtime.
 */
export async function runWithTimeout<T>(
  task: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs: number; signal?: AbortSignal; label: string },
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onOuterAbort: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new BrassError('timeout', `${options.label} did not finish within ${options.timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, options.timeoutMs);
    if (options.signal) {
      onOuterAbort = () => {
        const error = new BrassError('aborted', `${options.label} was cancelled`);
        controller.abort(error);
        reject(error);
      };
      if (options.signal.aborted) onOuterAbort();
      else options.signal.addEventListener('abort', onOuterAbort, { once: true });
    }
  });
  try {
    return await Promise.race([task(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
    if (onOuterAbort) options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
