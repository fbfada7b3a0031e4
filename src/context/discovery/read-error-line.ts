/** What the source line of an error says, read at the reported column. */
export interface ErrorLineReading {
  /** The identifier at (or right after) the column, if any. */
  atColumn: string | null;
  /**
   * The member chain through that identifier (`this.auth.getToken` at
   * `getToken`, or `catalog.requireProduct(...)` at `catalog`).
   */
  chain: string[];
  /** Whether the chain ends in a call (`chain[last](`). */
  isChainCalled: boolean;
  /** The chain of the call whose parentheses contain the column (`store.create(a, b)` at `b`). */
  enclosingCall: string[];
  /** Every identifier on the line, in order, without keywords. */
  identifiers: string[];
  /** Identifiers called on the line (`name(` or `.name(`). */
  callees: string[];
}

const KEYWORDS = new Set([
  'if', 'else', 'for', 'while', 'do', 'switch', 'case', 'return', 'await', 'async', 'function', 'const', 'let', 'var', 'new',
  'typeof', 'instanceof', 'in', 'of', 'import', 'export', 'from', 'as', 'type', 'interface', 'class', 'extends', 'implements',
  'this', 'super', 'null', 'undefined', 'true', 'false', 'void', 'throw', 'try', 'catch', 'finally', 'yield', 'delete', 'def',
  'self', 'None', 'True', 'False', 'and', 'or', 'not', 'is', 'lambda', 'pass', 'with', 'func', 'fn', 'mut', 'pub',
]);
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
/** Longest source line read; beyond it a line is minified or generated. */
const MAX_LINE_CHARS = 2_000;

/**
 * Reads one source line at an error's column: the identifier there, the
 * member chain through it, the call whose arguments contain the column,
 * and the identifiers and calls on the line. Columns are 1-based; quoted
 * strings are blanked first so their words do not count.
 */
