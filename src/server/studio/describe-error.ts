import { ApiError } from './api-error.js';

/** One line for a failed call, as the page shows it: the server's message and the status. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? error.message : `${error.message} (HTTP ${error.status} ${error.code})`;
  return error instanceof Error ? error.message : String(error);
}
