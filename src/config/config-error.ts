import { BrassError } from '../core/index.js';

/** One problem in one config source. */
export interface ConfigIssue {
  /** The source as shown to users: a path, `env:NAME` or `cli`. */
  file: string;
  /** Dotted key path with `[i]` indices (`context.maxFiles`, `permissions.allow[0]`); empty for the whole file. */
  keyPath: string;
  message: string;
  /** 1-based position of a JSONC syntax error (the message says it too), for tools. */
  line?: number;
  column?: number;
}

/** Renders one issue as `<file>: <keyPath>: <message>`, leaving the key path out when it is empty. */
export function formatConfigIssue(issue: ConfigIssue): string {
  return issue.keyPath === '' ? `${issue.file}: ${issue.message}` : `${issue.file}: ${issue.keyPath}: ${issue.message}`;
}

/**
 * Configuration that cannot be used: a file that is not JSONC, a wrong type,
 * an unknown key, a forbidden key. The message has one line per issue, so
 * every problem of every file is reported at once.
 */
export class ConfigError extends BrassError {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[], options: { cause?: unknown; hint?: string } = {}) {
    super('invalid-config', issues.length === 0 ? 'invalid configuration' : issues.map(formatConfigIssue).join('\n'), options);
    this.name = 'ConfigError';
    this.issues = issues;
  }

  static override isInstance(error: unknown): error is ConfigError {
    return BrassError.isInstance(error) && error.code === 'invalid-config';
  }
}
