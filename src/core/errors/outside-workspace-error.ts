import { BrassError } from './brass-error.js';

/** A path resolves (after following symlinks) outside the workspace and every allowed root. */
export class OutsideWorkspaceError extends BrassError {
  readonly requestedPath: string;
  readonly resolvedPath: string;

  constructor(options: { requestedPath: string; resolvedPath: string; cause?: unknown }) {
    super(
      'outside-workspace',
      `${options.requestedPath} is outside the workspace (resolves to ${options.resolvedPath})`,
      { cause: options.cause, hint: 'use a path inside the workspace, or pass --cwd to choose another workspace' },
    );
    this.name = 'OutsideWorkspaceError';
    this.requestedPath = options.requestedPath;
    this.resolvedPath = options.resolvedPath;
  }

  static override isInstance(error: unknown): error is OutsideWorkspaceError {
    return BrassError.isInstance(error) && error.code === 'outside-workspace';
  }
}
