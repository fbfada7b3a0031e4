import { InvalidInputError } from '../../core/index.js';

/**
 * Translates one glob in ripgrep's syntax (the Rust `globset` crate, as used
 * by `--glob` and by `.gitignore` files) into an anchored RegExp. The result
 * matches a *byte subject* (see toGlobSubject), because globset matches
 * bytes: `?` is one byte, so `?.txt` does not match `é.txt` in ripgrep
 * either.
 *
 * Syntax: `?` one byte except `/`; `*` any run without `/`; `**` as a whole
 * component (`**\/x`, `x/**`, `x/**\/y`) crosses directories, elsewhere it
 * acts as `*`; `[abc]`, `[a-z]`, `[!x]`/`[^x]` (classes match `/` too, as in
 * globset); `{a,b}` alternation (nestable, empty branches dropped); `\`
 * escapes the next character. Case-sensitive.
 *
 * Throws InvalidInputError naming `field` for the errors globset reports:
 * an unclosed class or group, an unopened group, an inverted range, a
 * dangling backslash.
 */
export function globToRegExp(glob: string, field = 'glob'): RegExp {
  const tokens = parseGlob(glob, (problem) => new InvalidInputError(field, `'${glob}' is not a valid glob: ${problem}`));
  const first = tokens[0];
  if (tokens.length === 1 && first?.kind === 'recursive-prefix') return /^.*$/s;
  return new RegExp(`^(?:${tokensToSource(tokens)})$`, 's');
}

/**
 * The string a glob RegExp is tested against: the path's UTF-8 bytes as
 * Latin-1 characters (one character per byte). ASCII paths are unchanged.
 */
export function toGlobSubject(path: string): string {
  // Most paths are ASCII: skip the copy for them.
  for (let index = 0; index < path.length; index += 1) {
    if (path.charCodeAt(index) > 0x7f) return Buffer.from(path, 'utf8').toString('latin1');
  }
  return path;
}

type GlobToken =
  | { kind: 'literal'; char: string }
  | { kind: 'any' }
  | { kind: 'zero-or-more' }
  | { kind: 'recursive-prefix' }
  | { kind: 'recursive-suffix' }
  | { kind: 'recursive-zero-or-more' }
  | { kind: 'class'; negated: boolean; ranges: Array<[number, number]> }
  | { kind: 'alternates'; branches: GlobToken[][] };

