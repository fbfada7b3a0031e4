import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { truncateUtf8 } from '../../core/context-text/truncate-utf8.js';
import type { DiscoveryResult } from '../../context/discovery/index.js';

/** Most bytes of one failing command's output quoted in the first message (its tail: errors come last). */
export const MAX_FAILURE_OUTPUT_BYTES = 6 * 1024;
/** Most bytes of the goal quoted in the first message. */
export const MAX_GOAL_BYTES = 32 * 1024;

/**
 * The first user message of a run: the goal, the discovery summary, the
 * tail of each failing validation command and of the validation output
 * handed in (`run --validation-output`), and the files discovery read,
 * each in a fenced block under its path. Everything in it comes from the
 * repository or the person, so paths are escaped and reminder tags
 * neutralised (a file cannot open a `<system-reminder>`); the caller
 * redacts secrets from the whole text.
 */
export function buildFirstMessage(goal: string, discovery: DiscoveryResult | null, given: { validationOutput?: string } = {}): string {
  const goalText = truncateUtf8(goal.trim(), MAX_GOAL_BYTES);
  const parts = [`Goal:\n${neutralizeReminderTags(goalText.text)}${goalText.truncated ? '\n[goal truncated]' : ''}`];
  if (discovery === null || !discovery.isEnabled) return parts.join('\n\n');

  parts.push(`What context discovery found before you started:\n${neutralizeReminderTags(discovery.summary)}`);
  for (const command of discovery.commands) {
    if (!command.ran || command.exitCode === 0 || command.output.trim() === '') continue;
    parts.push(`Output of \`${escapePromptPath(command.command)}\` (exit ${command.exitCode ?? 'none'}${command.timedOut ? ', timed out' : ''}):\n${fence(tailOf(command.output))}`);
  }
  if (given.validationOutput !== undefined && given.validationOutput.trim() !== '') {
    parts.push(`Validation output you were given (as if a validation command printed it):\n${fence(tailOf(given.validationOutput))}`);
  }
  for (const file of discovery.files) {
    const why = file.why.length > 0 ? ` — ${file.why.slice(0, 2).join('; ')}` : '';
    const partial = file.isPartial ? ' (excerpts)' : '';
    parts.push(`File ${escapePromptPath(file.path)}${partial}${neutralizeReminderTags(why)}:\n${fence(file.content)}`);
  }
  parts.push('Read more files with the tools as needed. When the goal is reached, stop calling tools and say briefly what you changed and why.');
  return parts.join('\n\n');
}

/** The last MAX_FAILURE_OUTPUT_BYTES of a command's output, cut on a line start. */
function tailOf(output: string): string {
  const bytes = new TextEncoder().encode(output);
  if (bytes.length <= MAX_FAILURE_OUTPUT_BYTES) return output;
  const tail = new TextDecoder().decode(bytes.subarray(bytes.length - MAX_FAILURE_OUTPUT_BYTES));
  const lineStart = tail.indexOf('\n');
  return `[… earlier output omitted]\n${lineStart === -1 ? tail : tail.slice(lineStart + 1)}`;
}

/** A fenced block whose fence is longer than any backtick run inside, so the text cannot close it. */
/** `text` in a code fence longer than any backtick run inside it, reminder tags neutralised. */
export function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const marker = '`'.repeat(longest + 1);
  return `${marker}\n${neutralizeReminderTags(text)}${text.endsWith('\n') ? '' : '\n'}${marker}`;
}
