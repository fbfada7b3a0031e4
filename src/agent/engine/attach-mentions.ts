import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import { truncateUtf8 } from '../../core/context-text/truncate-utf8.js';
import { fence } from '../run/build-first-message.js';
import type { AgentSession } from '../session/index.js';
import { READ_FILE_TOOL } from '../tools/index.js';

/** Most files one message attaches. */
export const MAX_MENTIONS = 10;
/** Most bytes of one attached file. */
export const MAX_MENTION_BYTES = 64 * 1024;

/** `@path` at the start or after whitespace; trailing punctuation is not part of the path. */
const MENTION_PATTERN = /(?:^|\s)@([^\s@]+)/g;

/** The `@path` mentions of a message, in order, without duplicates. */
export function findMentions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const path = match[1]!.replace(/[.,;:!?)\]}'"]+$/, '');
    if (path.length > 0 && !found.includes(path)) found.push(path);
  }
  return found;
}

/**
 * The files a message mentions with `@path`, read through the session's
 * safe read path (`read_file`: scope, permission rules, no devices, size
 * cap), redacted, each in a fenced block after the message, with the
 * nested context first reading there discloses. A mention that cannot be
 * read is a warning, not a failed turn.
 */
export async function attachMentions(session: AgentSession, text: string, warn: (message: string) => void, signal?: AbortSignal): Promise<string> {
  const mentions = findMentions(text);
  if (mentions.length > MAX_MENTIONS) warn(`only the first ${MAX_MENTIONS} of ${mentions.length} @mentions are attached`);
  const parts: string[] = [];
  for (const mention of mentions.slice(0, MAX_MENTIONS)) {
    const observation = await session.runtime.execute({ kind: 'fs.readFile', path: mention, tool: READ_FILE_TOOL }, signal ? { signal } : {});
    if (!observation.ok) {
      warn(`@${mention} is not attached: ${observation.error.message}`);
      continue;
    }
    const file = observation.value;
    const cut = truncateUtf8(session.redact(file.content), MAX_MENTION_BYTES);
    const isPartial = cut.truncated || file.truncated;
    parts.push(`File ${escapePromptPath(file.path)} (attached with @${escapePromptPath(mention)}${isPartial ? '; only its beginning' : ''}):\n${fence(cut.text)}`);
    const reminder = await session.contextSession.onToolResult({ tool: READ_FILE_TOOL, ok: true, paths: [file.path] });
    if (reminder !== null) {
      parts.push(session.redact(reminder.text));
      session.environment.onContextReminder?.({ paths: reminder.paths, trigger: reminder.trigger });
    }
  }
  return parts.length === 0 ? text : `${text}\n\n${parts.join('\n\n')}`;
}
