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
/** JS/TS classes at any indentation: the part of NESTED a script can declare. */
const SCRIPT_CLASS = /^[ \t]*class\s+([A-Za-z_$][\w$]*)/gm;

/** The languages whose declaration forms differ, told apart by file extension. */
type Language = 'script' | 'component' | 'python' | 'go' | 'rust' | 'jvm' | 'ruby' | 'shell' | 'c' | 'style';
const LANGUAGE_BY_EXTENSION = new Map<string, Language>([
  ...['js', 'jsx', 'ts', 'tsx', 'mjs', 'cjs', 'mts', 'cts'].map((extension) => [extension, 'script'] as const),
  ...['vue', 'svelte', 'astro'].map((extension) => [extension, 'component'] as const),
  ...['py', 'pyi'].map((extension) => [extension, 'python'] as const),
  ['go', 'go'],
  ['rs', 'rust'],
  ...['java', 'kt', 'kts', 'scala', 'cs', 'php', 'swift'].map((extension) => [extension, 'jvm'] as const),
  ...['rb', 'rake'].map((extension) => [extension, 'ruby'] as const),
  ...['sh', 'bash', 'zsh'].map((extension) => [extension, 'shell'] as const),
  ...['c', 'h', 'cc', 'cpp', 'cxx', 'hpp', 'hh', 'hxx'].map((extension) => [extension, 'c'] as const),
  ...['css', 'scss', 'sass', 'less'].map((extension) => [extension, 'style'] as const),
]);

/** One declaration form: where its name is, which languages have it, and a word it cannot match without (a cheap test that skips the pass). */
interface DeclarationForm {
  pattern: RegExp;
  /** `first`: group 1; `any`: the first group that took part (alternations); `list`: an `export { … }` list. */
  name: 'first' | 'any' | 'list';
  /** Undefined: a form of files of unknown language only. */
  languages?: readonly Language[];
  /** When set, files of unknown language do not run it (a narrower copy of another form). */
  isLanguageOnly?: boolean;
  requires?: string;
  exclude?: ReadonlySet<string>;
}

/** In the order names are gathered: by form, then first appearance. A Vue, Svelte or Astro component is a script with style sheets. */
const DECLARATION_FORMS: readonly DeclarationForm[] = [
  { pattern: TOP_LEVEL, name: 'first', languages: ['script', 'component', 'go'] },
  { pattern: SCRIPT_CLASS, name: 'first', languages: ['script', 'component'], isLanguageOnly: true, requires: 'class' },
  { pattern: NESTED, name: 'first', languages: ['python', 'go', 'rust', 'jvm', 'ruby', 'c'] },
  { pattern: EXPORT_LIST, name: 'list', languages: ['script', 'component'], requires: 'export' },
  { pattern: METHOD, name: 'first', languages: ['script', 'component', 'jvm', 'c', 'shell'], exclude: NOT_METHODS },
  { pattern: MODIFIED_DECLARATION, name: 'first', languages: ['script', 'component', 'jvm', 'c', 'rust'] },
  { pattern: TYPED_METHOD, name: 'first', languages: ['jvm', 'c'] },
  { pattern: C_DEFINE, name: 'first', languages: ['c'], requires: 'define' },
  { pattern: C_TYPEDEF, name: 'first', languages: ['c'], requires: 'typedef' },
  { pattern: C_FUNCTION, name: 'first', languages: ['c'], exclude: NOT_METHODS },
  { pattern: RUST_ITEM, name: 'any', languages: ['rust'] },
  { pattern: RUBY, name: 'any', languages: ['ruby'] },
  { pattern: SHELL_FUNCTION, name: 'any', languages: ['shell'] },
  { pattern: STYLE, name: 'any', languages: ['style', 'component'] },
];
/** The forms run per language, and for a file of unknown language (every form but the narrow copies). */
const FORMS_BY_LANGUAGE = new Map<Language | undefined, readonly DeclarationForm[]>([
  ...[...new Set(LANGUAGE_BY_EXTENSION.values())].map((language) => [language, DECLARATION_FORMS.filter((form) => form.languages?.includes(language) === true)] as const),
  [undefined, DECLARATION_FORMS.filter((form) => form.isLanguageOnly !== true)],
]);

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
 *
 * @param path The file's path: only the forms of its language (by
 *   extension) are tried, so a script is not read as Rust or shell. Without
 *   one, or for an extension of no known language, every form is.
 */
export function extractDeclaredSymbols(content: string, path?: string): string[] {
  const symbols = new Set<string>();
  const add = (name: string | undefined) => {
    if (name !== undefined && name.length > 1 && !NOT_NAMES.has(name) && symbols.size < MAX_SYMBOLS_PER_FILE) symbols.add(name);
  };
  for (const form of FORMS_BY_LANGUAGE.get(languageOf(path)) ?? []) {
    if (form.requires !== undefined && !content.includes(form.requires)) continue;
    for (const match of content.matchAll(form.pattern)) {
      if (form.name === 'list') {
        for (const item of match[1]!.split(',')) add(item.trim().split(/\s+as\s+/).pop()?.trim().match(/^[A-Za-z_$][\w$]*$/)?.[0]);
      } else if (form.name === 'any') add(match.slice(1).find((group) => group !== undefined));
      else if (form.exclude === undefined || !form.exclude.has(match[1]!)) add(match[1]);
    }
  }
  return [...symbols];
}

function languageOf(path: string | undefined): Language | undefined {
  if (path === undefined) return undefined;
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < path.lastIndexOf('/')) return undefined;
  return LANGUAGE_BY_EXTENSION.get(path.slice(dot + 1).toLowerCase());
}
