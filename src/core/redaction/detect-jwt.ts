import { decodeBase64Prefix, isBase64UrlCharacter } from './char-codes.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';

/** Longest JWT header, payload and signature segments considered, in characters. */
const MAX_JWT_HEADER_CHARS = 1024;
const MAX_JWT_PAYLOAD_CHARS = 16 * 1024;
const MAX_JWT_SIGNATURE_CHARS = 1024;
/** Shortest header and payload: `{"alg":"x"}` is already 15 characters of base64url. */
const MIN_JWT_SEGMENT_CHARS = 10;

/** Offset past a run of base64url characters from `start`, or -1 when the run is shorter than `min` or longer than `max`. */
function segmentEnd(text: string, start: number, min: number, max: number): number {
  let position = start;
  while (position - start <= max && isBase64UrlCharacter(text.charCodeAt(position))) position += 1;
  const length = position - start;
  return length < min || length > max ? -1 : position;
}

/**
 * Finds JSON Web Tokens: `eyJ<header>.eyJ<payload>.<signature>`, where the
 * header decodes to JSON naming an algorithm. The signature may be empty
 * (unsigned tokens still carry claims).
 */
export function createJwtDetector(): SecretDetector {
  return {
    find(text: string, found: SecretSpan[]): void {
      const candidates = /eyJ/g;
      for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
        const start = match.index;
        if (start > 0 && isBase64UrlCharacter(text.charCodeAt(start - 1))) continue;
        const headerEnd = segmentEnd(text, start, MIN_JWT_SEGMENT_CHARS, MAX_JWT_HEADER_CHARS);
        if (headerEnd === -1 || text.charCodeAt(headerEnd) !== 46 || !text.startsWith('eyJ', headerEnd + 1)) continue;
        const payloadEnd = segmentEnd(text, headerEnd + 1, MIN_JWT_SEGMENT_CHARS, MAX_JWT_PAYLOAD_CHARS);
        if (payloadEnd === -1 || text.charCodeAt(payloadEnd) !== 46) continue;
        const end = segmentEnd(text, payloadEnd + 1, 0, MAX_JWT_SIGNATURE_CHARS);
        if (end === -1) continue;
        const header = decodeBase64Prefix(text.slice(start, headerEnd), MAX_JWT_HEADER_CHARS);
        if (header === undefined || !header.includes('"alg"')) continue;
        found.push({ start, end, kind: 'jwt', priority: DETECTOR_PRIORITY.tokenFormat });
        candidates.lastIndex = end;
      }
    },
  };
}
