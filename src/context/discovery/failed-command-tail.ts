import { normalizeOutputLines } from './normalize-output-text.js';
import type { CommandRecord } from './run-validation-commands.js';

/** Lines of a failed command's output shown in the report: the end, where runners print the failure and its summary. */
export const MAX_TAIL_LINES = 12;
/** Characters of one shown line, and of all of them. */
const MAX_LINE_CHARS = 200;
const MAX_TAIL_CHARS = 2_000;

/** What the report shows of a command that ran and failed: its output's last lines, and a hint for a common cause. */
export interface FailedCommandTail {
  lines: string[];
  hint?: string;
}

/** What the tail is made from: a discovery command record, or a validation result after a patch (`run`). */
export type FailedCommandInput = Pick<CommandRecord, 'ran' | 'exitCode' | 'timedOut' | 'output'>;

/**
 * The last non-empty lines of a failed command's output (stdout then
 * stderr, as captured), colours and control characters removed, each line
 * and the whole capped; and a hint when the cause is a common one: a
 * program not found (exit 127, `command not found`), a module missing
 * (dependencies not installed), not executable (126), or the timeout. Null
 * for a command that did not run or passed. Redaction is the caller's.
 */
export function failedCommandTail(command: FailedCommandInput): FailedCommandTail | null {
  if (!command.ran || (command.exitCode === 0 && !command.timedOut)) return null;
  // The parsers' cleaning: no colours, no control character a shown line could use to move the cursor or fake a line.
  const all = normalizeOutputLines(command.output)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim().length > 0);
  const lines: string[] = [];
  let chars = 0;
  for (const line of all.slice(-MAX_TAIL_LINES).reverse()) {
    const shown = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS - 1)}…` : line;
    if (chars + shown.length > MAX_TAIL_CHARS) break;
    chars += shown.length;
    lines.unshift(shown);
  }
  const hint = hintFor(command, all);
  return hint === undefined ? { lines } : { lines, hint };
}

function hintFor(command: FailedCommandInput, lines: readonly string[]): string | undefined {
  const text = lines.join('\n');
  if (command.timedOut) return 'it did not finish within limits.shellTimeoutMs: raise it for a slow suite, or run a narrower command';
  if (command.exitCode === 127 || /\bcommand not found\b|\bnot found: |\bENOENT\b.*\bspawn\b/i.test(text)) {
    return 'a program it runs was not found: are the dependencies installed (npm ci, pnpm install, yarn install)?';
  }
  if (/\bCannot find (?:module|package)\b|\bERR_MODULE_NOT_FOUND\b|\bMODULE_NOT_FOUND\b/.test(text)) return 'a module could not be loaded: are the dependencies installed (npm ci, pnpm install, yarn install)?';
  if (command.exitCode === 126) return 'a program it runs is not executable (exit 126): check its permissions';
  return undefined;
}
