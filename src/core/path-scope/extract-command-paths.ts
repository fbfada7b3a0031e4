import { type CommandPathExtraction, ExtractionCollector, WalkBudgetExceeded } from './extraction-collector.js';
import { initialShellState } from './shell-analysis-state.js';
import { ShellScriptWalker } from './shell-script-walker.js';
import type { ShellParser } from './shell-syntax.js';
import { literalWord } from './shell-word.js';

/** How an unknown reason caused by a bug in the extractor begins (never expected; tests check for it). */
export const INTERNAL_FAILURE_PREFIX = 'the path check failed: ';

/** Where a command runs and how to read the scripts it carries. */
export interface ExtractionContext {
  /** The absolute directory the command starts in. */
  cwd: string;
  /** The user's home directory (`~`, `$HOME`, a bare `cd`). */
  homeDir: string;
  /** Reads shell scripts (`sh -c`); null makes every script "unknown". */
  parser: ShellParser | null;
}

/**
 * Every path a shell command line may touch, or why that cannot be known.
 *
 * The script is parsed by a real shell grammar and walked statement by
 * statement: quoting and escapes, `; && || | &`, subshells and groups,
 * `if`/`for`/`while`/`case`, substitutions, redirections, here-documents,
 * `VAR=value` prefixes, wrappers (`sudo -u x`, `env -i`, `timeout 5`, ...),
 * `sh -c` scripts, `cd` (followed through `&&`, `||` and branches), `~` and
 * known variables. Any argument of any command may be a path, except where a
 * command is known to take text (`echo`, a commit message, a grep pattern);
 * URLs, `docker -v` container paths and package specifiers are not paths.
 * What it cannot follow it reports in `unknown` (fail closed: the caller
 * asks). Never throws.
 *
 * @example
 * extractScriptPaths('cd /; cat etc/passwd', { cwd: '/repo', homeDir: '/home/me', parser })
 * // mentions: [{ path: '/', ... }, { path: '/etc/passwd', ... }], unknown: []
 */
export function extractScriptPaths(script: string, context: ExtractionContext): CommandPathExtraction {
  return extract(context, (walker) => walker.walkScript(script, initialShellState(context.cwd), 0));
}

/**
 * The same for a command given as argv (run without a shell): each element
 * is one literal word; `sh -c SCRIPT` and wrappers are read as above.
 */
export function extractArgvPaths(argv: readonly string[], context: ExtractionContext): CommandPathExtraction {
  return extract(context, (walker) => walker.simpleCommand(argv.map(literalWord), initialShellState(context.cwd), 0));
}

function extract(context: ExtractionContext, walk: (walker: ShellScriptWalker) => void): CommandPathExtraction {
  const collector = new ExtractionCollector();
  try {
    walk(new ShellScriptWalker(collector, context.homeDir, context.parser));
  } catch (error) {
    if (error instanceof WalkBudgetExceeded) collector.markUnknown(error.message);
    // A bug must not turn into "no paths": fail closed, with a reason the tests look for.
    else collector.markUnknown(`${INTERNAL_FAILURE_PREFIX}${error instanceof Error ? error.message : String(error)}`);
  }
  return collector.result();
}
