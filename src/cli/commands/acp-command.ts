import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';
import { withAgentSettingOptions } from '../agent-setting-options.js';

/**
 * `brass-agent acp [--cwd DIR]`: the Agent Client Protocol over stdio, so
 * an ACP editor (Zed, JetBrains, Neovim plugins) uses brass-agent as its
 * agent. Stdout carries JSON-RPC only; logs go to stderr. The protocol
 * (acp-action.ts and the ACP SDK) loads only when the command runs.
 */
export function acpCommand(run: CommandRunner): Command {
  return withAgentSettingOptions(
    withCommonOptions(new Command('acp')).description('serve the agent to an editor over the Agent Client Protocol on stdio (Zed, JetBrains, Neovim); see docs/acp.md'),
  ).action(async (raw: Record<string, unknown>) => {
    await run(async (context) => {
      const { executeAcp } = await import('./acp-action.js');
      await executeAcp(context, raw);
    }, raw);
  });
}
