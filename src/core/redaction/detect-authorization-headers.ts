import { isBlank } from './char-codes.js';
import { isPlaceholderValue } from './is-placeholder-value.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';

/** Shortest and longest credential after `Authorization: <scheme>`, in characters. */
const MIN_CREDENTIAL_CHARS = 8;
const MAX_CREDENTIAL_CHARS = 8 * 1024;

/** Characters of a bearer token or basic credential (RFC 6750 `b64token`). */
function isCredentialCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45 || code === 46 || code === 95 || code === 126 || code === 43 || code === 47 || code === 61;
}

/**
 * Finds the credential of `Authorization` and `Proxy-Authorization` headers
 * as they appear in logs, curl commands and HTTP dumps:
 * `Authorization: Bearer [REDACTED:authorization-header]`. The scheme word
 * (`Bearer`, `Basic`, `token`) stays readable.
 */
export function createAuthorizationHeaderDetector(): SecretDetector {
  return {
    find(text: string, found: SecretSpan[]): void {
      const candidates = /authorization/gi;
      for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
        let position = match.index + match[0].length;
        const skip = (isSkipped: (code: number) => boolean, max: number) => {
          for (let count = 0; count < max && isSkipped(text.charCodeAt(position)); count += 1) position += 1;
        };
        skip((code) => code === 34 || code === 39 || code === 96, 1);
        skip(isBlank, 4);
        if (text.charCodeAt(position) !== 58 && text.charCodeAt(position) !== 61) continue;
        position += 1;
        skip(isBlank, 4);
        skip((code) => code === 34 || code === 39 || code === 96, 1);
        skip(isBlank, 4);
        const schemeMatch = /^[A-Za-z]{2,16}[ \t]{1,4}/.exec(text.slice(position, position + 24));
        if (schemeMatch !== null) position += schemeMatch[0].length;
        const start = position;
        while (position - start <= MAX_CREDENTIAL_CHARS && isCredentialCharacter(text.charCodeAt(position))) position += 1;
        const length = position - start;
        if (length < MIN_CREDENTIAL_CHARS || length > MAX_CREDENTIAL_CHARS) continue;
        if (isPlaceholderValue(text.slice(start, position), 'token')) continue;
        found.push({ start, end: position, kind: 'authorization-header', priority: DETECTOR_PRIORITY.authorizationHeader });
        candidates.lastIndex = position;
      }
    },
  };
}
