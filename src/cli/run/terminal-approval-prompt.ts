import type { AgentEvent } from '../../agent/events/agent-event.js';
import type { ApprovalOutcome } from '../../core/index.js';
import type { Colors } from '../output.js';
import type { TextSink } from './create-human-renderer.js';
import { oneLine, wrapWhole } from './describe-tool-call.js';
import { renderDiff } from './render-diff.js';

/** Most diff lines an approval question shows; the whole diff is printed at the end of the run. */
export const MAX_APPROVAL_DIFF_LINES = 200;
/**
 * Longest command an approval question shows, whole and wrapped. A longer one
 * is refused without asking: no person reads it all, and padding would hide
 * its harmful tail.
 */
export const MAX_APPROVAL_COMMAND_CHARS = 4_000;
/** Most characters of one answer line read; a longer line counts as a deny. */
const MAX_ANSWER_CHARS = 64;
const CTRL_C = String.fromCharCode(3);
const CTRL_D = String.fromCharCode(4);

/** What an approval question shows: the fields of an `approval.requested` event. */
export type ApprovalQuestion = Omit<Extract<AgentEvent, { type: 'approval.requested' }>, 'type' | 'approvalId'>;

/** The keyboard a question is answered on: a terminal in raw mode reads one key, anything else one line. */
export interface ApprovalInput {
  isTTY?: boolean;
  readableEnded?: boolean;
  setRawMode?(isRaw: boolean): unknown;
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'end', listener: () => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

export interface TerminalApprovalPromptOptions {
  input: ApprovalInput;
  /** Where the question is shown (stderr: stdout carries the result). */
  output: TextSink;
  colors: Colors;
  /** Ctrl-C typed at the question (a terminal in raw mode delivers it as a key, not as SIGINT). */
  onInterrupt: () => void;
}

/**
 * Reads an answer: `y`/`yes` allows once, `a`/`always` for the session;
 * anything else, an empty answer included, denies (the safe default).
 */
export function parseApprovalAnswer(answer: string): ApprovalOutcome {
  const word = answer.trim().toLowerCase();
  if (word === 'y' || word === 'yes') return 'allow-once';
  if (word === 'a' || word === 'always') return 'allow-session';
  return 'deny';
}

/**
 * The `--approval ask` prompt on a terminal: shows what is asked (action,
 * tool, reason, files, paths outside the workspace, the command, or the diff
 * of a patch) and reads one key (`y` once, `a` for the session, anything
 * else denies). Questions from concurrent sub-agents are asked one at a
 * time. Model-written text is shown on single lines without control
 * characters, so it cannot forge the question.
 */
export function createTerminalApprovalPrompt(options: TerminalApprovalPromptOptions): (question: ApprovalQuestion) => Promise<ApprovalOutcome> {
  const { output, colors } = options;
  let queue: Promise<unknown> = Promise.resolve();

  const ask = async (question: ApprovalQuestion): Promise<ApprovalOutcome> => {
    if (question.command !== null && question.command.length > MAX_APPROVAL_COMMAND_CHARS) {
      const subject = oneLine(question.tool ?? question.action, 60);
      output.write(`\n${colors.yellow(`? ${subject}: denied without asking: the command is ${question.command.length} characters, more than the ${MAX_APPROVAL_COMMAND_CHARS} an approval shows; ask for a shorter command`)}\n`);
      return 'deny';
    }
    output.write(`\n${formatApprovalQuestion(question, colors)}`);
    output.write(`${colors.bold('allow?')} [y] once  [a] for this session  [N] deny: `);
    const answer = await readAnswer(options);
    const outcome = parseApprovalAnswer(answer === CTRL_C || answer === CTRL_D ? '' : answer);
    output.write(`${outcome === 'deny' ? 'n' : outcome === 'allow-once' ? 'y' : 'a'}\n`);
    if (answer === CTRL_C) options.onInterrupt();
    return outcome;
  };

  return (question) => {
    const asked = queue.then(() => ask(question));
    queue = asked.catch(() => undefined);
    return asked;
  };
}

/** The question's lines (without the final `allow?` line). */
export function formatApprovalQuestion(question: ApprovalQuestion, colors: Colors): string {
  const subject = question.tool ?? question.action;
  const lines = [colors.yellow(`? approval needed: ${oneLine(subject, 60)} (${oneLine(question.action, 40)})`), `  reason: ${oneLine(question.reason, 300)}`];
  // The whole command, wrapped: what is approved must be what is shown.
  if (question.command !== null) lines.push(`  command (${question.command.length} characters):`, ...wrapWhole(question.command).map((line) => `    ${line}`));
  if (question.paths.length > 0) lines.push(`  files: ${wrapWhole(question.paths.join(', ')).join('\n    ')}`);
  if (question.outOfScopePaths.length > 0) lines.push(colors.red(`  outside the workspace: ${wrapWhole(question.outOfScopePaths.join(', ')).join('\n    ')}`));
  if (question.diff !== null && question.diff.length > 0) {
    const diffLines = renderDiff(question.diff, { isTerminal: true, colors }).split('\n');
    const shown = diffLines.slice(0, MAX_APPROVAL_DIFF_LINES);
    lines.push(...shown.map((line) => `  ${line}`));
    if (diffLines.length > shown.length) lines.push(colors.dim(`  … ${diffLines.length - shown.length} more diff lines`));
  }
  return `${lines.join('\n')}\n`;
}

/** One key in raw mode, else one line; the end of input is an empty answer. */
function readAnswer(options: TerminalApprovalPromptOptions): Promise<string> {
  const { input } = options;
  const isRaw = input.isTTY === true && typeof input.setRawMode === 'function';
  if (input.readableEnded === true) return Promise.resolve('');
  return new Promise((resolve) => {
    let line = '';
    const finish = (answer: string): void => {
      input.off('data', onData);
      input.off('end', onEnd);
      if (isRaw) input.setRawMode?.(false);
      input.pause();
      resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (isRaw) return finish(text.slice(0, 1));
      line += text;
      const end = line.indexOf('\n');
      if (end !== -1) return finish(line.slice(0, end));
      if (line.length > MAX_ANSWER_CHARS) finish('');
    };
    const onEnd = (): void => finish(line);
    if (isRaw) input.setRawMode?.(true);
    input.on('data', onData);
    input.on('end', onEnd);
    input.resume();
  });
}
