import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent sessions [--json]`: the chat sessions of this workspace,
 * newest first (`{version, sessions: [{id, title, updatedAt, turns}]}`).
 * A session file that cannot be read is a warning naming it; the others
 * are still listed. The implementation loads only when the command runs.
 */
export function sessionsCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('sessions'))
    .description('list the chat sessions of this workspace, newest first (resume one with: brass-agent chat --resume ID)')
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeSessions } = await import('./sessions-action.js');
        await executeSessions(context);
      }, raw);
    });
}
