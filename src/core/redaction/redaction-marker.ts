/**
 * The text that replaces a secret: `[REDACTED:<kind>]`. It keeps the shape
 * readable for the model (what was there, not what it was) and contains no
 * quote or backslash, so redacted JSON stays valid JSON.
 */
export function formatRedactionMarker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

/** Matches one redaction marker. Global: reset `lastIndex` or use `String.prototype.match`. */
export const REDACTION_MARKER_PATTERN = /\[REDACTED:[^\]\s]{1,256}\]/g;

/**
 * Whether `text` contains a redaction marker. Use it where redacted text could
 * flow back into the workspace: a patch whose old or new text contains a
 * marker was written against redacted content and must not be applied as is.
 */
export function containsRedactionMarker(text: string): boolean {
  return text.includes('[REDACTED:') && new RegExp(REDACTION_MARKER_PATTERN.source).test(text);
}
