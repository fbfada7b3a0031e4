import type { ContextFile } from './read-context-files.js';
import type { CommandRecord } from './run-validation-commands.js';
import type { SearchRecord } from './search-identifiers.js';
import type { SignalPath } from './discovery-result.js';

/** Items listed per summary line; the rest are counted ("and 12 more"). */
export const MAX_SUMMARY_ITEMS = 8;
/** Longest summary line: a broad query or a long path list cannot flood the prompt. */
export const MAX_SUMMARY_LINE_CHARS = 600;

/**
 * Step 9: the discovery summary for the planning prompt, four compact
 * lines (plus a note when validation was skipped or commands had problems):
 *
 *     Project commands: typecheck: npm run typecheck (exit 2); test: npm test (exit 1)
 *     Context discovery: searched queries: getToken (2 matches)
 *     Discovered paths: src/user/user-service.ts:14:86, ...
 *     Read context files: src/auth/auth-client.ts (defines AuthClient, ...), ...
 */
export function buildDiscoverySummary(input: {
  packageManager: string | null;
  commands: readonly CommandRecord[];
  searches: readonly SearchRecord[];
  paths: readonly SignalPath[];
  identifiers: readonly string[];
  files: readonly ContextFile[];
}): string {
  const commands = input.commands.map((command) => `${command.name}: ${command.command} (${commandOutcome(command)})`);
  const projectLine = commands.length === 0 ? 'none found' : listOf(commands, '; ');
  const searches = input.searches.map((search) => `${search.query} (${search.problem !== undefined ? 'failed' : `${search.matches}${search.truncated ? '+' : ''} matches`})`);
  const identifiers = input.identifiers.length === 0 ? '' : `; identifiers: ${listOf(input.identifiers, ', ')}`;
  const discoveryLine = `searched queries: ${searches.length === 0 ? 'none' : listOf(searches, ', ')}${identifiers}`;
  const paths = input.paths.map((path) => `${path.path}${path.line === undefined ? '' : `:${path.line}${path.column === undefined ? '' : `:${path.column}`}`}`);
  const files = input.files.map((file) => `${file.path} (${file.why[0] ?? file.reason}${file.isPartial ? '; excerpts' : ''})`);
  return [
    cap(`Project commands${input.packageManager ? ` (${input.packageManager})` : ''}: ${projectLine}`),
    cap(`Context discovery: ${discoveryLine}`),
    cap(`Discovered paths: ${paths.length === 0 ? 'none' : listOf(paths, ', ')}`),
    cap(`Read context files: ${files.length === 0 ? 'none' : listOf(files, '; ')}`),
  ].join('\n');
}

/** `exit 2`, `not run`, `denied: ...`, `timed out`. */
export function commandOutcome(command: CommandRecord): string {
  if (!command.ran) return command.problem === undefined ? 'not run' : command.problem.startsWith('not run: ') ? firstLine(command.problem) : `not run: ${firstLine(command.problem)}`;
  if (command.timedOut) return 'timed out';
  if (command.exitCode === null) return command.problem ?? 'killed';
  return `exit ${command.exitCode}`;
}

function listOf(items: readonly string[], separator: string): string {
  const shown = items.slice(0, MAX_SUMMARY_ITEMS).join(separator);
  return items.length > MAX_SUMMARY_ITEMS ? `${shown} and ${items.length - MAX_SUMMARY_ITEMS} more` : shown;
}

function cap(line: string): string {
  return line.length > MAX_SUMMARY_LINE_CHARS ? `${line.slice(0, MAX_SUMMARY_LINE_CHARS - 1)}…` : line;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 160);
}
