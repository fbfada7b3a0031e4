import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BrassError } from '../../core/index.js';

/** Version of the API's JSON documents (errors and health carry it); bumped only on an incompatible change. */
export const SERVE_API_VERSION = 1;

/**
 * An error a handler answers with: the HTTP status and a stable `code`
 * (`unauthorized`, `forbidden`, `not-found`, `invalid-json`,
 * `invalid-input`, `too-large`, `busy`, `read-only`), sent as
 * `{version, error: {code, message}}`.
 */
export class ApiError extends BrassError {
  readonly status: ContentfulStatusCode;

  constructor(status: ContentfulStatusCode, code: string, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.name = 'ApiError';
    this.status = status;
  }

  static isApiError(error: unknown): error is ApiError {
    return BrassError.isInstance(error) && typeof (error as Partial<ApiError>).status === 'number';
  }
}

/** The error document of the contract. */
export function errorBody(code: string, message: string): { version: number; error: { code: string; message: string } } {
  return { version: SERVE_API_VERSION, error: { code, message } };
}

/** Answers with an error document. */
export function sendError(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  return c.json(errorBody(code, message), status);
}
