/** One name an import brings in: `local` in this file, `imported` in the module (`default`, `*` or a name). */
export interface ImportBinding {
  local: string;
  imported: string;
}

/** One import or re-export statement. */
export interface ImportStatement {
  specifier: string;
  bindings: ImportBinding[];
  /** 1-based line of the statement. */
  line: number;
  /** `export ... from` (a barrel passing names on). */
  isReexport: boolean;
}

/** Only the head of a file is scanned for imports: they come first, and files can be huge. */
export const MAX_IMPORT_SCAN_CHARS = 64 * 1024;

// `import x, { a, b as c } from 'm'`, `import type { T } from 'm'`, `import * as ns from 'm'`, `export { a } from 'm'`, `export * from 'm'`.
const FROM_STATEMENT = /(?:^|[\n;}])\s*(import|export)\s+(?:type\s+)?([^'"`;]*?)\s*\bfrom\s*['"]([^'"\n]+)['"]/g;
// What every FROM_STATEMENT ends with, found much faster (it starts with a literal word): a file without one skips that expression.
const FROM_CLAUSE_END = /\bfrom\s*['"][^'"\n]+['"]/;
// `import 'm'`, `import('m')`, `require('m')`.
const BARE_IMPORT = /(?:^|[\n;])\s*import\s*['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
// What every BARE_IMPORT and REQUIRE match holds, led by a literal word: most files have only `import … from` or none.
const BARE_IMPORT_HEAD = /import\s*\(?\s*['"]/;
const REQUIRE_HEAD = /\brequire\(\s*['"]/;
const REQUIRE = /(?:(?:const|let|var)\s+(\{[^}]*\}|[\w$]+)\s*=\s*)?\brequire\(\s*['"]([^'"\n]+)['"]\s*\)/g;
// Python: `from a.b import c, d as e`, `from . import x`, `import a.b as c`.
const PYTHON_FROM = /^[ \t]*from\s+(\.*[\w.]*)\s+import\s+\(?([^)\n#]+)/gm;
const PYTHON_IMPORT = /^[ \t]*import\s+([\w.]+)(?:\s+as\s+(\w+))?/gm;

/**
 * Reads the import statements of a JavaScript / TypeScript or Python
 * source text with regular expressions (no parser: it must cope with
 * broken code, which is what failures are about).
 *
 * @example
 * parseImports("import { a as b } from './x.js';", 'script')
 * // [{ specifier: './x.js', bindings: [{ local: 'b', imported: 'a' }], line: 1, isReexport: false }]
 */
export function parseImports(source: string, language: 'script' | 'python'): ImportStatement[] {
  const text = source.length > MAX_IMPORT_SCAN_CHARS ? source.slice(0, MAX_IMPORT_SCAN_CHARS) : source;
  const statements: ImportStatement[] = [];
  // Every form has one of these words: most files are skipped without running an expression.
  const hasImport = text.includes('import');
  if (language === 'python' && !hasImport) return statements;
  const hasFrom = text.includes('from');
  const lines = new LineNumbers(text);
  const lineOf = (index: number) => lines.lineOf(index);
  if (language === 'python') {
    if (hasFrom) for (const match of text.matchAll(PYTHON_FROM)) {
      const bindings = match[2]!.split(',').map(parsePythonName).filter((binding): binding is ImportBinding => binding !== null);
      statements.push({ specifier: match[1]!, bindings, line: lineOf(match.index + match[0].indexOf('from')), isReexport: false });
    }
    for (const match of text.matchAll(PYTHON_IMPORT)) {
      const local = match[2] ?? match[1]!.split('.')[0]!;
      statements.push({ specifier: match[1]!, bindings: [{ local, imported: '*' }], line: lineOf(match.index + match[0].indexOf('import')), isReexport: false });
    }
    return statements.sort((left, right) => left.line - right.line);
  }
  if (hasFrom && (hasImport || text.includes('export')) && FROM_CLAUSE_END.test(text)) for (const match of text.matchAll(FROM_STATEMENT)) {
    const keywordIndex = match.index + match[0].indexOf(match[1]!);
    statements.push({ specifier: match[3]!, bindings: parseClause(match[2]!), line: lineOf(keywordIndex), isReexport: match[1] === 'export' });
  }
  if (hasImport && BARE_IMPORT_HEAD.test(text)) for (const match of text.matchAll(BARE_IMPORT)) {
    statements.push({ specifier: (match[1] ?? match[2])!, bindings: [], line: lineOf(match.index + match[0].search(/import/)), isReexport: false });
  }
  if (text.includes('require(') && REQUIRE_HEAD.test(text)) for (const match of text.matchAll(REQUIRE)) {
    const bindings = match[1] === undefined ? [] : match[1].startsWith('{') ? parseNamedList(match[1], ':') : [{ local: match[1], imported: '*' }];
    statements.push({ specifier: match[2]!, bindings, line: lineOf(match.index + match[0].search(/\S/)), isReexport: false });
  }
  return statements.sort((left, right) => left.line - right.line);
}

/** `x`, `x, { a }`, `{ a, b as c, type T }`, `* as ns`, `*`. */
function parseClause(clause: string): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  const trimmed = clause.trim();
  const named = /\{([^}]*)\}/.exec(trimmed);
  if (named) bindings.push(...parseNamedList(`{${named[1]!}}`, ' as '));
  const rest = trimmed.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
  const namespace = /\*\s*as\s+([\w$]+)/.exec(rest);
  if (namespace) bindings.push({ local: namespace[1]!, imported: '*' });
  else if (rest === '*') bindings.push({ local: '*', imported: '*' });
  const defaultName = /^([\w$]+)/.exec(rest.replace(/\*\s*as\s+[\w$]+/, '').trim());
  if (defaultName && defaultName[1] !== 'type') bindings.push({ local: defaultName[1]!, imported: 'default' });
  return bindings;
}

/** `{ a, b as c, type T }` (imports) or `{ a, b: c }` (destructured require). */
function parseNamedList(list: string, renameSeparator: string): ImportBinding[] {
  return list
    .slice(1, -1)
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part.length > 0)
    .map((part) => {
      const [imported, local] = part.split(renameSeparator).map((name) => name.trim());
      return { imported: imported!, local: local ?? imported! };
    })
    .filter((binding) => /^[\w$]+$/.test(binding.local) && /^[\w$]+$/.test(binding.imported));
}

function parsePythonName(part: string): ImportBinding | null {
  const match = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
  return match ? { imported: match[1]!, local: match[2] ?? match[1]! } : null;
}

/** 1-based line numbers of offsets, by binary search over the line feeds (found once, on the first question). */
class LineNumbers {
  private lineFeeds: number[] | undefined;
  constructor(private readonly text: string) {}

  lineOf(index: number): number {
    if (this.lineFeeds === undefined) {
      this.lineFeeds = [];
      for (let cursor = this.text.indexOf('\n'); cursor !== -1; cursor = this.text.indexOf('\n', cursor + 1)) this.lineFeeds.push(cursor);
    }
    // The line is one more than the number of line feeds before `index`.
    let low = 0;
    let high = this.lineFeeds.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.lineFeeds[middle]! < index) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  }
}
