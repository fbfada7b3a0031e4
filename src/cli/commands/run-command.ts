import { Command, InvalidArgumentError } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';
import { withAgentSettingOptions } from '../agent-setting-options.js';
import { withProgressOptions } from '../progress-options.js';

function parseCount(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
}

/**
 * `brass-agent run GOAL...`: the agent. Discovery, then the tool-use loop
 * with the configured model; in `propose` mode (the default) the change is
 * shown as a diff, in `write`/`autonomous` it is applied, validated and kept
 * or rolled back. Human output streams the model's text to stdout (to
 * stderr in `propose` mode, where stdout carries only the diff) and
 * progress to stderr; `--protocol-json` prints every event as a JSON line;
 * `--json` one document at the end. Exit codes: see the CLI contract
 * (`--ci`: a proposed, unapplied patch exits 2). The agent (run-action.ts)
 * loads only when the command runs.
 */
export function runCommand(run: CommandRunner): Command {
  return withAgentSettingOptions(
    withProgressOptions(withCommonOptions(new Command('run')))
      .description('run the agent on a goal: discovery, the tool-use loop, and a patch shown (propose) or applied and validated (write)')
      .argument('[goal...]', 'what you want done (not needed with --batch-file or --apply-patch-file)'),
  )
    .option('--dry-run', 'build and print the prompt; call no model, change nothing', false)
    .option('--protocol-json', 'print every event as one JSON line on stdout (and nothing else there)', false)
    .option('--ci', 'for pipelines: exit 2 when a patch was proposed but not applied', false)
    .option('--flow <id>', 'run the steps of flows.<id> in order, each building on the last')
    .option('--agent <name>', 'run as this agent (agents.<name> or .brass-agent/agents/<name>.md)')
    .option('--batch-file <file>', 'run the goals of a file one after the other (one per line, or a JSON array) and print a summary')
    .option('--save-run <dir>', 'write DIR/<run id>/ with events.jsonl, result.json, patch.diff and prompt.json')
    .option('--patch-file <file>', "write the run's diff to FILE (nothing is written for an empty diff)")
    .option('--apply-patch-file <file>', 'apply a reviewed unified diff exactly (no model; --mode write unless given)')
    .option('--validation-output <file>', 'validation output to read signals from (a file, or - for stdin), as if a validation command printed it; with --batch-file or --flow, for every run')
    .option('--no-run', 'do not run the validation commands during discovery')
    .option('--max-steps <n>', 'most model turns (agent.maxSteps)', parseCount)
    .action(async (goalWords: string[], raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeRun } = await import('./run-action.js');
        await executeRun(context, goalWords, raw);
      }, raw);
    });
}
