import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent trust` / `untrust`: records the workspace's real path in the
 * user config (editing it in place, comments kept), so the workspace's own
 * `.brass-agent.json` may (or may no longer) widen permissions. The
 * implementation (trust-action.ts) loads only when the command runs.
 */
export function trustCommand(
  name: 'trust' | 'untrust',
  run: CommandRunner,
): Command {
  const isTrusting = name === 'trust';
  return withCommonOptions(new Command(name))
    .description(
      isTrusting
        ? "trust this workspace: its .brass-agent.json may then widen permissions (shell allow rules, LLM endpoint, auto-approval)"
        : 'stop trusting this workspace: its .brass-agent.json may only narrow permissions again',
    )
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeTrust } = await import('./trust-action.js');
        await executeTrust(context, isTrusting);
      }, raw);
    });
}
