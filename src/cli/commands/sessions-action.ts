import path from 'node:path';
import { openSessionStore, openWorkspace } from '../../adapters/node-workspace/index.js';
import { BrassError } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { terminalSafeName, terminalSafeText } from '../terminal-safe-text.js';

/**
 * Runs `brass-agent sessions` (defined in sessions-command.ts): the chat
 * sessions of the workspace, newest first, one line each (id, when,
 * turns, title), or `{version, sessions}` with `--json`. Files that cannot
 * be read are one warning each; the others are still listed.
 */
export async function executeSessions(context: CommandContext): Promise<void> {
  const { options, output, streams, processCwd } = context;
  const workspace = await openWorkspace({
    cwd: path.resolve(processCwd, options.cwd),
    env: streams.env,
    ...(options.config ? { configPath: path.resolve(processCwd, options.config) } : {}),
  });
  const choice = openSessionStore(workspace, streams.env);
  if (choice.store === null) throw new BrassError('usage', choice.warning);
  const { sessions, problems } = await choice.store.list(workspace.root);
  for (const problem of problems) output.warn(`${terminalSafeName(problem.file)}: ${terminalSafeText(problem.message)}`);
  if (options.json) {
    output.json({ version: 1, sessions: sessions.map(({ id, title, updatedAt, turns }) => ({ id, title, updatedAt, turns })) });
    return;
  }
  if (sessions.length === 0) {
    output.info('no chat sessions in this workspace yet: start one with `brass-agent chat`');
    return;
  }
  for (const session of sessions) {
    output.result(`${session.id}  ${session.updatedAt}  ${String(session.turns).padStart(3)} turn${session.turns === 1 ? ' ' : 's'}  ${terminalSafeText(session.title)}`);
  }
}
