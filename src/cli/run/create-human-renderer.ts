import type { AgentEvent, PatchFileSummary, RunFinalState } from '../../agent/events/agent-event.js';
import type { Colors } from '../output.js';
import { describeToolCall, oneLine } from './describe-tool-call.js';
import { terminalSafeLines, terminalSafeName, terminalSafeText } from '../terminal-safe-text.js';

/** Longest tool result summary shown on one progress line. */
export const MAX_RESULT_SUMMARY_CHARS = 160;
/** The name the lead agent of a run carries in events (sub-agents have their own). */
export const MAIN_AGENT = 'main';

/** Somewhere text can be written (a process stream, or a buffer in tests). */
export interface TextSink {
  write(text: string): unknown;
}

export interface HumanRendererOptions {
  /** Gets the main agent's streamed text and nothing else. */
  stdout: TextSink;
  /** Gets the progress lines. */
  stderr: TextSink;
  /** Colours for the progress lines (plain when stderr is not a terminal). */
  colors: Colors;
  /** The terminal prompt shows approval requests itself: do not print them twice. */
  isPromptShowingApprovals: boolean;
}

/** Renders a run's events for people as they arrive. */
export interface HumanRenderer {
  onEvent(event: AgentEvent): void;
  /** Ends the model's text with a newline if it did not (call before printing anything else on stdout). */
  endText(): void;
}

const OUTCOME_TEXT = { 'allow-once': 'allowed once', 'allow-session': 'allowed for the session', deny: 'denied' } as const;

/**
 * The human output of `brass-agent run`: the main agent's text streams to
 * stdout as it arrives (escape sequences removed); discovery, each tool call
 * and its result, approvals, patches, validation and a final one-line
 * summary go to stderr. Sub-agents' text is not streamed: only the line
 * saying they finished.
 */
export function createHumanRenderer(options: HumanRendererOptions): HumanRenderer {
  const { stdout, stderr, colors } = options;
  let isTextOpen = false;

  const endText = (): void => {
    if (isTextOpen) stdout.write('\n');
    isTextOpen = false;
  };
  const progress = (line: string): void => {
    endText();
    stderr.write(`${terminalSafeLines(line)}\n`);
  };

  const handlers: { [Type in AgentEvent['type']]: (event: Extract<AgentEvent, { type: Type }>) => void } = {
    'run.started': (event) => progress(colors.dim(`brass-agent run · ${event.mode} mode · approval ${event.approval} · ${event.provider}/${event.model}`)),
    'discovery.completed': (event) => progress(describeDiscovery(event)),
    'text.delta': (event) => {
      if (event.agent !== MAIN_AGENT) return;
      const text = terminalSafeText(event.text);
      if (text.length === 0) return;
      stdout.write(text);
      isTextOpen = !text.endsWith('\n');
    },
    // The wait for the model is a progress line (see trackRunProgress), not a lasting one.
    'model.started': () => undefined,
    'model.completed': (event) => {
      if (event.agent === MAIN_AGENT) endText();
      else if (event.finishReason !== 'tool-calls') progress(colors.dim(`  ↳ sub-agent ${oneLine(event.agent, 60)} finished (${event.finishReason})`));
    },
    'action.started': (event) => {
      if (event.agent === MAIN_AGENT) progress(`→ ${describeToolCall(event.tool, event.input)}`);
    },
    'action.completed': (event) => {
      if (event.agent === MAIN_AGENT) progress(colors.dim(`  ${oneLine(event.summary, MAX_RESULT_SUMMARY_CHARS)} (${event.durationMs} ms)`));
    },
    'action.failed': (event) => {
      if (event.agent === MAIN_AGENT) progress(colors.yellow(`  ✗ ${oneLine(event.error.message, MAX_RESULT_SUMMARY_CHARS)}`));
    },
    'approval.requested': (event) => {
      if (options.isPromptShowingApprovals) return;
      const subject = event.command ?? [...event.paths, ...event.outOfScopePaths].join(', ');
      progress(colors.yellow(`? approval needed: ${oneLine(`${event.tool ?? event.action} ${subject}`, MAX_RESULT_SUMMARY_CHARS)} (${oneLine(event.reason, 100)})`));
    },
    'approval.resolved': (event) => progress(`  approval: ${OUTCOME_TEXT[event.outcome]}`),
    'patch.proposed': (event) => progress(`patch: ${describeFiles(event.files)}`),
    'patch.applied': (event) => progress(colors.green(`✓ patch applied: ${describeFiles(event.files)}`)),
    'patch.rolled_back': (event) => {
      const parts = [event.restored.length > 0 ? `restored ${namesOf(event.restored)}` : '', event.removed.length > 0 ? `removed ${namesOf(event.removed)}` : ''].filter(Boolean);
      progress(colors.yellow(`↺ patch rolled back: ${parts.join('; ') || 'nothing to restore'}`));
    },
    'validation.completed': (event) => {
      const commands = event.commands.map((command) => `${command.name} (exit ${command.exitCode ?? 'none'})`).join(', ');
      progress(event.passed ? colors.green(`✓ validation passes: ${commands}`) : colors.red(`✗ validation fails: ${commands}`));
      // The errors that remain, as discover shows them: the last lines of each failed command's output and a hint (issue 18, item 4).
      for (const command of event.commands) if (command.outputTail !== undefined) progress(describeFailedValidation(command, colors));
    },
    'checkpoint.created': (event) => progress(colors.dim(`checkpoint: ${event.files} file(s) (${event.reusedFiles} unchanged since the last one); \`brass-agent undo\` returns to it`)),
    'checkpoint.restored': (event) => progress(colors.dim(`restored from the checkpoint what the run's commands changed: ${event.restored.length} file(s)`)),
    'command.changed_files': (event) => progress(colors.yellow(`  changed by ${oneLine(event.command, 80)}: ${describeChangedFiles(event.files)}`)),
    warning: (event) => progress(`${colors.yellow('warning:')} ${oneLine(event.message, 400)}`),
    'run.finished': (event) => progress(finalLine(event, colors)),
    // A run has no turns; a surface over the session engine renders these.
    'turn.started': () => undefined,
    'turn.finished': () => undefined,
    'session.compacted': (event) => progress(colors.dim(`compacted ${event.turns} earlier turn(s): ${event.tokensBefore} → ${event.tokensAfter} tokens`)),
  };

  return {
    onEvent(event) {
      (handlers[event.type] as (event: AgentEvent) => void)(event);
    },
    endText,
  };
}

