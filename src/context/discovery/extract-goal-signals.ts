import { analyzeMessage } from './analyze-message.js';
import type { RawLocation } from './diagnostic.js';
import { isTellingIdentifier } from './is-telling-identifier.js';

/** What a goal such as "fix `getToken` in src/auth/auth-client.ts" says. */
export interface GoalSignals {
  /** Paths (with `:line:col` when given). */
  paths: RawLocation[];
  /**
   * Identifiers written as code (`code`: backticked, called as `name(`, in a
   * member chain `cache.get`, an option `{ strict: true }`, a quoted name
   * `'userId'`) and CamelCase, camelCase and snake_case words of prose (`word`).
   */
  identifiers: { name: string; from: 'code' | 'word' }[];
  /** Member chains written as code (`cache.get`, `config.theme.dark`), as written. */
  chains: string[];
  /** Quoted text that reads as a message ("Cannot read properties of undefined"), to search as written. */
  messages: string[];
  /** Directories named with a trailing slash (`settings/`, `src/settings/`), without it. */
  directories: string[];
  /** Lower-case words of the goal, matched against path segments when ranking (`auth`, `token`). */
  words: string[];
}

/** Longest goal read; a goal is a sentence or a paragraph, not a log. */
export const MAX_GOAL_CHARS = 10_000;
/** Quoted messages kept; a goal quoting more is a pasted log. */
export const MAX_GOAL_MESSAGES = 3;

