import { isPlaceholderValue } from './is-placeholder-value.js';
import { isSecretEnvironmentName } from './secret-name.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';

/** Shortest environment value looked for: shorter ones (`XDG_SESSION_ID=2`) would redact ordinary text. */
export const MIN_ENVIRONMENT_SECRET_CHARS = 8;
/** Longest environment value looked for; longer ones (a whole PEM key) are left to the format detectors. */
export const MAX_ENVIRONMENT_SECRET_CHARS = 16 * 1024;
/** Most secret variables looked for, so each scan stays a bounded number of passes over the text. */
export const MAX_ENVIRONMENT_SECRETS = 128;

/** Environment variables, as `process.env` holds them. */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/** One value to look for, and the variable it came from. */
export interface EnvironmentSecret {
  name: string;
  value: string;
}

/**
 * The values worth looking for in output: those of variables whose name
 * looks secret (see isSecretEnvironmentName) or that are listed in
 * `secretVariables`, at least MIN_ENVIRONMENT_SECRET_CHARS long and not a
 * placeholder or a path. Each value is also looked for URL-encoded and
 * JSON-escaped, as it appears in URLs and `--json` output. Longest first, at
 * most MAX_ENVIRONMENT_SECRETS values.
 */
export function selectEnvironmentSecrets(env: EnvironmentVariables, secretVariables: readonly string[] = []): EnvironmentSecret[] {
  const named = new Set(secretVariables);
  const secrets: EnvironmentSecret[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !(named.has(name) || isSecretEnvironmentName(name))) continue;
    const trimmed = value.trim();
    if (trimmed.length < MIN_ENVIRONMENT_SECRET_CHARS || trimmed.length > MAX_ENVIRONMENT_SECRET_CHARS || isPlaceholderValue(trimmed)) continue;
    const forms = new Set([trimmed, encodeURIComponent(trimmed), JSON.stringify(trimmed).slice(1, -1)]);
    for (const form of forms) secrets.push({ name, value: form });
  }
  return secrets.sort((left, right) => right.value.length - left.value.length).slice(0, MAX_ENVIRONMENT_SECRETS);
}

/**
 * Finds the values of the given secret variables wherever they appear
 * (validation output that echoes `$NPM_TOKEN`, a config dump, a stack
 * trace): `[REDACTED:env:NPM_TOKEN]`. One `indexOf` pass per value.
 */
export function createEnvironmentValueDetector(secrets: readonly EnvironmentSecret[]): SecretDetector {
  return {
    find(text: string, found: SecretSpan[]): void {
      for (const secret of secrets) {
        for (let start = text.indexOf(secret.value); start !== -1; start = text.indexOf(secret.value, start + secret.value.length)) {
          found.push({ start, end: start + secret.value.length, kind: `env:${secret.name}`, priority: DETECTOR_PRIORITY.environmentValue });
        }
      }
    },
  };
}
