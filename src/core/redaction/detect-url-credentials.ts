import { isAlphanumeric, isBlank, isLineBreak } from './char-codes.js';
import { isPlaceholderValue } from './is-placeholder-value.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';

/** Longest URL scheme looked at (`postgresql+asyncpg` is 18). */
const MAX_SCHEME_CHARS = 32;
/** Longest `user:password@host` authority looked at, in characters. */
const MAX_AUTHORITY_CHARS = 512;
/** Shortest password redacted: `user:pw@` is more likely an example than a secret. */
const MIN_URL_PASSWORD_CHARS = 4;

/** Characters that end a URL's authority (RFC 3986: `/`, `?`, `#`), plus what ends a URL in text. */
function endsAuthority(code: number): boolean {
  return code !== code || code === 47 || code === 63 || code === 35 || isBlank(code) || isLineBreak(code) || code === 34 || code === 39 || code === 96 || code === 60 || code === 62 || code === 92;
}

function isSchemeCharacter(code: number): boolean {
  return isAlphanumeric(code) || code === 43 || code === 45 || code === 46;
}

/**
 * Finds the password of `scheme://user:password@host` URLs (database,
 * broker and Git remotes). Only the password is redacted, so the model still
 * sees which service and user are meant: `postgres://app:[REDACTED:url-password]@db/app`.
 */
export function createUrlCredentialsDetector(): SecretDetector {
  return {
    find(text: string, found: SecretSpan[]): void {
      let separator = text.indexOf('://');
      while (separator !== -1) {
        let schemeStart = separator;
        while (schemeStart > 0 && separator - schemeStart < MAX_SCHEME_CHARS && isSchemeCharacter(text.charCodeAt(schemeStart - 1))) schemeStart -= 1;
        const authorityStart = separator + 3;
        let authorityEnd = authorityStart;
        const limit = Math.min(text.length, authorityStart + MAX_AUTHORITY_CHARS);
        while (authorityEnd < limit && !endsAuthority(text.charCodeAt(authorityEnd))) authorityEnd += 1;
        const authority = text.slice(authorityStart, authorityEnd);
        const at = authority.lastIndexOf('@');
        const colon = at === -1 ? -1 : authority.indexOf(':');
        if (schemeStart < separator && colon !== -1 && colon < at && at < authority.length - 1) {
          const user = authority.slice(0, colon);
          const password = authority.slice(colon + 1, at);
          if (password.length >= MIN_URL_PASSWORD_CHARS && !isPlaceholderValue(password, 'password') && password !== user) {
            const start = authorityStart + colon + 1;
            found.push({ start, end: start + password.length, kind: 'url-password', priority: DETECTOR_PRIORITY.urlPassword });
          }
        }
        separator = text.indexOf('://', Math.max(separator + 3, authorityEnd));
      }
    },
  };
}
