import { isBlank, isWordCharacter } from './char-codes.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';
import { TOKEN_FORMATS, type TokenFormat } from './token-formats.js';

/**
 * How many line breaks a token may be split by and still be found whole: a
 * terminal or a log wrapper that wrapped `ghp_...` leaves the first part
 * too short to match, and the rest would leak.
 */
export const MAX_TOKEN_LINE_BREAKS = 1;

/** A token whose body is filler: one repeated character, `xxxxx`, or AWS's documented `...EXAMPLE` keys. */
function isFillerBody(body: string): boolean {
  return new Set(body.replace(/[-_.]/g, '')).size < 5 || /x{5}|X{5}|EXAMPLE|example/.test(body);
}

/**
 * A format with its body characters as an ASCII lookup table (the body walk
 * is the hot loop), built when its prefix is first found (building all of
 * them cost every command that prints anything about 2 ms, issue 21), and
 * the last run of body characters it walked: a candidate starting inside
 * that run resumes at its end instead of walking it again, so repeated
 * prefixes (`sk-sk-sk-...`) stay linear.
 */
interface CompiledFormat extends TokenFormat {
  bodyTable: Uint8Array | null;
  knownRun: { start: number; end: number };
}

function compileFormat(format: TokenFormat): CompiledFormat {
  return { ...format, bodyTable: null, knownRun: { start: 0, end: 0 } };
}

function bodyTableOf(format: CompiledFormat): Uint8Array {
  if (format.bodyTable !== null) return format.bodyTable;
  const bodyTable = new Uint8Array(128);
  for (let code = 0; code < 128; code += 1) bodyTable[code] = format.isBodyCharacter(code) ? 1 : 0;
  format.bodyTable = bodyTable;
  return bodyTable;
}

/** Offset just past the body of `format` starting at `start`, or -1 when the text there is not this format. */
function matchBody(text: string, start: number, format: CompiledFormat): number {
  const table = bodyTableOf(format);
  const isKnown = start >= format.knownRun.start && start < format.knownRun.end;
  let position = isKnown ? format.knownRun.end : start;
  let bodyLength = position - start;
  let lineBreaks = 0;
  let runEnd = -1;
  while (bodyLength <= format.maxLength) {
    const code = text.charCodeAt(position);
    if (code < 128 && table[code] === 1) {
      bodyLength += 1;
      position += 1;
      continue;
    }
    if (runEnd === -1) runEnd = position;
    const breakLength = code === 10 ? 1 : code === 13 && text.charCodeAt(position + 1) === 10 ? 2 : 0;
    if (breakLength === 0 || bodyLength === 0 || bodyLength >= format.minLength || lineBreaks >= MAX_TOKEN_LINE_BREAKS) break;
    let next = position + breakLength;
    while (isBlank(text.charCodeAt(next))) next += 1;
    const nextCode = text.charCodeAt(next);
    if (!(nextCode < 128 && table[nextCode] === 1)) break;
    lineBreaks += 1;
    position = next;
  }
  format.knownRun.start = start;
  format.knownRun.end = runEnd === -1 ? position : runEnd;
  if (bodyLength < format.minLength || bodyLength > format.maxLength) return -1;
  const body = lineBreaks === 0 ? text.slice(start, position) : text.slice(start, position).replace(/\s+/g, '');
  if (isFillerBody(body)) return -1;
  if (format.isValidBody !== undefined && !format.isValidBody(body)) return -1;
  return position;
}

/**
 * Finds the prefixed credential formats of TOKEN_FORMATS (cloud, Git hosting
 * and CI, LLM providers, Slack, Stripe and others). One regular expression of
 * literal prefixes finds candidates; a bounded scan checks each body.
 */
export function createTokenFormatDetector(formats: readonly TokenFormat[] = TOKEN_FORMATS): SecretDetector {
  const byPrefixLength = formats.map(compileFormat).sort((left, right) => right.prefix.length - left.prefix.length);
  // Reset in place and one expression for every call (find is synchronous): this runs on every text shown or stored.
  const resetKnownRuns = () => {
    for (const format of byPrefixLength) {
      format.knownRun.start = 0;
      format.knownRun.end = 0;
    }
  };
  const prefixes = [...new Set(byPrefixLength.map((format) => format.prefix))];
  // The alternation tries longer prefixes first, so a match is the longest prefix there; the formats to
  // try are that prefix's and those of its shorter prefixes (`sk-ant-`, then `sk-`).
  const formatsByMatch = new Map(prefixes.map((prefix) => [prefix, byPrefixLength.filter((format) => prefix.startsWith(format.prefix))]));
  const source = prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  const candidates = new RegExp(source, 'g');
  return {
    find(text: string, found: SecretSpan[]): void {
      resetKnownRuns();
      candidates.lastIndex = 0;
      for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
        const start = match.index;
        candidates.lastIndex = start + 1;
        if (start > 0 && isWordCharacter(text.charCodeAt(start - 1))) continue;
        for (const format of formatsByMatch.get(match[0]) ?? []) {
          const end = matchBody(text, start + format.prefix.length, format);
          if (end === -1) continue;
          found.push({ start, end, kind: format.kind, priority: DETECTOR_PRIORITY.tokenFormat });
          candidates.lastIndex = end;
          break;
        }
      }
    },
  };
}
