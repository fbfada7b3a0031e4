import { isPlaceholderValue } from './is-placeholder-value.js';
import type { SecretNameClass } from './secret-name.js';

/** Shortest value redacted under a name that clearly says secret (`DB_PASSWORD=hunter`). */
export const MIN_STRONG_SECRET_CHARS = 6;

/** Shortest value redacted under a name that only may say secret (`CACHE_KEY`); it must also look random. */
export const MIN_WEAK_SECRET_CHARS = 12;

/** Where a value was written, which decides how much of the text around it can be trusted. */
export interface SecretValueContext {
  /** The value was written between quotes (or inside an XML element), so its extent is exact. */
  isQuoted: boolean;
  /** A `.env` line (`NAME=value` at the start of a line): the strongest evidence that the value is a setting. */
  isEnvLine: boolean;
}

/** An expression rather than a literal: a call, an index, a member access (`config.password`), a statement end. */
function looksLikeCode(value: string): boolean {
  return /[()[\]{};,]/.test(value) || /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value);
}

/**
 * Random-looking enough for a name that only may say secret: letters and
 * digits. A random 12-character base62 string lacks a digit only one time in
 * nine, while identifiers and words (`cleanupProjectsAndScriptInfos`) rarely have one.
 */
function looksRandom(value: string): boolean {
  return /[0-9]/.test(value) && /[A-Za-z]/.test(value);
}

/** Shortest average run of lower-case letters in words; random mixed-case letters average about 2. */
const MIN_WORD_LOWERCASE_RUN = 3;

/**
 * Words and identifiers rather than a secret: every piece between
 * punctuation is letters only, in long lower-case runs (`same-origin`,
 * `tokenAfterItem`, `?InterpolationInJSX`, `__vite_ssr_exportAll__`).
 * Random letters (`dXNlcjpwYXNz`) switch case every couple of letters.
 */
function looksLikeWords(value: string): boolean {
  const pieces = value.split(/[^A-Za-z0-9]+/).filter((piece) => piece.length > 0);
  return (
    pieces.length > 0 &&
    pieces.every((piece) => {
      if (!/^[A-Za-z]+$/.test(piece)) return false;
      const lowercaseRuns = piece.match(/[a-z]+/g) ?? [];
      const lowercaseLetters = lowercaseRuns.reduce((sum, run) => sum + run.length, 0);
      // An all-caps piece is an acronym or a constant name (`JSX`, `SAME_ORIGIN`).
      return lowercaseRuns.length === 0 || lowercaseLetters >= MIN_WORD_LOWERCASE_RUN * lowercaseRuns.length;
    })
  );
}

/**
 * Whether a value assigned to a secret-looking name should be redacted. It
 * must not be a placeholder (see isPlaceholderValue), must be printable
 * ASCII without whitespace (except quoted in a `.env` line: a passphrase)
 * and long enough. Outside `.env` lines it must not be made of words or
 * identifiers, and unquoted it must not be an expression. Under a weak name
 * (`CACHE_KEY`) it must mix letters and digits.
 */
export function isLikelySecretValue(value: string, name: string, nameClass: SecretNameClass, context: SecretValueContext): boolean {
  if (isPlaceholderValue(value, name)) return false;
  // Secrets are printable ASCII; translated messages and prose are not. A quoted .env value may be a passphrase.
  const isPassphrase = context.isEnvLine && context.isQuoted;
  if (!(isPassphrase ? /^[\x20-\x7e]+$/ : /^[\x21-\x7e]+$/).test(value)) return false;
  if (nameClass.strength === 'weak') return value.length >= MIN_WEAK_SECRET_CHARS && looksRandom(value) && !looksLikeCode(value);
  if (value.length < MIN_STRONG_SECRET_CHARS) return false;
  if (context.isEnvLine) return true;
  if (looksLikeWords(value)) return false;
  return context.isQuoted || !looksLikeCode(value);
}
