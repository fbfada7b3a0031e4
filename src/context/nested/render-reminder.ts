import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';

/** One file's part of a reminder. */
export interface ReminderPart {
  path: string;
  /** `for packages/api/` or `rule for src/api/**`, with its paths already escaped (escapePromptPath). */
  scope: string;
  /** The body as injected (already neutralised and cut), or null when it could not be shown. */
  body: string | null;
  /** A notice shown after the body (a cut) or instead of it (unreadable, over budget). */
  notice?: string;
}

/**
 * The `<system-reminder>` block appended to a tool result: a one-line
 * preamble, then each file under a header with its escaped path, outermost
 * first. Bodies and paths are neutralised before they get here, so the only
 * reminder tags in the block are its own first and last lines.
 */
export function renderReminder(parts: readonly ReminderPart[]): string {
  const sections = parts.map((part) => {
    const lines = [`## ${escapePromptPath(part.path)} (${part.scope})`];
    const body = part.body?.trim() ?? '';
    if (body.length > 0) lines.push(body);
    if (part.notice !== undefined) lines.push(part.notice);
    return lines.join('\n\n');
  });
  const preamble = 'Instructions for the part of the workspace this tool call touched, from its nested context files (shown once per session; where they disagree, the nearest applies):';
  return `<system-reminder>\n${preamble}\n\n${sections.join('\n\n')}\n</system-reminder>`;
}
