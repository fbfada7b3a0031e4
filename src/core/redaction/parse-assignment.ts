import { isAlphanumeric, isBlank, isLineBreak } from './char-codes.js';

/** Longest value of an assignment looked at, in characters. */
export const MAX_ASSIGNMENT_VALUE_CHARS = 1024;
/** Most blanks around an assignment operator. */
const MAX_OPERATOR_BLANKS = 8;
/** Longest text before a name on its line that still counts as the start of the line (`export `, `- `). */
const MAX_LINE_PREFIX_CHARS = 64;

/** What may come before a name at the start of a line: `.env`, shell, Dockerfile and YAML list prefixes. */
const LINE_PREFIXES: ReadonlySet<string> = new Set(['', 'export', '-', 'ENV', 'ARG', 'set']);

/** A TypeScript annotation between a name and `=`: `password: string = "..."`. */
const TYPE_ANNOTATION = /^:[ \t]*[A-Za-z_$][\w$.<>[\]|]{0,40}[ \t]*=(?![=>])/;

/** The value of `name <operator> value`, located in the text. */
export interface ParsedAssignment {
  valueStart: number;
  valueEnd: number;
  /** Between quotes or inside an XML element: its extent is exact. */
  isQuoted: boolean;
  /** `NAME=value` at the start of a line, as in `.env` files and shell scripts. */
  isEnvLine: boolean;
}

/** `"`, `'`, `` ` `` or a JSON-escaped `\"` at `position`, or '' when there is no quote there. */
function quoteAt(text: string, position: number): string {
  const code = text.charCodeAt(position);
  if (code === 92 && text.charCodeAt(position + 1) === 34) return '\\"';
  return code === 34 || code === 39 || code === 96 ? text.charAt(position) : '';
}

/** The quote that opens a quoted name ending just before `nameStart`. */
function quoteBefore(text: string, nameStart: number): string {
  const code = text.charCodeAt(nameStart - 1);
  if (code === 34 && text.charCodeAt(nameStart - 2) === 92) return '\\"';
  return code === 34 || code === 39 ? text.charAt(nameStart - 1) : '';
}

function isAtLineStart(text: string, position: number): boolean {
  let lineStart = position;
  while (lineStart > 0 && position - lineStart <= MAX_LINE_PREFIX_CHARS && !isLineBreak(text.charCodeAt(lineStart - 1))) lineStart -= 1;
  if (lineStart > 0 && !isLineBreak(text.charCodeAt(lineStart - 1))) return false;
  return LINE_PREFIXES.has(text.slice(lineStart, position).trim());
}

function skipBlanks(text: string, position: number): number {
  let next = position;
  while (next - position < MAX_OPERATOR_BLANKS && isBlank(text.charCodeAt(next))) next += 1;
  return next;
}

/** Offset of the closing `quote` of a value opened at `start` (after the quote), on the same line, or -1. */
function closingQuote(text: string, start: number, quote: string): number {
  const limit = Math.min(text.length, start + MAX_ASSIGNMENT_VALUE_CHARS + 1);
  for (let position = start; position < limit; position += 1) {
    const code = text.charCodeAt(position);
    if (isLineBreak(code)) return -1;
    if (text.startsWith(quote, position)) return position;
    if (code === 92 && quote.length === 1) position += 1;
  }
  return -1;
}

/** End of an unquoted value: the line for `.env`/YAML/INI lines, else the first separator. */
function unquotedEnd(text: string, start: number, isWholeLine: boolean): number {
  const limit = Math.min(text.length, start + MAX_ASSIGNMENT_VALUE_CHARS + 1);
  let position = start;
  while (position < limit) {
    const code = text.charCodeAt(position);
    if (isLineBreak(code)) break;
    // An inline value ends where a query string, a shell word or code would continue.
    if (!isWholeLine && (code <= 32 || code >= 127 || '"\'`&;,)]}<>|\\'.includes(text.charAt(position)))) break;
    // ` #` starts a comment in .env, YAML, TOML and INI.
    if (isWholeLine && code === 35 && position > start && isBlank(text.charCodeAt(position - 1))) break;
    position += 1;
  }
  if (position - start > MAX_ASSIGNMENT_VALUE_CHARS) return -1;
  while (position > start && isBlank(text.charCodeAt(position - 1))) position -= 1;
  return position;
}