function parseGlob(glob: string, fail: (problem: string) => Error): GlobToken[] {
  const chars = Array.from(glob);
  let position = 0;
  let previous: string | undefined;
  let current: string | undefined;
  const bump = (): string | undefined => {
    previous = current;
    current = chars[position];
    position += 1;
    return current;
  };
  const peek = (): string | undefined => chars[position];
  // Each frame is an open `{...}` group; the bottom frame is the glob itself.
  const stack: GlobToken[][][] = [[[]]];
  const branch = (): GlobToken[] => {
    const frame = stack[stack.length - 1] as GlobToken[][];
    return frame[frame.length - 1] as GlobToken[];
  };
  const twoStars = (): void => {
    branch().push({ kind: 'zero-or-more' }, { kind: 'zero-or-more' });
  };

  const parseStar = (): void => {
    const before = previous;
    if (peek() !== '*') {
      branch().push({ kind: 'zero-or-more' });
      return;
    }
    bump();
    if (branch().length === 0) {
      const next = peek();
      if (next !== undefined && next !== '/') return twoStars();
      branch().push({ kind: 'recursive-prefix' });
      bump();
      return;
    }
    if (before !== '/' && (stack.length <= 1 || (before !== ',' && before !== '{'))) return twoStars();
    const next = peek();
    let isSuffix: boolean;
    if (next === undefined) {
      bump();
      isSuffix = true;
    } else if ((next === ',' || next === '}') && stack.length >= 2) {
      isSuffix = true;
    } else if (next === '/') {
      bump();
      isSuffix = false;
    } else {
      return twoStars();
    }
    // `/**` replaces the separator token before it; repeated `**` collapse.
    const replaced = branch().pop();
    if (replaced?.kind === 'recursive-prefix' || replaced?.kind === 'recursive-suffix') branch().push(replaced);
    else branch().push({ kind: isSuffix ? 'recursive-suffix' : 'recursive-zero-or-more' });
  };

  const parseClass = (): void => {
    let negated = false;
    if (peek() === '!' || peek() === '^') {
      bump();
      negated = true;
    }
    const ranges: Array<[number, number]> = [];
    let first = true;
    let inRange = false;
    for (;;) {
      const char = bump();
      if (char === undefined) throw fail("unclosed character class; missing ']'");
      const code = char.codePointAt(0) as number;
      if (char === ']' && !first) break;
      if (char === '-' && !first) {
        if (inRange) {
          extendRange(ranges, code, fail);
          inRange = false;
        } else inRange = true;
      } else if (inRange) {
        extendRange(ranges, code, fail);
        inRange = false;
      } else ranges.push([code, code]);
      first = false;
    }
    if (inRange) ranges.push([0x2d, 0x2d]);
    branch().push({ kind: 'class', negated, ranges });
  };

  for (let char = bump(); char !== undefined; char = bump()) {
    if (char === '?') branch().push({ kind: 'any' });
    else if (char === '*') parseStar();
    else if (char === '[') parseClass();
    else if (char === '{') stack.push([[]]);
    else if (char === '}') {
      if (stack.length <= 1) throw fail("unopened alternate group; missing '{'");
      const branches = stack.pop() as GlobToken[][];
      branch().push({ kind: 'alternates', branches });
    } else if (char === ',' && stack.length > 1) (stack[stack.length - 1] as GlobToken[][]).push([]);
    else if (char === '\\') {
      const escaped = bump();
      if (escaped === undefined) throw fail("dangling '\\'");
      branch().push({ kind: 'literal', char: escaped });
    } else branch().push({ kind: 'literal', char });
  }
  if (stack.length > 1) throw fail("unclosed alternate group; missing '}'");
  return stack[0]?.[0] ?? [];
}

function extendRange(ranges: Array<[number, number]>, end: number, fail: (problem: string) => Error): void {
  const last = ranges[ranges.length - 1] as [number, number];
  if (end < last[0]) throw fail(`invalid range; '${String.fromCodePoint(last[0])}' > '${String.fromCodePoint(end)}'`);
  last[1] = end;
}

function tokensToSource(tokens: readonly GlobToken[]): string {
  let source = '';
  for (const token of tokens) {
    switch (token.kind) {
      case 'literal':
        for (const byte of Buffer.from(token.char, 'utf8')) source += byteEscape(byte);
        break;
      case 'any':
        source += '[^/]';
        break;
      case 'zero-or-more':
        source += '[^/]*';
        break;
      case 'recursive-prefix':
        source += '(?:/?|.*/)';
        break;
      case 'recursive-suffix':
        source += '/.*';
        break;
      case 'recursive-zero-or-more':
        source += '(?:/|/.*/)';
        break;
      case 'class':
        source += classToSource(token.negated, token.ranges);
        break;
      case 'alternates': {
        const branches = token.branches.map(tokensToSource).filter((branch) => branch.length > 0);
        if (branches.length > 0) source += `(?:${branches.join('|')})`;
        break;
      }
    }
  }
  return source;
}

function classToSource(negated: boolean, ranges: ReadonlyArray<[number, number]>): string {
  // The subject holds bytes (0..255): members above 0xFF can never match one.
  const members = ranges
    .filter(([low]) => low <= 0xff)
    .map(([low, high]) => (low === high ? byteEscape(low) : `${byteEscape(low)}-${byteEscape(Math.min(high, 0xff))}`));
  if (members.length === 0) return negated ? '[\\s\\S]' : '[^\\s\\S]';
  return `[${negated ? '^' : ''}${members.join('')}]`;
}

function byteEscape(byte: number): string {
  return `\\x${byte.toString(16).padStart(2, '0')}`;
}
