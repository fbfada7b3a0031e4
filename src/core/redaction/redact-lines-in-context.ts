import { formatRedactionMarker } from './redaction-marker.js';

/** Redacts text (a Redactor's `redact(text).text`). */
export type RedactTextFunction = (text: string) => string;

/**
 * A line that is base64 only (PEM and PGP key bodies, a base64-encoded key
 * file) and so may be part of a multi-line secret whose header is elsewhere:
 * redacted alone, it shows as it is. Plain words pass too (`Error`,
 * `README2`); they only cost a look at the whole file.
 */
const KEY_BODY_LINE_PATTERN = /^[A-Za-z0-9+/]{4,}={0,3}$/;

/**
 * The text that replaces a line that may lie inside a key block when the
 * whole file could not be checked.
 */
export const UNCHECKED_KEY_LINE = formatRedactionMarker('private-key');

/**
 * Whether a line shown out of its file (a search match) could lie inside a
 * multi-line secret, a PEM key block whose header it does not show: its
 * trimmed text is base64 and mixes cases or has a digit or `+`/`/`.
 */
export function couldBeInsideKeyBlock(line: string): boolean {
  const text = line.trim();
  if (!KEY_BODY_LINE_PATTERN.test(text)) return false;
  return /[0-9+/]/.test(text) || (/[a-z]/.test(text) && /[A-Z]/.test(text));
}

/**
 * The redacted text of some lines of a file, redacting the whole file: a line
 * inside a PEM key block is redacted even when the lines shown hold no
 * header, and a value is redacted by the secret name on the line above it.
 * Redaction keeps line numbers (a multi-line secret becomes one marker and as
 * many line breaks), so line `n` of the redacted file is line `n` of the
 * file; a line inside a block comes back empty, the block's first line as
 * the marker.
 *
 * @param lines 1-based line numbers.
 * @returns each line's redacted text, or null when the redacted file has not
 * the same number of lines (the caller must then hide the lines it cannot
 * vouch for).
 * @example
 * redactLinesInContext(redact, pemFile, [5]) // Map { 5 => '' }: a body line of the key
 */
export function redactLinesInContext(redact: RedactTextFunction, fileText: string, lines: readonly number[]): Map<number, string> | null {
  const real = fileText.split('\n');
  const redacted = redact(fileText).split('\n');
  if (real.length !== redacted.length) return null;
  const shown = new Map<number, string>();
  for (const line of lines) {
    const text = redacted[line - 1];
    if (text !== undefined) shown.set(line, text);
  }
  return shown;
}
