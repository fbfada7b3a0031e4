/** Top-level JS/TS declarations (local variables are not what a file is about). */
const TOP_LEVEL = /^(?:export\s+(?:default\s+)?)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:class|interface|type|enum|function\*?|const|let|var|namespace)\s+([A-Za-z_$][\w$]*)/gm;
/** Python, Go, Rust and nested class declarations, at any indentation. */
const NESTED = /^[ \t]*(?:pub(?:\([\w:]+\))?\s+)?(?:async\s+)?(?:def|func|fn|struct|trait|impl|class)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)/gm;
/** `export { a, b as c }` lists. */
const EXPORT_LIST = /\bexport\s*\{([^}]{1,2000})\}/g;
/** Class members with a body: `  getToken(…) {` or `async refresh(…): Promise<…> {`. */
const METHOD = /^[ \t]+(?:(?:public|private|protected|static|async|override|readonly|get|set)\s+)*([A-Za-z_$][\w$]*)\s*(?:<[^>\n]*>)?\([^)\n]*\)[^;\n{]*\{/gm;
const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'with']);
/** Declarations read per file; more than this is generated code. */
const MAX_SYMBOLS_PER_FILE = 500;

/**
 * The names a source file declares (exports, classes, functions, types,
 * top-level constants, methods; not local variables), found with light
 * regular expressions rather than a parser: enough to tell which file
 * defines a name a goal mentions. Order of first appearance, no duplicates.
 */
export function extractDeclaredSymbols(content: string): string[] {
  const symbols = new Set<string>();
  const add = (name: string | undefined) => {
    if (name !== undefined && name.length > 1 && symbols.size < MAX_SYMBOLS_PER_FILE) symbols.add(name);
  };
  for (const match of content.matchAll(TOP_LEVEL)) add(match[1]);
  for (const match of content.matchAll(NESTED)) add(match[1]);
  for (const match of content.matchAll(EXPORT_LIST)) {
    for (const item of match[1]!.split(',')) add(item.trim().split(/\s+as\s+/).pop()?.trim().match(/^[A-Za-z_$][\w$]*$/)?.[0]);
  }
  for (const match of content.matchAll(METHOD)) if (!NOT_METHODS.has(match[1]!)) add(match[1]);
  return [...symbols];
}
