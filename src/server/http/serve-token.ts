import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of randomness in a token: 256 bits, as base64url (43 characters). */
const TOKEN_BYTES = 32;

/** A new bearer token for one start of `serve`. */
export function createServeToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * Whether `candidate` is `token`, in time that does not depend on where they
 * differ (nor, since both are hashed to 32 bytes first, on their lengths).
 */
export function isSameToken(candidate: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(candidate), digest(token));
}