const BACKTICKED = /`([^`\n]{1,200})`/g;
/**
 * A path written in a goal, without spaces: in prose, "/etc/hosts and
 * src/a.ts" are two paths. A path with spaces is read when quoted or
 * backticked (QUOTED_PATH).
 */
const PATH = /(?:^|[\s(["'`])((?:\.{1,2}\/|\/)?[\p{L}\p{N}_@~+.-]+(?:[\\/][\p{L}\p{N}_@~+.-]*[\p{L}\p{N}_@~+.-])*\.[A-Za-z][A-Za-z0-9]{0,5}|(?:\.{1,2}\/)?[\p{L}\p{N}_@~+.-]+(?:\/[\p{L}\p{N}_@~+.-]+)+)(?::(\d{1,7})(?::(\d{1,7}))?)?(?=$|[\s)\]"'`,;:!?])/gu;
const DIRECTORY = /(?<![\p{L}\p{N}_@~+./-])((?:\.{1,2}\/)?[\p{L}\p{N}_@~+-][\p{L}\p{N}_@~+.-]*(?:\/[\p{L}\p{N}_@~+.-]+)*)\/(?=$|[\s)\]"'`,;:!?.])/gu;
// A bare name with a dot is a file only with an extension files have; `cache.get` is a member chain.
const FILE_EXTENSION = /\.(?:[cm]?[jt]sx?|json[c5]?|md|mdx|txt|ya?ml|toml|ini|env|lock|py|pyi|go|rs|java|kt|kts|rb|php|cs|fs|swift|scala|c|h|cc|cpp|hpp|m|mm|vue|svelte|astro|css|scss|sass|less|html?|xml|svg|sh|bash|zsh|ps1|sql|graphql|gql|proto|prisma|tf|lua|ex|exs|erl|dart|zig|nim|r|jl|pl|log|csv)$/i;
const WORD = /[A-Za-z_$][\w$]*/g;
/** `parseConfig(`, `cache.get(`: a name called as code (not `file(s)`). */
const CALL = /(?<![\w$.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\((?![a-z]\))/g;
/** `cache.get`, `config.theme.dark`: a member chain. */
const CHAIN = /(?<![\w$./\\-])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)(?![\w$/\\-])/g;
/** An object literal on one line (`{ strict: true }`) and the option names in it. */
const OBJECT_LITERAL = /\{[^{}\n]{1,300}\}/g;
const OPTION_NAME = /(?:^|[{,])\s*([A-Za-z_$][\w$]*)\s*\??:/g;
const QUOTED = [/(?<![\w$])'([^'\n]{1,200})'(?![\w$])/g, /"([^"\n]{1,200})"/g, /“([^”\n]{1,200})”/g, /‘([^’\n]{1,200})’/g];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Dotted abbreviations of prose, not member chains. */
const NOT_A_CHAIN = new Set(['e.g', 'i.e', 'etc', 'vs', 'a.k.a']);
const STOP_WORDS = new Set(['the', 'and', 'for', 'fix', 'fails', 'failing', 'failed', 'error', 'errors', 'test', 'tests', 'with', 'when', 'that', 'this', 'from', 'into', 'make', 'should', 'does', 'not', 'why', 'how', 'after', 'before', 'again', 'pass', 'passes', 'broken', 'bug', 'issue', 'please', 'code', 'file', 'files']);
// English words a goal may write as code-ish text (`see(`, "'returns'") that name nothing in a codebase.
const ENGLISH = new Set([...STOP_WORDS, 'see', 'note', 'also', 'then', 'returns', 'return', 'throws', 'here', 'there', 'what', 'which', 'where', 'some', 'thing', 'things', 'works', 'work', 'like', 'example', 'wrong', 'right', 'expected', 'actual', 'instead', 'empty']);

/**
 * Reads the goal: paths (`src/a.ts`, `src/a.ts:12:3`, `packages/api/src`,
 * `theme.ts`), directories (`settings/`), backticked code (every
 * identifier in it), code written inline (calls `parseConfig(`, member
 * chains `cache.get`, option names `{ strict: true }`, quoted names
 * `'userId'`), quoted messages ("Cannot read properties of undefined",
 * with the names the message itself points at), CamelCase / camelCase /
 * snake_case identifiers, and plain words for path matching. A capitalised
 * plain word ("Fix") is a word, not an identifier; builtins, noise and
 * English words are dropped (isTellingIdentifier).
 *
 * @example extractGoalSignals("cache.get('k') returns undefined after set").chains // ['cache.get']
 */
/** A quoted or backticked path with a space in it (`My Project/src/a.ts`). */
const QUOTED_PATH = /[`'"]((?:\.{1,2}\/|\/)?[^`'"\n/]*(?:\/[^`'"\n/]+)+ [^`'"\n]*\.[A-Za-z][A-Za-z0-9]{0,5}|(?:\.{1,2}\/|\/)?[^`'"\n/]* [^`'"\n/]*(?:\/[^`'"\n/]+)+\.[A-Za-z][A-Za-z0-9]{0,5})[`'"]/g;

export function extractGoalSignals(goal: string): GoalSignals {
  const text = goal.length > MAX_GOAL_CHARS ? goal.slice(0, MAX_GOAL_CHARS) : goal;
  const paths: RawLocation[] = [];
  const quotedSpans: [number, number][] = [];
  for (const match of text.matchAll(QUOTED_PATH)) {
    paths.push({ path: match[1]!, role: 'mention' });
    quotedSpans.push([match.index, match.index + match[0].length]);
  }
  for (const match of text.matchAll(PATH)) {
    if (quotedSpans.some(([start, end]) => match.index < end && match.index + match[0].length > start)) continue;
    const path = match[1]!;
    if (/^\d+(\.\d+)*$/.test(path) || /^https?:/.test(path)) continue;
    if (!/[\\/]/.test(path) && !FILE_EXTENSION.test(path)) continue;
    const location: RawLocation = { path, role: 'mention' };
    if (match[2]) location.line = Number(match[2]);
    if (match[2] && match[3]) location.column = Number(match[3]);
    paths.push(location);
  }
  const directories = [...new Set([...text.matchAll(DIRECTORY)].map((match) => match[1]!).filter((directory) => !/^\.{1,2}$/.test(directory) && !/^https?:/.test(directory)))];
  const identifiers = new Map<string, 'code' | 'word'>();
  const chains = new Set<string>();
  const addCode = (name: string) => {
    if (isTellingIdentifier(name) && !ENGLISH.has(name.toLowerCase())) identifiers.set(name, 'code');
  };
  for (const match of text.matchAll(BACKTICKED)) for (const word of match[1]!.match(WORD) ?? []) if (isTellingIdentifier(word)) identifiers.set(word, 'code');
  const messages: string[] = [];
  for (const pattern of QUOTED) {
    for (const match of text.matchAll(pattern)) {
      const quoted = match[1]!.trim();
      if (IDENTIFIER.test(quoted)) addCode(quoted);
      else if (isMessage(quoted) && messages.length < MAX_GOAL_MESSAGES && !messages.includes(quoted)) {
        messages.push(quoted);
        for (const identifier of analyzeMessage(quoted).identifiers) addCode(identifier.name);
      }
    }
  }
  const codeText = text.replace(QUOTED[1]!, ' ').replace(QUOTED[2]!, ' ');
  for (const match of codeText.matchAll(CALL)) for (const part of chainParts(match[1]!, chains)) addCode(part);
  for (const match of codeText.matchAll(CHAIN)) for (const part of chainParts(match[1]!, chains)) addCode(part);
  for (const literal of codeText.match(OBJECT_LITERAL) ?? []) for (const match of literal.matchAll(OPTION_NAME)) addCode(match[1]!);
  const pathText = new Set(paths.map((location) => location.path));
  for (const word of text.match(WORD) ?? []) {
    if (identifiers.has(word) || !isTellingIdentifier(word) || [...pathText].some((path) => path.includes(word))) continue;
    if (isCodeLikeWord(word)) identifiers.set(word, 'word');
  }
  const words = [...new Set((text.toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? []).filter((word) => !STOP_WORDS.has(word)))];
  return { paths, identifiers: [...identifiers].map(([name, from]) => ({ name, from })), chains: [...chains], messages, directories, words };
}

/** The names of a chain (`cache.get` → `cache`, `get`), recording the chain itself unless it is a file name or an abbreviation. */
function chainParts(chain: string, chains: Set<string>): string[] {
  const parts = chain.split('.');
  if (parts.length === 1) return parts;
  if (FILE_EXTENSION.test(chain) || NOT_A_CHAIN.has(chain.toLowerCase())) return [];
  if (parts.every((part) => isTellingIdentifier(part) || part.length >= 2)) chains.add(chain);
  return parts;
}

/** Quoted text worth searching as written: two words or more, mostly letters ("Cannot read properties of undefined"). */
function isMessage(quoted: string): boolean {
  if (quoted.length < 8 || !/\s/.test(quoted)) return false;
  return (quoted.match(/[A-Za-z]{2,}/g) ?? []).length >= 2;
}

/** `AuthClient`, `getUserById`, `user_service`, `HTTP_TIMEOUT`: shapes ordinary prose does not have. */
function isCodeLikeWord(word: string): boolean {
  if (/[a-z][A-Z]/.test(word)) return true;
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(word)) return true;
  return /[A-Za-z0-9]_[A-Za-z0-9]/.test(word);
}
