import { Command, Option } from 'commander';
import type { CommandRunner } from '../command-context.js';
import { withAgentSettingOptions } from '../agent-setting-options.js';

/**
 * `brass-agent acp [--cwd DIR]`: the Agent Client Protocol over stdio, so
 * an ACP editor (Zed, JetBrains, Neovim plugins) uses brass-agent as its
 * agent. Stdout carries JSON-RPC only; logs go to stderr, so `--json` is
 * refused with a line saying why (hidden from the help). The protocol
 * (acp-action.ts and the ACP SDK) loads only when the command runs.
 */
export function acpCommand(run: CommandRunner): Command {
  return withAgentSettingOptions(
    new Command('acp')
      .description('serve the agent to an editor over the Agent Client Protocol on stdio (Zed, JetBrains, Neovim); see docs/acp.md')
      .option('--cwd <dir>', 'the workspace every session works in (default: the current directory)')
      .option('--config <file>', 'read this config file too (after the workspace file, before flags)')
      .addOption(new Option('--json').hideHelp()),
  ).action(async (raw: Record<string, unknown>) => {
    await run(async (context) => {
      const { executeAcp } = await import('./acp-action.js');
      await executeAcp(context, raw);
    }, raw);
  });
}
