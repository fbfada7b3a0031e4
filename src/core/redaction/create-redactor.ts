import { compileSafePatterns, createCustomPatternDetector } from './detect-custom-patterns.js';
import { createAuthorizationHeaderDetector } from './detect-authorization-headers.js';
import { createEnvironmentValueDetector, selectEnvironmentSecrets, type EnvironmentVariables } from './detect-environment-values.js';
import { createJwtDetector } from './detect-jwt.js';
import { createNameValuePairDetector } from './detect-name-value-pairs.js';
import { createPrivateKeyDetector } from './detect-private-keys.js';
import { createSecretAssignmentDetector } from './detect-secret-assignments.js';
import { createTokenFormatDetector } from './detect-token-formats.js';
import { createUrlCredentialsDetector } from './detect-url-credentials.js';
import { mergeSecretSpans } from './merge-secret-spans.js';
import { redactValue, type RedactedValue } from './redact-value.js';
import { formatRedactionMarker } from './redaction-marker.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';

/** How a redactor is built; the `redaction` config section plus the environment. */
export interface RedactorOptions {
  /** `redaction.enabled` (default true). A disabled redactor returns text unchanged. */
  enabled?: boolean;
  /** `redaction.additionalPatterns`: more regular expressions to redact, checked by checkPatternSafety. */
  additionalPatterns?: readonly string[];
  /** `redaction.allowPatterns`: a finding whose whole text matches one of these is left as is. */
  allowPatterns?: readonly string[];
  /** The environment whose secret-looking values are redacted wherever they appear (pass `process.env` at the entry point). */
  env?: EnvironmentVariables;
  /** Variables whose values are secret whatever their names, e.g. the one `llm.apiKeyEnv` names. */
  secretVariables?: readonly string[];
}

/** One redacted span. Never holds the secret, so it can be logged and shown. */
export interface RedactionFinding {
  /** What was found: `github-token`, `private-key`, `password`, `env:NPM_TOKEN`, `custom`, ... */
  kind: string;
  /** Offsets of the span in the original text, in UTF-16 code units. */
  start: number;
  end: number;
  /** 1-based line of the original text where the span starts. */
  line: number;
}

/** Redacted text and what was redacted, in order. */
export interface RedactionResult {
  text: string;
  findings: RedactionFinding[];
}

/** Redacts secrets from text and JSON-like values. Build one per session with createRedactor. */
export interface Redactor {
  readonly isEnabled: boolean;
  /** Replaces every secret in `text` by `[REDACTED:<kind>]`. Linear in `text.length`. */
  redact(text: string): RedactionResult;
  /** Redacts every string inside a JSON-like value (see redactValue). */
  redactValue<T>(value: T): RedactedValue<T>;
}

/** Builds the redacted text; a span over N line breaks keeps N line breaks, so line numbers stay right. */
function applySpans(text: string, spans: readonly SecretSpan[]): RedactionResult {
  const parts: string[] = [];
  const findings: RedactionFinding[] = [];
  let copied = 0;
  let line = 1;
  // One cursor over the line breaks, so counting lines stays linear however many spans a long line has.
  let nextNewline = text.indexOf('\n');
  const advanceNewline = () => {
    line += 1;
    nextNewline = text.indexOf('\n', nextNewline + 1);
  };
  for (const span of spans) {
    while (nextNewline !== -1 && nextNewline < span.start) advanceNewline();
    findings.push({ kind: span.kind, start: span.start, end: span.end, line });
    parts.push(text.slice(copied, span.start), formatRedactionMarker(span.kind));
    while (nextNewline !== -1 && nextNewline < span.end) {
      parts.push('\n');
      advanceNewline();
    }
    copied = span.end;
  }
  parts.push(text.slice(copied));
  return { text: parts.join(''), findings };
}

/**
 * Builds the redactor every boundary uses: prompts and tool results sent to
 * a provider, `--protocol-json` events, saved runs, logs and the text of
 * command and MCP results. It finds well-known credential formats, JWTs, PEM
 * private keys (also base64-encoded), passwords in URLs, `Authorization`
 * headers, secret-named assignments and name/value pairs with
 * non-placeholder values, the values
 * of secret-looking environment variables and the configured patterns.
 * Throws InvalidInputError when a configured pattern is invalid or unsafe.
 *
 * @example
 * const redactor = createRedactor({ ...config.redaction, env: process.env });
 * redactor.redact('GITHUB_TOKEN=ghp_...').text // 'GITHUB_TOKEN=[REDACTED:github-token]'
 */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const isEnabled = options.enabled !== false;
  const detectors: SecretDetector[] = [
    createPrivateKeyDetector(),
    createTokenFormatDetector(),
    createJwtDetector(),
    createUrlCredentialsDetector(),
    createAuthorizationHeaderDetector(),
    createSecretAssignmentDetector(),
    createNameValuePairDetector(),
    createCustomPatternDetector(options.additionalPatterns ?? []),
  ];
  const environmentSecrets = selectEnvironmentSecrets(options.env ?? {}, options.secretVariables);
  if (environmentSecrets.length > 0) detectors.push(createEnvironmentValueDetector(environmentSecrets));
  const allowPatterns = compileSafePatterns('redaction.allowPatterns', options.allowPatterns ?? [], '').map(
    (pattern) => new RegExp(`^(?:${pattern.source})$`),
  );

  const redactor: Redactor = {
    isEnabled,
    redact(text: string): RedactionResult {
      if (!isEnabled || text.length === 0) return { text, findings: [] };
      let spans: SecretSpan[] = [];
      for (const detector of detectors) detector.find(text, spans);
      if (allowPatterns.length > 0) {
        spans = spans.filter((span) => !allowPatterns.some((pattern) => pattern.test(text.slice(span.start, span.end))));
      }
      if (spans.length === 0) return { text, findings: [] };
      return applySpans(text, mergeSecretSpans(spans));
    },
    redactValue<T>(value: T): RedactedValue<T> {
      return isEnabled ? redactValue(value, (text) => redactor.redact(text)) : { value, findings: [] };
    },
  };
  return redactor;
}
