/** Errors a write to a stream the reader has closed ends with (`brass-agent docs | head -1`). */
const CLOSED_CODES = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/**
 * Lets `stream` be closed by its reader without a crash: Node ignores
 * SIGPIPE, so a write to a closed pipe emits an `error` event, and without
 * a listener that is an uncaught exception with a stack trace. Once closed,
 * writes go nowhere and the command finishes as it would have (so a change
 * being written is never cut short); any other stream error is rethrown.
 */
export function quietClosedOutput(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== undefined && CLOSED_CODES.has(error.code)) return;
    throw error;
  });
}
