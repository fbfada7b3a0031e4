import { posix } from 'node:path';
import { UNCHECKED_KEY_LINE, couldBeInsideKeyBlock, redactLinesInContext, type RedactTextFunction, type SearchMatch, type SearchTextResult, type WorkspaceScope } from '../../core/index.js';

/**
 * Files one search reads again, at most, to check whether match lines lie
 * inside a key block; past it such lines are hidden unchecked.
 */
export const MAX_CONTEXT_CHECKED_FILES = 20;

/** A search result as the agent's and the MCP server's `search_text` show it. */
export interface SearchMatchLines {
  /** The searched directory, workspace-relative (`.` for the root). */
  base: string;
  /** One `path:line:column: text` line per match, workspace-relative paths, plus a note when truncated. */
  lines: string[];
  /** The files with matches, workspace-relative, once each. */
  files: string[];
  /** The matches the lines show, workspace-relative, their text checked against their file (not yet redacted as text). */
  matches: SearchMatch[];
}

/**
 * How match lines are redacted in the context of their file: `readFile`
 * reads a workspace-relative file through the runtime's safe read (null
 * when it cannot), `redact` redacts text.
 */
export interface MatchContextRedaction {
  readFile: (path: string) => Promise<string | null>;
  redact: RedactTextFunction;
}

/**
 * Formats an `fs.searchText` result for a tool: its match paths are relative
 * to the searched directory, callers work with workspace-relative ones, so
 * each is joined to the directory's workspace-relative path.
 *
 * With `context`, a match line that could lie inside a PEM key block whose
 * header it does not show (see couldBeInsideKeyBlock) is replaced by its
 * line of the whole redacted file (redactMatchesInContext). The caller still
 * redacts the lines as text.
 */
export async function searchMatchLines(
  scope: WorkspaceScope,
  path: string | undefined,
  result: SearchTextResult,
  maxResultsLimit: number,
  context?: MatchContextRedaction,
): Promise<SearchMatchLines> {
  const base = path === undefined ? '.' : ((await scope.resolve(path)).relativePath ?? path);
  const joined = result.matches.map((match) => ({ ...match, path: posix.join(base, match.path) }));
  const located = context === undefined ? joined : await redactMatchesInContext(joined, context);
  const lines = located.map((match) => `${match.path}:${match.line}:${match.column}: ${match.text}`);
  if (result.truncated) lines.push(`[... more matches not shown: raise maxResults (up to ${maxResultsLimit}) or narrow the search ...]`);
  return { base, lines, files: [...new Set(located.map((match) => match.path))], matches: located };
}

/**
 * The matches with every line that could lie inside a key block checked
 * against its whole file: shown as the redacted file's line at that number
 * (empty inside a key), as it is when the whole file's redaction leaves the
 * line alone, or as `[REDACTED:private-key]` when the file cannot be read
 * again, no longer has that line, or is past MAX_CONTEXT_CHECKED_FILES.
 * A search for `A` must not return the body of a private key.
 */
export async function redactMatchesInContext(matches: readonly SearchMatch[], context: MatchContextRedaction): Promise<SearchMatch[]> {
  const suspectLines = new Map<string, number[]>();
  for (const match of matches) {
    if (!couldBeInsideKeyBlock(match.text)) continue;
    const lines = suspectLines.get(match.path) ?? [];
    lines.push(match.line);
    suspectLines.set(match.path, lines);
  }
  if (suspectLines.size === 0) return [...matches];
  const shown = new Map<string, Map<number, string | null>>();
  let checked = 0;
  for (const [file, lines] of suspectLines) {
    checked += 1;
    const content = checked > MAX_CONTEXT_CHECKED_FILES ? null : await context.readFile(file);
    shown.set(file, content === null ? new Map() : shownLines(content, lines, context.redact));
  }
  return matches.map((match) => {
    if (!couldBeInsideKeyBlock(match.text)) return match;
    const text = shown.get(match.path)?.get(match.line);
    return { ...match, text: text === undefined || text === null ? UNCHECKED_KEY_LINE : text };
  });
}

/** For each line: the text to show, `undefined`-free; null when the file cannot vouch for it. */
function shownLines(content: string, lines: readonly number[], redact: RedactTextFunction): Map<number, string | null> {
  const realLines = content.split('\n');
  const redacted = redactLinesInContext(redact, content, lines);
  const result = new Map<number, string | null>();
  for (const line of lines) {
    const real = realLines[line - 1]?.replace(/\r$/, '');
    const text = redacted?.get(line)?.replace(/\r$/, '');
    if (real === undefined || text === undefined) result.set(line, null);
    else result.set(line, text === real ? real : text);
  }
  return result;
}
