import type { CommandContext } from '../command-context.js';
import { executeRunCommand } from '../run/execute-run-command.js';
import { parseRunOptions } from '../run/run-options.js';

/**
 * Runs `brass-agent run` (defined in run-command.ts): checks the flags and
 * their combinations (a usage error exits 2), then runs the agent.
 */
export async function executeRun(context: CommandContext, goalWords: readonly string[], raw: Record<string, unknown>): Promise<void> {
  await executeRunCommand(context, parseRunOptions(goalWords, raw, context.options));
}
