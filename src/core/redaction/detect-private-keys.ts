import { decodeBase64Prefix, isBase64Character, isBlank, isLineBreak } from './char-codes.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';

/** Longest PEM block looked for, in characters: a 4096-bit RSA or PGP key fits several times over. */
export const MAX_PEM_BLOCK_CHARS = 64 * 1024;

/** Longest `-----BEGIN ... PRIVATE KEY-----` label, in characters. */
const MAX_PEM_LABEL_CHARS = 64;

/** `-----BEGIN ` in base64, as it starts the base64 of a PEM file (`base64 key.pem`, a Kubernetes Secret). */
const BASE64_PEM_START = 'LS0tLS1CRUdJTi';

/** Base64 characters decoded to read the label of a base64-encoded PEM block. */
const BASE64_LABEL_CHARS = 96;

const PRIVATE_LABEL = /^[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?$/;

/** Fewest base64 characters in a body for a BEGIN line to be a key rather than a mention of one. */
const MIN_PEM_BODY_CHARS = 40;

/** Most `Name: value` header lines before a PEM body (old encrypted keys have two). */
const MAX_PEM_HEADERS = 4;

/**
 * Whether `[start, end)` is a key body: base64 lines (also joined by JSON's
 * escaped `\n`), optionally after `Proc-Type:`-style headers. A comment
 * that mentions `-----BEGIN RSA PRIVATE KEY----- ... -----END RSA PRIVATE
 * KEY-----` is not. Stops at the first character that cannot be in a body,
 * so checking many BEGIN lines stays linear.
 */
function isPemBody(text: string, start: number, end: number): boolean {
  let position = start;
  for (let headers = 0; headers < MAX_PEM_HEADERS; headers += 1) {
    const header = /^(?:\s|\\[nr])*[A-Za-z-]{1,32}: [^\r\n\\]{0,128}/.exec(text.slice(position, Math.min(end, position + 200)));
    if (header === null) break;
    position += header[0].length;
  }
  let base64Chars = 0;
  while (position < end) {
    const code = text.charCodeAt(position);
    const next = text.charCodeAt(position + 1);
    if (isBase64Character(code)) base64Chars += 1;
    else if (code === 92 && (next === 110 || next === 114)) position += 1;
    else if (!isBlank(code) && !isLineBreak(code)) return false;
    position += 1;
  }
  return base64Chars >= MIN_PEM_BODY_CHARS;
}

/** End of a PEM body cut short (a truncated read): the base64 lines from `start`, bounded. */
function truncatedBodyEnd(text: string, start: number): number {
  const limit = Math.min(text.length, start + MAX_PEM_BLOCK_CHARS);
  let position = start;
  let lineEnd = start;
  while (position < limit) {
    const code = text.charCodeAt(position);
    // A backslash is allowed for the escaped `\n` of a key inside a JSON string.
    if (isBase64Character(code) || code === 92) {
      position += 1;
      lineEnd = position;
      continue;
    }
    if (!isLineBreak(code)) break;
    position += 1;
    while (position < limit && (isLineBreak(text.charCodeAt(position)) || isBlank(text.charCodeAt(position)))) position += 1;
  }
  return lineEnd;
}

function findPemBlocks(text: string, found: SecretSpan[]): void {
  const candidates = /-----BEGIN /g;
  // Offset of the next `-----END ` at or after the last search point, found by one forward
  // scan shared by all candidates, so many BEGIN lines without an END stay linear.
  let nextEnd = -1;
  for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
    const labelStart = match.index + match[0].length;
    const labelEnd = text.slice(labelStart, labelStart + MAX_PEM_LABEL_CHARS + 5).indexOf('-----');
    if (labelEnd === -1) continue;
    const label = text.slice(labelStart, labelStart + labelEnd);
    if (!PRIVATE_LABEL.test(label)) continue;
    const bodyStart = labelStart + labelEnd + 5;
    if (nextEnd !== Number.POSITIVE_INFINITY && nextEnd < bodyStart) {
      const index = text.indexOf('-----END ', bodyStart);
      nextEnd = index === -1 ? Number.POSITIVE_INFINITY : index;
    }
    const endLine = `-----END ${label}-----`;
    const isClosed = nextEnd - bodyStart <= MAX_PEM_BLOCK_CHARS && text.startsWith(endLine, nextEnd);
    const bodyEnd = isClosed ? nextEnd : truncatedBodyEnd(text, bodyStart);
    if (!isPemBody(text, bodyStart, bodyEnd)) continue;
    const end = isClosed ? nextEnd + endLine.length : bodyEnd;
    found.push({ start: match.index, end, kind: 'private-key', priority: DETECTOR_PRIORITY.privateKey });
    candidates.lastIndex = end;
  }
}

