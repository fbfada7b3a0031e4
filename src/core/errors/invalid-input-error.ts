import { BrassError } from './brass-error.js';

/** An argument is malformed (NUL byte in a path, empty query, unknown option value...). */
export class InvalidInputError extends BrassError {
  readonly field: string;

  constructor(field: string, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super('invalid-input', `${field}: ${message}`, options);
    this.name = 'InvalidInputError';
    this.field = field;
  }

  static override isInstance(error: unknown): error is InvalidInputError {
    return BrassError.isInstance(error) && error.code === 'invalid-input';
  }
}
