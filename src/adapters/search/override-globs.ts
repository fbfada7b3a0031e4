import { compileGitignoreRules } from './gitignore-rules.js';
import type { RuleMatch } from './gitignore-rules.js';

/**
 * The `--glob` overrides of one search: include globs, exclude globs and the
 * skipped directory names, in ripgrep's precedence. Overrides beat ignore
 * files and the hidden-file rule; among them the last matching glob wins,
 * so excludes beat includes and skipped directories beat both.
 */
export interface OverrideGlobs {
  /** The `--glob` values passed to ripgrep, in order. */
  readonly lines: readonly string[];
  /** Whether there is at least one include glob. */
  readonly hasIncludes: boolean;
  /**
   * `whitelist` (searched whatever the ignore files say), `ignore` (never
   * searched) or null (undecided: ignore files and the hidden rule decide).
   * With include globs, a file that matches none is `ignore`; a directory
   * that matches none stays undecided, so the walk still enters it.
   */
  match(relativePath: string, name: string, isDirectory: boolean): RuleMatch;
}

/**
 * Builds the overrides ripgrep gets as `--glob` arguments: each include as
 * is, each exclude as `!glob`, each skipped directory as `!name/` (with glob
 * characters escaped, so a name is only ever a literal name).
 * Throws InvalidInputError (field `globs` or `excludeGlobs`) for an invalid glob.
 */
export function createOverrideGlobs(options: {
  globs: readonly string[];
  excludeGlobs: readonly string[];
  skipDirs: readonly string[];
}): OverrideGlobs {
  const includeLines = [...options.globs];
  const excludeLines = options.excludeGlobs.map((glob) => `!${glob}`);
  const skipLines = options.skipDirs.map((name) => `!${escapeGlobLiteral(name)}/`);
  // Compiled separately only to name the offending field; matching below uses
  // one ordered list, since the last matching line wins across all of them.
  compileGitignoreRules(includeLines, { onInvalid: 'throw', field: 'globs' });
  compileGitignoreRules(excludeLines, { onInvalid: 'throw', field: 'excludeGlobs' });
  const globRules = compileGitignoreRules([...includeLines, ...excludeLines], { onInvalid: 'throw' });
  // A gitignore line's `!` prefix means "whitelist"; as an override it is
  // inverted: a plain glob includes, a `!glob` excludes.
  const hasIncludes = includeLines.some((line) => !isNegatedOrComment(line));
  const skipped = new Set(options.skipDirs);
  return {
    lines: [...includeLines, ...excludeLines, ...skipLines],
    hasIncludes,
    match(relativePath, name, isDirectory) {
      // `!name/` lines come last and match a directory by its name alone.
      if (isDirectory && skipped.has(name)) return 'ignore';
      const verdict = globRules.match(relativePath, isDirectory);
      if (verdict === 'ignore') return 'whitelist';
      if (verdict === 'whitelist') return 'ignore';
      return hasIncludes && !isDirectory ? 'ignore' : null;
    },
  };
}

/** Escapes globset metacharacters so `name` matches only itself. */
export function escapeGlobLiteral(name: string): string {
  return name.replace(/[\\*?[\]{}]/g, (char) => `\\${char}`);
}

function isNegatedOrComment(line: string): boolean {
  // The same reading as the gitignore parser: `\!` and `\#` are literals.
  if (line.startsWith('\\!') || line.startsWith('\\#')) return false;
  return line.startsWith('!') || line.startsWith('#') || line.trimEnd().length === 0;
}
