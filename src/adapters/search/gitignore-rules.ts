import { globToRegExp, toGlobSubject } from './glob-to-regexp.js';

/** What a set of gitignore-syntax rules says about one path. */
export type RuleMatch = 'ignore' | 'whitelist' | null;

/** Compiled gitignore-syntax rules, relative to the directory they belong to. */
export interface GitignoreRules {
  readonly size: number;
  /**
   * The verdict of the last rule that matches `relativePath` (forward
   * slashes, relative to the rules' directory), or null when none does.
   * Directory-only rules (`build/`) apply only when `isDirectory`.
   */
  match(relativePath: string, isDirectory: boolean): RuleMatch;
  /** `match` for a path already passed through toGlobSubject (a caller that builds many paths from one prefix converts it once). */
  matchGlobSubject(subject: string, isDirectory: boolean): RuleMatch;
}

interface CompiledRule {
  regex: RegExp;
  isWhitelist: boolean;
  isOnlyDirectory: boolean;
}

/**
 * Compiles lines of gitignore syntax the way ripgrep's `ignore` crate reads
 * `.gitignore`, `.ignore`, `.rgignore` and `--glob` values: `#` comments,
 * trailing whitespace trimmed unless escaped, `!` negates, a leading `/`
 * anchors, a trailing `/` means directories only, a glob without `/` matches
 * at any depth (`**\/` is prepended), and `x/**` matches inside `x` but not
 * `x` itself. Globs use ripgrep's syntax (see globToRegExp), so `{a,b}` works
 * here as it does in ripgrep, unlike in git.
 *
 * With `onInvalid: 'throw'` an invalid glob throws InvalidInputError naming
 * `field`; with `'skip'` the line is dropped, as ripgrep drops a bad line of
 * an ignore file and keeps the rest.
 */
export function compileGitignoreRules(
  lines: readonly string[],
  options: { onInvalid: 'throw' | 'skip'; field?: string },
): GitignoreRules {
  const rules: CompiledRule[] = [];
  for (const line of lines) {
    const parsed = parseGitignoreLine(line);
    if (parsed === null) continue;
    try {
      rules.push({ regex: globToRegExp(parsed.glob, options.field), isWhitelist: parsed.isWhitelist, isOnlyDirectory: parsed.isOnlyDirectory });
    } catch (error) {
      if (options.onInvalid === 'throw') throw error;
      // 'skip': a broken line in a repository's ignore file must not stop the walk.
    }
  }
  const matchGlobSubject = (subject: string, isDirectory: boolean): RuleMatch => {
    for (let index = rules.length - 1; index >= 0; index -= 1) {
      const rule = rules[index] as CompiledRule;
      if (rule.isOnlyDirectory && !isDirectory) continue;
      if (rule.regex.test(subject)) return rule.isWhitelist ? 'whitelist' : 'ignore';
    }
    return null;
  };
  return {
    size: rules.length,
    match: (relativePath, isDirectory) => (rules.length === 0 ? null : matchGlobSubject(toGlobSubject(relativePath), isDirectory)),
    matchGlobSubject,
  };
}

/** Splits the text of an ignore file into lines (`\n` or `\r\n`), dropping a UTF-8 BOM. */
export function splitIgnoreFile(text: string): string[] {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.split(/\r?\n/);
}

function parseGitignoreLine(rawLine: string): { glob: string; isWhitelist: boolean; isOnlyDirectory: boolean } | null {
  let line = rawLine;
  if (line.startsWith('#')) return null;
  if (!line.endsWith('\\ ')) line = line.trimEnd();
  if (line.length === 0) return null;
  let isWhitelist = false;
  let isAbsolute = false;
  if (line.startsWith('\\!') || line.startsWith('\\#')) {
    line = line.slice(1);
    isAbsolute = line.startsWith('/');
  } else {
    if (line.startsWith('!')) {
      isWhitelist = true;
      line = line.slice(1);
    }
    if (line.startsWith('/')) {
      line = line.slice(1);
      isAbsolute = true;
    }
  }
  let isOnlyDirectory = false;
  if (line.endsWith('/')) {
    isOnlyDirectory = true;
    line = line.slice(0, -1);
    // An escaped trailing slash (`foo\/`) still means "directory only".
    if (line.endsWith('\\')) line = line.slice(0, -1);
  }
  let glob = line;
  if (!isAbsolute && !line.includes('/') && !(glob.startsWith('**/') || glob === '**')) glob = `**/${glob}`;
  if (glob.endsWith('/**')) glob = `${glob}/*`;
  return { glob, isWhitelist, isOnlyDirectory };
}
