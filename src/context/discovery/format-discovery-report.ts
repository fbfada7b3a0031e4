import { commandOutcome } from './build-discovery-summary.js';
import { failedCommandTail } from './failed-command-tail.js';
import type { DiscoveryResult } from './discovery-result.js';

/** Text styles for the report; identity functions print plain text. */
export interface ReportColors {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

const PLAIN: ReportColors = { bold: (text) => text, dim: (text) => text, red: (text) => text, green: (text) => text, yellow: (text) => text };
/** Reasons shown per file; the rest are counted. */
const MAX_REASONS_PER_FILE = 4;
/** Path and identifier signals listed; the rest are counted. */
const MAX_LISTED_SIGNALS = 12;

/**
 * The human-readable `brass-agent discover` report: the commands and how
 * they ended, the signals, the searches, and each file read for the prompt
 * with why it was chosen, then the summary the planning prompt receives.
 */
export function formatDiscoveryReport(result: DiscoveryResult, colors: ReportColors = PLAIN): string {
  if (!result.isEnabled) return `${result.summary}\n`;
  const lines: string[] = [];
  lines.push(`${colors.bold('Project')}  ${result.packageManager ?? 'no package.json'}`);
  lines.push('', colors.bold('Validation commands'));
  if (result.commands.length === 0) lines.push(colors.dim('  none found'));
  const nameWidth = Math.max(0, ...result.commands.map((command) => command.name.length));
  const commandWidth = Math.max(0, ...result.commands.map((command) => command.command.length));
  for (const command of result.commands) {
    const outcome = commandOutcome(command);
    const mark = !command.ran ? colors.dim('-') : command.exitCode === 0 ? colors.green('✓') : colors.red('✗');
    const duration = command.durationMs === null ? '' : colors.dim(`  ${formatDuration(command.durationMs)}`);
    lines.push(`  ${mark} ${command.name.padEnd(nameWidth)}  ${command.command.padEnd(commandWidth)}  ${command.ran && command.exitCode !== 0 ? colors.red(outcome) : colors.dim(outcome)}${duration}`);
    const tail = failedCommandTail(command);
    if (tail !== null) {
      for (const line of tail.lines) lines.push(colors.dim(`      │ ${line}`));
      if (tail.hint !== undefined) lines.push(`      ${colors.yellow('hint:')} ${tail.hint}`);
    }
  }
  lines.push('', colors.bold('Signals'));
  const paths = result.signals.paths.map((path) => `${path.path}${path.line === undefined ? '' : `:${path.line}${path.column === undefined ? '' : `:${path.column}`}`}`);
  lines.push(`  paths        ${listed(paths) || colors.dim('none')}`);
  lines.push(`  identifiers  ${listed(result.signals.identifiers) || colors.dim('none')}`);
  lines.push('', colors.bold('Searches'));
  if (result.searches.length === 0) lines.push(colors.dim('  none needed'));
  for (const search of result.searches) {
    const outcome = search.problem ?? `${search.matches} match${search.matches === 1 ? '' : 'es'}${search.truncated ? ' (more not shown)' : ''}`;
    lines.push(`  ${search.query}  ${colors.dim(outcome)}`);
  }
  lines.push('', colors.bold(`Files read for the prompt, best first (${result.files.length})`));
  if (result.files.length === 0) lines.push(colors.dim('  none: no signal led to a readable file'));
  for (const [index, file] of result.files.entries()) {
    const how = file.reason === 'direct' ? 'named by a failure' : file.reason === 'goal' ? 'matched the goal' : 'found by tracing names';
    const size = `${formatBytes(file.bytes)}${file.isPartial ? ` of ${formatBytes(file.totalBytes)}, excerpts` : ''}`;
    lines.push(`  ${index + 1}. ${colors.bold(file.path)}  ${colors.dim(`score ${file.score.toFixed(2)} · ${size} · ${how}`)}`);
    for (const reason of file.why.slice(0, MAX_REASONS_PER_FILE)) lines.push(`     - ${reason}`);
    const hidden = file.why.length - MAX_REASONS_PER_FILE;
    if (hidden > 0) lines.push(colors.dim(`     - and ${hidden} more reason${hidden === 1 ? '' : 's'}`));
  }
  if (result.warnings.length > 0) {
    lines.push('', colors.bold('Notes'));
    for (const warning of result.warnings) lines.push(`  ${colors.yellow('!')} ${warning}`);
  }
  lines.push('', colors.bold('Summary for the planning prompt'));
  for (const line of result.summary.split('\n')) lines.push(`  ${line}`);
  return `${lines.join('\n')}\n`;
}

function listed(items: readonly string[]): string {
  const shown = items.slice(0, MAX_LISTED_SIGNALS).join(', ');
  return items.length > MAX_LISTED_SIGNALS ? `${shown} and ${items.length - MAX_LISTED_SIGNALS} more` : shown;
}

function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}