function describeDiscovery(event: Extract<AgentEvent, { type: 'discovery.completed' }>): string {
  const ran = event.commands.filter((command) => command.ran);
  const commands = ran.length > 0 ? `ran ${ran.map((command) => `${command.name} (exit ${command.exitCode ?? 'none'})`).join(', ')}; ` : '';
  const files = event.files.length > 0 ? `read ${event.files.map((file) => `${terminalSafeName(file.path)} (${file.reason})`).join(', ')}` : 'no file read';
  // Commands that failed for a common cause (not installed, dependencies missing) say how to fix it: one line per hint.
  const byHint = new Map<string, string[]>();
  for (const command of ran) if (command.hint !== undefined) byHint.set(command.hint, [...(byHint.get(command.hint) ?? []), command.name]);
  const hints = [...byHint].map(([hint, names]) => `  hint (${names.join(', ')}): ${hint}`);
  return [`discovery: ${commands}${files}`, ...hints].join('\n');
}

/** A failed validation command under the validation line: `  test, last lines:`, its output's tail, the hint. */
function describeFailedValidation(command: Extract<AgentEvent, { type: 'validation.completed' }>['commands'][number], colors: Colors): string {
  const lines = [`  ${oneLine(command.name, 80)} (exit ${command.exitCode ?? 'none'}), last lines of its output:`, ...(command.outputTail ?? []).map((line) => colors.dim(`    │ ${line}`))];
  if (command.hint !== undefined) lines.push(`    ${colors.yellow('hint:')} ${command.hint}`);
  return lines.join('\n');
}

/** Workspace paths as one list, each rendered terminal-safe. */
function namesOf(paths: readonly string[]): string {
  return paths.map(terminalSafeName).join(', ');
}

/** Most files named on one `changed by` line; the rest are counted. */
const MAX_CHANGED_FILES_SHOWN = 10;

/** `src/a.ts (deleted), src/b.ts, … and 3 more`. */
function describeChangedFiles(files: readonly { path: string; status: PatchFileSummary['status'] }[]): string {
  const shown = files.slice(0, MAX_CHANGED_FILES_SHOWN).map((file) => (file.status === 'modified' ? terminalSafeName(file.path) : `${terminalSafeName(file.path)} (${file.status === 'added' ? 'new' : 'deleted'})`));
  return `${shown.join(', ')}${files.length > MAX_CHANGED_FILES_SHOWN ? ` … and ${files.length - MAX_CHANGED_FILES_SHOWN} more` : ''}`;
}

/** `src/a.ts (+2 −1), src/b.ts (new, +10)`. */
export function describeFiles(files: readonly PatchFileSummary[]): string {
  if (files.length === 0) return 'no file';
  return files
    .map((file) => {
      const status = file.status === 'added' ? 'new, ' : file.status === 'deleted' ? 'deleted, ' : '';
      return `${terminalSafeName(file.path)} (${status}+${file.additions} −${file.deletions})`;
    })
    .join(', ');
}

const STATE_MARK: Record<RunFinalState, string> = { completed: '✓', proposed: '●', applied: '✓', 'rolled-back': '↺', failed: '✗' };

function finalLine(event: Extract<AgentEvent, { type: 'run.finished' }>, colors: Colors): string {
  const paint = event.state === 'failed' || event.state === 'rolled-back' ? colors.red : event.state === 'proposed' ? colors.yellow : colors.green;
  const steps = `${event.steps} ${event.steps === 1 ? 'step' : 'steps'}`;
  return `${paint(`${STATE_MARK[event.state]} ${event.state}:`)} ${oneLine(event.summary, 400)} ${colors.dim(`(${steps}, ${event.inputTokens} tokens in, ${event.outputTokens} out)`)}`;
}
