/** Top-level JS/TS declarations (local variables are not what a file is about); also Go `type`/`var`/`const`. */
const TOP_LEVEL = /^(?:export\s+(?:default\s+)?)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:class|interface|type|enum|function\*?|const|let|var|namespace)\s+([A-Za-z_$][\w$]*)/gm;
/** Python, Go, Rust and nested class declarations, at any indentation. */
const NESTED = /^[ \t]*(?:pub(?:\([\w:]+\))?\s+)?(?:async\s+)?(?:def|func|fn|struct|trait|impl|class)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)/gm;
/** Receivers and keywords a declaration form can capture, never a declared name. */
const NOT_NAMES = new Set(['self', 'this', 'static', 'new']);
/** Rust items with their qualifiers: `pub(crate) enum`, `pub const fn`, `unsafe trait`, `mod`, `static`, `type`, `union`, `macro_rules!`. */
const RUST_ITEM =
  /^[ \t]*(?:pub(?:\([\w:]+\))?\s+)?(?:(?:const|async|unsafe|extern\s+"[^"\n]*")\s+)*(?:enum|struct|trait|fn|mod|type|union)\s+([A-Za-z_]\w*)|^[ \t]*(?:pub(?:\([\w:]+\))?\s+)?(?:static|const)\s+(?:mut\s+)?([A-Za-z_]\w*)\s*:|^[ \t]*macro_rules!\s*([A-Za-z_]\w*)/gm;
/** JVM, C#, PHP, Swift and Kotlin declarations behind their modifiers: `public final class`, `data class`, `fun`, `object`, `public static function`. */
const MODIFIED_DECLARATION =
  /^[ \t]*(?:(?:public|private|protected|internal|static|final|abstract|sealed|open|data|enum|inner|override|suspend|inline|partial|readonly|export|fileprivate)\s+)*(?:class|interface|enum|record|object|fun|function|trait|struct|protocol|extension)\s+([A-Za-z_]\w*)/gm;
/** Java and C# methods: `  public static Result parseLine(String line) {` (a return type between the modifiers and the name). */
const TYPED_METHOD = /^[ \t]+(?:(?:public|private|protected|internal|static|final|abstract|synchronized|override|virtual|async)\s+)+[\w<>[\],.? ]+?\s+([A-Za-z_]\w*)\s*\([^)\n]*\)[^;\n]*\{?\s*$/gm;
/** Ruby `def self.name`, `def name?` and `module Name` (plain `def`/`class` are NESTED). */
const RUBY = /^[ \t]*def\s+self\.([A-Za-z_]\w*)|^[ \t]*module\s+([A-Z]\w*)/gm;
/** Shell functions: `name() {`, `function name {`, `function name() {`. */
const SHELL_FUNCTION = /^[ \t]*(?:function\s+([A-Za-z_][\w-]*)\s*(?:\(\s*\))?\s*\{?|([A-Za-z_][\w-]*)\s*\(\s*\)\s*\{?)\s*$/gm;
/** C and C++: `#define NAME`, `typedef … Name;`, and a definition at column 0: `static int parse_header(const char *line) {`. */
const C_DEFINE = /^#\s*define\s+([A-Za-z_]\w*)/gm;
const C_TYPEDEF = /^typedef\s[^;{]*?\b([A-Za-z_]\w*)\s*;/gm;
const C_FUNCTION = /^(?!(?:export|return|await|new|else|if|for|while|switch|module|import|const|let|var|throw|yield|delete|typeof)\b)[A-Za-z_][\w:<>,]*(?:[ \t*&]+[A-Za-z_][\w:<>,]*)*[ \t*&]+(?:[A-Za-z_]\w*::)*([A-Za-z_~]\w*)\s*\([^;=\n]*\)\s*(?:const\s*)?\{?\s*$/gm;
/** Style sheets: class and id selectors at column 0, SCSS/Less variables, mixins and custom properties. */
const STYLE = /^[.#]([A-Za-z_][\w-]*)[^\n;]*\{\s*$|^[$@]([A-Za-z_][\w-]*)\s*:|^@mixin\s+([A-Za-z_][\w-]*)|^[ \t]*(--[A-Za-z_][\w-]*)\s*:/gm;
/** `export { a, b as c }` lists. */
const EXPORT_LIST = /\bexport\s*\{([^}]{1,2000})\}/g;
/** Class members with a body: `  getToken(…) {` or `async refresh(…): Promise<…> {`. */
const METHOD = /^[ \t]+(?:(?:public|private|protected|static|async|override|readonly|get|set)\s+)*([A-Za-z_$][\w$]*)\s*(?:<[^>\n]*>)?\([^)\n]*\)[^;\n{]*\{/gm;
const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'with', 'elif', 'until', 'select', 'foreach', 'sizeof', 'main']);
/** Declarations read per file; more than this is generated code. */
const MAX_SYMBOLS_PER_FILE = 500;
/** Forms whose name is in any capture group (alternations). */
const ALTERNATIONS = [RUST_ITEM, RUBY, SHELL_FUNCTION, STYLE];

/**
 * The names a source file declares (exports, classes, functions, types,
 * top-level constants, methods; not local variables), found with light
 * regular expressions rather than a parser: enough to tell which file
 * defines a name a goal mentions. Covers JS/TS (and the `<script>` of Vue,
 * Svelte and Astro components, which is JS/TS at column 0), Python `def` /
 * `class`, Go `func` / `type`, Rust items, Java / Kotlin / C# / PHP /
 * Swift classes and methods, Ruby `def` / `module`, shell functions,
 * C/C++ definitions, macros and typedefs, and style-sheet selectors and
 * variables. Order: by form, then first appearance; no duplicates.
 */
export function extractDeclaredSymbols(content: string): string[] {
  const symbols = new Set<string>();
  const add = (name: string | undefined) => {
    if (name !== undefined && name.length > 1 && !NOT_NAMES.has(name) && symbols.size < MAX_SYMBOLS_PER_FILE) symbols.add(name);
  };
  for (const match of content.matchAll(TOP_LEVEL)) add(match[1]);
  for (const match of content.matchAll(NESTED)) add(match[1]);
  for (const match of content.matchAll(EXPORT_LIST)) {
    for (const item of match[1]!.split(',')) add(item.trim().split(/\s+as\s+/).pop()?.trim().match(/^[A-Za-z_$][\w$]*$/)?.[0]);
  }
  for (const match of content.matchAll(METHOD)) if (!NOT_METHODS.has(match[1]!)) add(match[1]);
  for (const pattern of [MODIFIED_DECLARATION, TYPED_METHOD, C_DEFINE, C_TYPEDEF]) for (const match of content.matchAll(pattern)) add(match[1]);
  for (const match of content.matchAll(C_FUNCTION)) if (!NOT_METHODS.has(match[1]!)) add(match[1]);
  for (const pattern of ALTERNATIONS) for (const match of content.matchAll(pattern)) add(match.slice(1).find((group) => group !== undefined));
  return [...symbols];
}