/**
 * Offset past a run of base64 from `start` that may be wrapped over lines
 * (with indentation; each continuation line all base64), reading at most
 * `maxChars` characters; `chars` receives the base64 characters read,
 * without line breaks.
 */
function readBase64Run(text: string, start: number, maxChars: number, chars: string[]): number {
  const limit = Math.min(text.length, start + maxChars);
  let position = start;
  let runStart = start;
  while (position < limit) {
    const code = text.charCodeAt(position);
    if (isBase64Character(code)) {
      position += 1;
      continue;
    }
    let next = position;
    if (code === 13 && text.charCodeAt(next + 1) === 10) next += 2;
    else if (code === 10) next += 1;
    else break;
    while (isBlank(text.charCodeAt(next))) next += 1;
    // Continue only onto a line that is base64 to its end: `kind: Secret` after a wrapped key is not part of it.
    let lineEnd = next;
    while (lineEnd < limit && isBase64Character(text.charCodeAt(lineEnd))) lineEnd += 1;
    if (lineEnd === next || !(lineEnd === text.length || isLineBreak(text.charCodeAt(lineEnd)))) break;
    chars.push(text.slice(runStart, position));
    position = next;
    runStart = next;
  }
  chars.push(text.slice(runStart, position));
  return position;
}

function findBase64PemBlocks(text: string, found: SecretSpan[]): void {
  let start = text.indexOf(BASE64_PEM_START);
  while (start !== -1) {
    let next = start + 1;
    if (start === 0 || !isBase64Character(text.charCodeAt(start - 1))) {
      // Read only enough to decode the label first: most candidates are certificates.
      const head: string[] = [];
      readBase64Run(text, start, BASE64_LABEL_CHARS * 2, head);
      const decoded = decodeBase64Prefix(head.join(''), BASE64_LABEL_CHARS);
      const label = decoded?.startsWith('-----BEGIN ') === true ? decoded.slice('-----BEGIN '.length).split('-----')[0] : undefined;
      if (label !== undefined && PRIVATE_LABEL.test(label)) {
        const end = readBase64Run(text, start, MAX_PEM_BLOCK_CHARS, []);
        found.push({ start, end, kind: 'private-key', priority: DETECTOR_PRIORITY.privateKey });
        next = end;
      }
    }
    start = text.indexOf(BASE64_PEM_START, next);
  }
}

/**
 * Finds PEM private key blocks (`-----BEGIN RSA PRIVATE KEY-----` ...
 * `-----END RSA PRIVATE KEY-----`, and the OPENSSH, EC, ENCRYPTED, PGP and
 * plain PKCS#8 labels), also inside JSON strings with escaped `\n`, a block
 * cut short by a read limit, and base64 of a PEM private key (wrapped or
 * not). Certificates and public keys are left alone.
 */
export function createPrivateKeyDetector(): SecretDetector {
  return {
    find(text: string, found: SecretSpan[]): void {
      findPemBlocks(text, found);
      findBase64PemBlocks(text, found);
    },
  };
}
