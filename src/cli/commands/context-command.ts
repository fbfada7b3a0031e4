import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * `brass-agent context`: the guidance, scoped context, nested context
 * manifest and system prompt a session would start with, and with
 * `--touch PATH` (repeatable, in order, one session) the reminders those
 * tool calls would get. JSON shape: see the CLI contract. The
 * implementation (context-action.ts) loads only when the command runs.
 */
export function contextCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('context'))
    .description('show the guidance (AGENTS.md, CLAUDE.md, GEMINI.md, ... and their @path imports), scoped context, rules (.brass-agent/rules, .cursor/rules) and nested context a session would load, and why')
    .option('--agent <name>', 'run as this agent (agents.<name> or .brass-agent/agents/<name>.md)')
    .option('--flow <id>', 'run as a step of this flow (with --step)')
    .option('--step <name>', 'the flow step (with --flow)')
    .option('--touch <path>', 'simulate a successful tool call on PATH (repeatable, in order)', collect, [])
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeContext } = await import('./context-action.js');
        await executeContext(context, raw);
      }, raw);
    });
}
