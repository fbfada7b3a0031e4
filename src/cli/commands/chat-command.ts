import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';
import { withAgentSettingOptions } from '../agent-setting-options.js';

/**
 * `brass-agent chat [--continue | --resume [ID]]`: the interactive agent, a
 * terminal UI over the session engine (also bare `brass-agent` on a
 * terminal). A non-terminal stdin is a usage error pointing to `run`. The
 * UI (chat-action.ts and Ink) loads only when the command runs.
 */
export function chatCommand(run: CommandRunner): Command {
  return withAgentSettingOptions(
    withCommonOptions(new Command('chat'))
      .description('talk to the agent in your terminal: streamed answers, approvals in-line, /undo, resumable sessions')
      .option('--continue', 'continue the latest session of this workspace', false)
      .option('--resume [id]', 'resume a session by id (without an id: pick one from a list)'),
  ).action(async (raw: Record<string, unknown>) => {
    await run(async (context) => {
      const { executeChat } = await import('./chat-action.js');
      await executeChat(context, raw);
    }, raw);
  });
}