/**
 * Reads `name <op> value` where the name spans `[nameStart, nameEnd)`:
 * `NAME=value` (.env, shell, INI, properties, query strings), `name: value`
 * (YAML, HTTP headers), `"name": "value"` (JSON, also JSON-escaped inside
 * a string), `name = "value"` (TOML, code), `name := "value"` (Go),
 * `"name" => "value"` (PHP, Ruby), `name: Type = "value"` (TypeScript) and
 * `<name>value</name>` (XML). Unquoted values are taken only where a
 * config format allows them (a whole line, or `name=value` without blanks),
 * never from code such as `password = options.password`. Returns undefined
 * when the name is not assigned a literal.
 */
export function parseAssignment(text: string, nameStart: number, nameEnd: number): ParsedAssignment | undefined {
  const nameQuote = quoteBefore(text, nameStart);
  let position = nameEnd;
  if (nameQuote !== '') {
    if (!text.startsWith(nameQuote, position)) return undefined;
    position += nameQuote.length;
  }
  if (text.charCodeAt(nameStart - 1) === 60 && text.charCodeAt(position) === 62) {
    const valueStart = position + 1;
    const window = text.slice(valueStart, valueStart + MAX_ASSIGNMENT_VALUE_CHARS + 1);
    const close = window.indexOf('<');
    if (close === -1 || /[\r\n]/.test(window.slice(0, close))) return undefined;
    return { valueStart, valueEnd: valueStart + close, isQuoted: true, isEnvLine: false };
  }
  const operatorStart = skipBlanks(text, position);
  const blanksBefore = operatorStart - position;
  position = operatorStart;
  const operatorCode = text.charCodeAt(position);
  // Most names are not followed by `=` or `:` (calls, member accesses, prose): leave early.
  if (operatorCode !== 61 && operatorCode !== 58) return undefined;
  const isLineStart = isAtLineStart(text, nameStart - nameQuote.length);
  let operator: string;
  const annotation = isLineStart || operatorCode !== 58 ? null : TYPE_ANNOTATION.exec(text.slice(position, position + 64));
  if (annotation !== null) {
    operator = '=';
    position += annotation[0].length;
  } else if (text.startsWith(':=', position)) {
    operator = ':=';
    position += 2;
  } else if (text.startsWith('=>', position)) {
    operator = '=>';
    position += 2;
  } else if (text.charCodeAt(position) === 61 && text.charCodeAt(position + 1) !== 61) {
    operator = '=';
    position += 1;
  } else if (text.charCodeAt(position) === 58 && text.charCodeAt(position + 1) !== 58) {
    operator = ':';
    position += 1;
  } else {
    return undefined;
  }
  const valueStart = skipBlanks(text, position);
  const blanksAfter = valueStart - position;
  const isEnvLine = isLineStart && operator === '=' && nameQuote === '' && blanksBefore === 0 && blanksAfter === 0;
  let quoteStart = valueStart;
  // Python byte, raw and unicode string prefixes: b"...", r'...', u"...".
  if ('bBrRuU'.includes(text.charAt(quoteStart)) && quoteAt(text, quoteStart + 1) !== '' && !isAlphanumeric(text.charCodeAt(quoteStart - 1))) quoteStart += 1;
  const quote = quoteAt(text, quoteStart);
  if (quote !== '') {
    const start = quoteStart + quote.length;
    const end = closingQuote(text, start, quote);
    return end === -1 ? undefined : { valueStart: start, valueEnd: end, isQuoted: true, isEnvLine };
  }
  const isLineValue = isLineStart && (operator === '=' || (operator === ':' && (blanksAfter > 0 || isLineBreak(text.charCodeAt(valueStart)))));
  const isInlineValue = operator === '=' && blanksBefore === 0 && blanksAfter === 0;
  if (!isLineValue && !isInlineValue) return undefined;
  // YAML block scalars, anchors, aliases, tags and flow collections are not literal values.
  if (operator === ':' && '|>&*!{['.includes(text.charAt(valueStart))) return undefined;
  const valueEnd = unquotedEnd(text, valueStart, isLineValue);
  return valueEnd === -1 ? undefined : { valueStart, valueEnd, isQuoted: false, isEnvLine };
}
