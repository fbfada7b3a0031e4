const BRASS_ERROR_MARKER = Symbol.for('brass-agent.error');

/**
 * Base class of every error brass-agent raises on purpose.
 *
 * `code` is a stable string that callers and tests match on; the message is
 * for people. The static guard works across copies of the package (it checks
 * a global symbol, not the prototype chain).
 */
export class BrassError extends Error {
  readonly code: string;
  /** A short, optional suggestion shown under the error line (`hint: ...`). */
  readonly hint: string | undefined;
  private readonly [BRASS_ERROR_MARKER] = true;

  constructor(code: string, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BrassError';
    this.code = code;
    this.hint = options.hint;
  }

  static isInstance(error: unknown): error is BrassError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[BRASS_ERROR_MARKER] === true
    );
  }
}
