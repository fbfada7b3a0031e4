import { Command, InvalidArgumentError } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';
import { withProgressOptions } from '../progress-options.js';

function parseCount(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
}

/**
 * `brass-agent discover [GOAL...]`: the failure-driven context discovery
 * pass that precedes the first planning call (see the CLI contract):
 * validation commands, signals, searches and the files read for the
 * prompt, with why each was chosen; `--json` prints the contract document.
 * The implementation (discover-action.ts) loads only when the command runs.
 */
export function discoverCommand(run: CommandRunner): Command {
  return withProgressOptions(withCommonOptions(new Command('discover')))
    .description('find the files most likely connected to a failure, and say why')
    .argument('[goal...]', 'what you want done; its paths and identifiers are signals too')
    .option('--validation-output <file>', 'validation output to read signals from (a file, or - for stdin), as if a validation command printed it')
    .option('--no-run', 'do not run the validation commands')
    .option('--max-files <n>', 'read at most this many files for the prompt (context.maxFiles)', parseCount)
    .option('--max-search-queries <n>', 'run at most this many searches (context.maxSearchQueries)', parseCount)
    .action(async (goalWords: string[], raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeDiscover } = await import('./discover-action.js');
        await executeDiscover(context, goalWords, raw);
      }, raw);
    });
}
