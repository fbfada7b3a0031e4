/**
 * Character tests on UTF-16 code units, for the hand-written scanners: they
 * walk the text with `charCodeAt`, which keeps them linear and allocation-free.
 */

/** `A-Z`, `a-z` or `0-9`. */
export function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** `A-Z`, `a-z`, `0-9` or `_`. */
export function isWordCharacter(code: number): boolean {
  return isAlphanumeric(code) || code === 95;
}

/** `A-Z`, `a-z`, `0-9`, `_` or `-`: the base64url alphabet. */
export function isBase64UrlCharacter(code: number): boolean {
  return isWordCharacter(code) || code === 45;
}

/** `A-Z`, `a-z`, `0-9`, `+`, `/` or `=`: the standard base64 alphabet with padding. */
export function isBase64Character(code: number): boolean {
  return isAlphanumeric(code) || code === 43 || code === 47 || code === 61;
}

/** Space or tab. */
export function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

/** `\n` or `\r`. */
export function isLineBreak(code: number): boolean {
  return code === 10 || code === 13;
}

/**
 * Decodes up to `maxChars` leading characters of base64 or base64url text
 * into a Latin-1 string, or returns undefined when they are not valid base64.
 * Uses `atob`, which Node and browsers both provide.
 */
export function decodeBase64Prefix(text: string, maxChars: number): string | undefined {
  let usable = text.slice(0, maxChars).replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  usable = usable.slice(0, usable.length - (usable.length % 4 === 1 ? 1 : 0));
  if (!/^[A-Za-z0-9+/]*$/.test(usable)) return undefined;
  return atob(usable + '='.repeat((4 - (usable.length % 4)) % 4));
}