export function readErrorLine(lineText: string, column: number | undefined): ErrorLineReading {
  // Minified lines: only the start matters, and it keeps the scan cheap.
  const code = blankStrings(lineText.length > MAX_LINE_CHARS ? lineText.slice(0, MAX_LINE_CHARS) : lineText);
  const identifiers: string[] = [];
  const callees: string[] = [];
  let atColumn: string | null = null;
  let chain: string[] = [];
  let isChainCalled = false;
  const target = column === undefined ? -1 : skipPrefixKeywords(code, column - 1);
  for (const match of code.matchAll(IDENTIFIER)) {
    const name = match[0];
    const start = match.index;
    const end = start + name.length;
    if (/[\w$]/.test(code[start - 1] ?? '')) continue;
    if (atColumn === null && target >= 0 && target < end && (target >= start || /^[\s.?!]*$/.test(code.slice(target, start))) && (!KEYWORDS.has(name) || name === 'this')) {
      atColumn = name;
      const forward = chainFrom(code, start);
      chain = [...chainEndingAt(code, start).slice(0, -1), ...forward.names];
      isChainCalled = forward.isCalled;
    }
    if (KEYWORDS.has(name) && name !== 'this') continue;
    if (name === 'this') continue;
    identifiers.push(name);
    if (/^\s*(?:<[^<>()]*>)?\s*\(/.test(code.slice(end))) callees.push(name);
  }
  const enclosingCall = target >= 0 ? enclosingCallChain(code, target) : [];
  return { atColumn, chain, isChainCalled, enclosingCall, identifiers, callees };
}

// Positions tsc and others report at a statement's keyword: the expression after it is what failed.
const PREFIX_KEYWORDS = /^(?:return|await|yield|throw|new|typeof|void|case|export|default|const|let|var)\s+/;

function skipPrefixKeywords(code: string, target: number): number {
  let position = target;
  for (let step = 0; step < 3 && position >= 0; step += 1) {
    const keyword = PREFIX_KEYWORDS.exec(code.slice(position));
    if (!keyword) break;
    position += keyword[0].length;
  }
  return position;
}

/** `a.b?.c` ending at `start`: the names before it, joined by `.` or `?.`, then the name at `start`. */
function chainEndingAt(code: string, start: number): string[] {
  const chain = [/^[A-Za-z_$][\w$]*/.exec(code.slice(start))?.[0] ?? ''];
  let cursor = start;
  while (cursor > 0) {
    const link = /([A-Za-z_$][\w$]*)\s*[?!]?\.\s*$/.exec(code.slice(Math.max(0, cursor - 200), cursor));
    if (!link) break;
    chain.unshift(link[1]!);
    cursor = cursor - (link[0].length);
  }
  return chain;
}

/** The chain starting at `start` and going right (`catalog.requireProduct(`), and whether it ends in a call. */
function chainFrom(code: string, start: number): { names: string[]; isCalled: boolean } {
  const match = /^[A-Za-z_$][\w$]*(?:\s*[?!]?\.\s*[A-Za-z_$][\w$]*)*/.exec(code.slice(start));
  const names = (match?.[0] ?? '').split(/\s*[?!]?\.\s*/).filter((name) => name.length > 0);
  const after = code.slice(start + (match?.[0].length ?? 0));
  return { names, isCalled: /^\s*(?:<[^<>()]*>)?\s*\(/.test(after) };
}

/** The chain before the `(` of the innermost call whose argument list contains `target`. */
function enclosingCallChain(code: string, target: number): string[] {
  let depth = 0;
  for (let index = Math.min(target, code.length) - 1; index >= 0; index -= 1) {
    const character = code[index];
    if (character === ')') depth += 1;
    else if (character === '(') {
      if (depth > 0) {
        depth -= 1;
        continue;
      }
      const before = code.slice(0, index).replace(/\s*(?:<[^<>()]*>)?\s*$/, '');
      const name = /([A-Za-z_$][\w$]*)$/.exec(before);
      if (!name || KEYWORDS.has(name[1]!)) return [];
      return chainEndingAt(before, name.index);
    }
  }
  return [];
}

/** Replaces the contents of quoted strings with spaces, keeping columns. Template literals stay: `${...}` holds code. */
function blankStrings(line: string): string {
  return line.replace(/(['"])((?:\\.|(?!\1)[^\\])*)\1/g, (whole, quote: string, body: string) => `${quote}${' '.repeat(body.length)}${quote}`);
}

/**
 * The declared type of a variable or property in `source`, from an
 * annotation (`auth: AuthClient`, `private readonly auth: AuthClient`) or a
 * construction (`auth = new AuthClient(`), the nearest one above
 * `beforeLine` (1-based) first. Returns null when there is none.
 */
export function declaredTypeOf(source: string, name: string, beforeLine?: number): string | null {
  const escaped = name.replace(/[$]/g, '\\$');
  const annotation = new RegExp(`(?:^|[\\s(,{])${escaped}\\s*[?!]?\\s*:\\s*(?:readonly\\s+)?(?:[a-z_$][\\w$]*\\.)?([A-Z][\\w$]*)`);
  const construction = new RegExp(`(?:^|[\\s.])${escaped}\\s*(?::[^=]+)?=\\s*new\\s+(?:[a-z_$][\\w$]*\\.)?([A-Z][\\w$]*)`);
  const lines = source.split('\n');
  const order = beforeLine === undefined ? lines.map((_line, index) => index) : [...lines.keys()].filter((index) => index < beforeLine).reverse().concat([...lines.keys()].filter((index) => index >= beforeLine));
  for (const index of order) {
    const line = lines[index]!;
    if (!line.includes(name)) continue;
    const found = construction.exec(line) ?? annotation.exec(line);
    if (found) return found[1]!;
  }
  return null;
}

/**
 * The initializer of a local variable declared above `beforeLine`
 * (`const product = this.repository.findBySku(sku);` → `this.repository.findBySku(sku)`),
 * with its 1-based line; null when `name` is not a local variable there.
 */
export function localInitializerOf(source: string, name: string, beforeLine: number): { text: string; line: number } | null {
  const escaped = name.replace(/[$]/g, '\\$');
  const declaration = new RegExp(`\\b(?:const|let|var)\\s+${escaped}\\s*(?::[^=]+)?=\\s*(?:await\\s+)?(.+)$`);
  const lines = source.split('\n');
  for (let index = Math.min(beforeLine, lines.length) - 1; index >= 0; index -= 1) {
    const line = lines[index]!;
    if (!line.includes(name)) continue;
    const found = declaration.exec(line);
    if (found) return { text: found[1]!, line: index + 1 };
  }
  return null;
}

/**
 * Whether `name` is a local binding at `beforeLine`: a `const`/`let`/`var`,
 * a parameter (`(name: T`, `, name)`) or a destructured name above it.
 */
export function isLocalBinding(source: string, name: string, beforeLine: number): boolean {
  const escaped = name.replace(/[$]/g, '\\$');
  const patterns = [
    new RegExp(`\\b(?:const|let|var)\\s+${escaped}\\b`),
    new RegExp(`\\b(?:const|let|var)\\s+[{[][^=]*\\b${escaped}\\b[^=]*[}\\]]\\s*(?::[^=]+)?=`),
    new RegExp(`[(,]\\s*(?:(?:private|public|protected|readonly)\\s+)*${escaped}\\s*[?]?\\s*[:,)=]`),
    new RegExp(`\\bfor\\s*\\(\\s*(?:const|let|var)\\s+${escaped}\\b`),
    new RegExp(`^\\s*${escaped}\\s*[,)]`),
  ];
  const lines = source.split('\n');
  for (let index = Math.min(beforeLine, lines.length) - 1; index >= 0; index -= 1) {
    const line = lines[index]!;
    // An import list looks like a parameter list; an imported name is not local.
    if (line.includes(name) && !/^\s*import\b|^\s*export\s+(?:type\s+)?[{*]/.test(line) && patterns.some((pattern) => pattern.test(line))) return true;
  }
  return false;
}
