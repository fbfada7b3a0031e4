import { InvalidInputError } from '../../core/index.js';

/** Why a docs target did not resolve. */
export type DocsTargetFailure = 'invalid' | 'not-found' | 'ambiguous' | 'not-a-page';

/**
 * A docs target that names no single region or page. An InvalidInputError
 * (the CLI exits 2), with the targets to try next: the three closest for a
 * miss, every match for an ambiguous name.
 */
export class DocsTargetError extends InvalidInputError {
  readonly target: string;
  readonly failure: DocsTargetFailure;
  /** Suggestions (not-found) or the matching targets (ambiguous). */
  readonly candidates: readonly string[];

  constructor(options: { target: string; failure: DocsTargetFailure; message: string; candidates?: readonly string[] }) {
    super('target', options.message);
    this.name = 'DocsTargetError';
    this.target = options.target;
    this.failure = options.failure;
    this.candidates = options.candidates ?? [];
  }

  static override isInstance(error: unknown): error is DocsTargetError {
    return InvalidInputError.isInstance(error) && 'failure' in error && 'candidates' in error;
  }
}
