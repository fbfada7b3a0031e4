import type { ShellState } from './shell-analysis-state.js';
import type { ShellSyntaxNode } from './shell-syntax.js';

/** A word with more possible values than this (variables with several values, multiplied) is unknown. */
export const MAX_WORD_VALUES = 64;

/** One shell word after quote removal and parameter expansion (brace expansion comes later). */
export interface ShellWord {
  /** The word as written, for messages and permission rules. */
  source: string;
  /** Every value the word may have, or null when it cannot be known. */
  values: readonly string[] | null;
  /** Why `values` is null. */
  unknownReason: string | null;
}

/** What evaluating a word needs to know. */
export interface WordEnvironment {
  state: ShellState;
  homeDir: string;
}

/** Variables whose value is never a path (a number, a user or host name): kept as written. */
const NAME_LIKE_VARIABLES = new Set(['USER', 'LOGNAME', 'HOSTNAME', 'RANDOM', 'SECONDS', 'LINENO', 'UID', 'EUID', 'PPID', 'BASHPID', 'SHLVL', 'COLUMNS', 'LINES', 'SRANDOM', 'EPOCHSECONDS']);
// Not `$0` (in `sh -c SCRIPT NAME` it is any word) nor `$_` (the last argument of the previous command: a path, maybe).
const NAME_LIKE_SPECIALS = new Set(['?', '$', '#', '!', '-']);

type Values = readonly string[] | { unknown: string };

/** A word that is already literal (an argv element: no shell ever sees it). */
export function literalWord(text: string): ShellWord {
  return { source: text, values: [text], unknownReason: null };
}

/**
 * Evaluates a word node: quotes removed, escapes decoded, known variables
 * substituted. An unquoted expansion is also split into fields the way bash
 * splits it (`x="a ../b"; cat $x` reads `../b`): the fields are added as
 * further possible values.
 */
export function evaluateWord(node: ShellSyntaxNode, environment: WordEnvironment): ShellWord {
  const values = valuesOf(node, environment);
  if ('unknown' in values) return { source: node.text, values: null, unknownReason: values.unknown };
  if (!hasUnquotedExpansion(node)) return { source: node.text, values, unknownReason: null };
  if (environment.state.variables.has('IFS')) return { source: node.text, values: null, unknownReason: `${node.text} is split by an IFS the path check does not follow` };
  const fields = values.flatMap((value) => value.split(/[ \t\n]+/).filter((field) => field.length > 0));
  const all = [...new Set([...values, ...fields])];
  return { source: node.text, values: all.length > MAX_WORD_VALUES ? null : all, unknownReason: all.length > MAX_WORD_VALUES ? `${node.text} has too many possible values` : null };
}

function hasUnquotedExpansion(node: ShellSyntaxNode): boolean {
  if (node.type === 'simple_expansion' || node.type === 'expansion') return true;
  if (node.type !== 'concatenation') return false;
  return node.children.some(hasUnquotedExpansion);
}

/**
 * Every `$(...)`, backquote and `<(...)` inside a node (not inside one
 * another): each runs as its own command before the word is used.
 */
export function findSubstitutions(node: ShellSyntaxNode): ShellSyntaxNode[] {
  const found: ShellSyntaxNode[] = [];
  const pending = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.type === 'command_substitution' || current.type === 'process_substitution') found.push(current);
    else pending.push(...current.children);
  }
  return found.reverse();
}

