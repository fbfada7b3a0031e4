/** The code of a source file (comments and string literals each replaced by one space) and its prose (those comments and literals, one per line). */
export interface CodeAndProse {
  code: string;
  prose: string;
}

const SLASH = 0x2f;
const STAR = 0x2a;
const HASH = 0x23;
const BACKSLASH = 0x5c;
const SINGLE_QUOTE = 0x27;
const DOUBLE_QUOTE = 0x22;
const BACKTICK = 0x60;
const LINE_FEED = 0x0a;

/**
 * Splits `content` exactly as a global replace of this expression would,
 * each match becoming one space of code and one line of prose:
 *
 *     /\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?:^|\s)#[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g
 *
 * A block comment, a line comment (`//`, or `#` at the start or after a
 * white-space character, which is part of the match), or a single-, double-
 * or back-quoted literal; an unterminated one is no match, and the scan goes
 * on from its next character.
 *
 * Written by hand rather than as that replace: every file of the workspace
 * goes through it, and one pass over char codes that slices each piece once
 * costs a fraction of the regular expression's backtracking and callback per
 * match. No tokenizer library splits code from prose across languages (JS,
 * Python, shell, …) this loosely and this fast.
 */
export function splitCodeAndProse(content: string): CodeAndProse {
  const codeParts: string[] = [];
  const proseParts: string[] = [];
  const length = content.length;
  // Once no `*/` follows some position, none follows any later one.
  let hasBlockEnd = true;
  let segmentStart = 0;
  let index = 0;
  while (index < length) {
    const code = content.charCodeAt(index);
    let end = -1;
    if (code === SLASH) {
      const next = content.charCodeAt(index + 1);
      if (next === STAR && hasBlockEnd) {
        const close = content.indexOf('*/', index + 2);
        if (close === -1) hasBlockEnd = false;
        else end = close + 2;
      } else if (next === SLASH) end = lineEndOf(content, index + 2);
    } else if (code === SINGLE_QUOTE || code === DOUBLE_QUOTE) end = quotedEndOf(content, index, code);
    else if (code === BACKTICK) end = templateEndOf(content, index);
    else if (code === HASH) {
      if (index === 0) end = lineEndOf(content, 1);
    } else if (content.charCodeAt(index + 1) === HASH && isWhiteSpace(code)) end = lineEndOf(content, index + 2);
    if (end === -1) {
      index += 1;
      continue;
    }
    codeParts.push(content.slice(segmentStart, index));
    proseParts.push(content.slice(index, end));
    index = end;
    segmentStart = end;
  }
  if (proseParts.length === 0) return { code: content, prose: '' };
  codeParts.push(content.slice(segmentStart));
  return { code: codeParts.join(' '), prose: proseParts.join('\n') };
}

function lineEndOf(content: string, from: number): number {
  const end = content.indexOf('\n', from);
  return end === -1 ? content.length : end;
}

/** `'(?:[^'\\\n]|\\.)*'`: no raw line feed; a backslash escapes any character but a line terminator. */
function quotedEndOf(content: string, start: number, quote: number): number {
  const length = content.length;
  for (let index = start + 1; index < length; index += 1) {
    const code = content.charCodeAt(index);
    if (code === quote) return index + 1;
    if (code === LINE_FEED) return -1;
    if (code === BACKSLASH) {
      if (index + 1 >= length || isLineTerminator(content.charCodeAt(index + 1))) return -1;
      index += 1;
    }
  }
  return -1;
}

/** `` `(?:[^`\\]|\\.)*` ``: line feeds allowed; a backslash escapes any character but a line terminator. */
function templateEndOf(content: string, start: number): number {
  const length = content.length;
  for (let index = start + 1; index < length; index += 1) {
    const code = content.charCodeAt(index);
    if (code === BACKTICK) return index + 1;
    if (code === BACKSLASH) {
      if (index + 1 >= length || isLineTerminator(content.charCodeAt(index + 1))) return -1;
      index += 1;
    }
  }
  return -1;
}

/** What `.` does not match. */
function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** `\s` of a JavaScript regular expression. */
function isWhiteSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
