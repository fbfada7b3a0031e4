import { BrassError } from './brass-error.js';

/** A command could not be started at all (missing executable, bad cwd, spawn failure). */
export class CommandStartError extends BrassError {
  readonly command: string;

  constructor(options: { command: string; message: string; cause?: unknown }) {
    super('command-start-failed', options.message, { cause: options.cause });
    this.name = 'CommandStartError';
    this.command = options.command;
  }

  static override isInstance(error: unknown): error is CommandStartError {
    return BrassError.isInstance(error) && error.code === 'command-start-failed';
  }
}