const GLOB_CHARACTERS = /[*?[]/;
/** A `*` or `?` not escaped by a backslash, or a `[` with a `]` after it (a lone `[` is the test command). */
const UNESCAPED_GLOB = /(^|[^\\])(\\\\)*([*?]|\[.*\])/;

/**
 * Whether the shell expands a word as a glob (pathname expansion), which
 * lists file names whatever the command then does with them (`echo /etc/*`):
 * `glob` for an unquoted `*`, `?` or `[`, or an unquoted expansion of a value
 * the script set that holds one; `unknown` for an unquoted expansion whose
 * value the script made unknowable (`$(...)`, `x=$(...); echo $x`). Variables
 * from the environment are not the command line's to choose: not globs.
 */
export function globRisk(node: ShellSyntaxNode, environment: WordEnvironment): 'none' | 'glob' | { unknown: string } {
  switch (node.type) {
    case 'word':
      return UNESCAPED_GLOB.test(node.text) ? 'glob' : 'none';
    case 'extglob_pattern':
      return 'glob';
    case 'concatenation': {
      let risk: 'none' | 'glob' | { unknown: string } = 'none';
      for (const child of node.children) {
        const part = globRisk(child, environment);
        if (typeof part === 'object') return part;
        if (part === 'glob') risk = 'glob';
      }
      // The grammar may split `/e[t]c` into words at the brackets: look at the unquoted text they make together.
      const unquoted = node.children.filter((child) => child.type === 'word').map((child) => child.text).join('');
      return risk === 'none' && UNESCAPED_GLOB.test(unquoted) ? 'glob' : risk;
    }
    case 'command_substitution':
      return { unknown: `the output of ${node.text} is expanded as a glob (quote it)` };
    case 'simple_expansion':
    case 'expansion': {
      const name = node.children.find((child) => child.type === 'variable_name' || child.type === 'special_variable_name')?.text;
      if (name === undefined || !environment.state.variables.has(name)) return node.type === 'expansion' && findSubstitutions(node).length > 0 ? { unknown: `the value of ${node.text} is expanded as a glob (quote it)` } : 'none';
      const values = environment.state.variables.get(name);
      if (values === null || values === undefined) return { unknown: `the value of ${node.text} is expanded as a glob (quote it)` };
      return values.some((value) => GLOB_CHARACTERS.test(value)) ? 'glob' : 'none';
    }
    default:
      // Quoted strings and everything else: no pathname expansion.
      return 'none';
  }
}

/**
 * The text of the parts of `${...}` expansions the grammar leaves unparsed
 * (the pattern of `${x#PATTERN}`, `##`, `%`, `%%`, the replacement of
 * `${x/a/B}`) when it may run something (`$`, a backquote, `<(`): the shell
 * expands these words, substitutions included, so they must be walked too.
 * Not inside command substitutions (those are walked on their own).
 */
export function findUnparsedExpansionWords(node: ShellSyntaxNode): string[] {
  const found: string[] = [];
  const pending = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.type === 'command_substitution' || current.type === 'process_substitution') continue;
    if (current.type === 'expansion') {
      for (const child of current.children) {
        const isOpaque = child.children.length === 0 && child.isNamed && child.type !== 'variable_name' && child.type !== 'special_variable_name' && child.field !== 'operator';
        if (isOpaque && /[$`]|[<>]\(/.test(child.text)) found.push(child.text);
      }
    }
    pending.push(...current.children);
  }
  return found;
}

function valuesOf(node: ShellSyntaxNode, environment: WordEnvironment): Values {
  switch (node.type) {
    case 'word':
      return [unescapeUnquoted(node.text)];
    case 'number':
    case 'extglob_pattern':
    case 'regex':
    case 'brace_expression':
    case 'special_variable_name':
    case 'variable_name':
      return [node.text];
    case '$':
      // tree-sitter-bash splits `$"text"` into `$` and a string; bash drops the `$`.
      return [''];
    case 'raw_string':
      return [node.text.slice(1, -1)];
    case 'ansi_c_string':
      return [decodeAnsiC(node.text.slice(2, -1))];
    case 'string':
    case 'translated_string':
      return quotedValues(node, environment);
    case 'concatenation':
      return concatenate(node.children.map((child) => valuesOf(child, environment)), node.text);
    case 'string_content':
      return [unescapeDoubleQuoted(node.text)];
    case 'simple_expansion':
      return variableValues(node.children.find((child) => child.isNamed)?.text ?? '', environment);
    case 'expansion':
      return expansionValues(node, environment);
    case 'command_substitution':
      return { unknown: `${node.text} is only known when it runs` };
    case 'process_substitution':
      return ['/dev/fd/63'];
    case 'arithmetic_expansion':
      return ['0'];
    default:
      return { unknown: `${node.text} uses shell syntax the path check does not follow (${node.type})` };
  }
}

/**
 * A double-quoted string: the text between its expansions is literal. Taken
 * from the source rather than from `string_content` nodes, which do not
 * cover line breaks inside the string.
 */
function quotedValues(node: ShellSyntaxNode, environment: WordEnvironment): Values {
  const open = node.text.startsWith('$"') ? 2 : 1;
  const close = node.text.length - 1;
  const parts: Values[] = [];
  let position = open;
  for (const child of node.children) {
    if (!child.isNamed || child.type === 'string_content') continue;
    const offset = child.startIndex - node.startIndex;
    parts.push([unescapeDoubleQuoted(node.text.slice(position, offset))], valuesOf(child, environment));
    position = offset + child.text.length;
  }
  parts.push([unescapeDoubleQuoted(node.text.slice(position, Math.max(position, close)))]);
  return concatenate(parts, node.text);
}

/** Every combination of the parts' values, in order (bounded by MAX_WORD_VALUES). */
function concatenate(parts: readonly Values[], source: string): Values {
  let count = 1;
  for (const values of parts) {
    if ('unknown' in values) return values;
    count *= values.length;
    if (count > MAX_WORD_VALUES) return { unknown: `${source} has too many possible values` };
  }
  // Strings are built by `+` (cheap ropes in V8) and deduplicated once at the end.
  let results: string[] = [''];
  for (const values of parts as (readonly string[])[]) {
    results = values.length === 1 ? results.map((prefix) => prefix + values[0]) : results.flatMap((prefix) => values.map((value) => prefix + value));
  }
  return [...new Set(results)];
}

function expansionValues(node: ShellSyntaxNode, environment: WordEnvironment): Values {
  const inner = node.children.filter((child) => child.type !== '${' && child.type !== '}');
  if (inner.length === 1 && inner[0]!.type === 'variable_name') return variableValues(inner[0]!.text, environment);
  if (inner.length === 1 && inner[0]!.type === 'special_variable_name') return variableValues(inner[0]!.text, environment);
  // `${#name}` is a length: a number.
  if (inner.length === 2 && inner[0]!.type === '#' && inner[1]!.type === 'variable_name') return ['0'];
  return { unknown: `${node.text} is an expansion the path check does not evaluate` };
}

function variableValues(name: string, environment: WordEnvironment): Values {
  const { state } = environment;
  if (state.variables.has(name)) return state.variables.get(name) ?? { unknown: `$${name} has no known value here` };
  if (name === 'HOME') return [environment.homeDir];
  if (name === 'PWD') return state.cwds;
  if (name === 'OLDPWD') return state.previousCwds ?? { unknown: '$OLDPWD is not known' };
  if (NAME_LIKE_VARIABLES.has(name) || NAME_LIKE_SPECIALS.has(name)) return [`$${name}`];
  return { unknown: `$${name} is not known before the command runs` };
}

/** Outside quotes a backslash keeps the next character literally; backslash-newline disappears. */
export function unescapeUnquoted(text: string): string {
  return text.replace(/\\(\r?\n|[\s\S])/g, (_match, next: string) => (next.endsWith('\n') ? '' : next));
}

/** Inside double quotes a backslash only escapes `$`, backquote, `"`, `\` and newline. */
function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\(\r?\n|[$`"\\])/g, (_match, next: string) => (next.endsWith('\n') ? '' : next));
}

const ANSI_C_SIMPLE: Readonly<Record<string, string>> = { a: '\u0007', b: '\b', e: '\u001b', E: '\u001b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

/** Decodes the body of `$'...'` the way bash does. */
export function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c[\s\S]|[\s\S])/g, (match, escape: string) => {
    const kind = escape[0]!;
    if (kind === 'x' || kind === 'u' || kind === 'U') return safeCodePoint(Number.parseInt(escape.slice(1), 16), match);
    if (/[0-7]/.test(kind)) return String.fromCharCode(Number.parseInt(escape, 8) & 0xff);
    if (kind === 'c' && escape.length === 2) return String.fromCharCode(escape.charCodeAt(1) & 0x1f);
    return ANSI_C_SIMPLE[escape] ?? match;
  });
}

function safeCodePoint(codePoint: number, fallback: string): string {
  return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : fallback;
}
