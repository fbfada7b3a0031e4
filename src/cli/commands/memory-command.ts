import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent memory list|show ID|search QUERY|forget ID|edit ID
 * [--scope workspace|user] [--json]`: what the agent remembers about this
 * workspace and about you. `edit` opens $VISUAL (else $EDITOR) on a private
 * temp copy and stores the result once it validates. The implementation
 * (memory-action.ts) loads only when the command runs.
 */
export function memoryCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('memory'))
    .description("the agent's memory of this workspace and of you: list, show ID, search QUERY, forget ID, edit ID")
    .argument('<action>', 'list | show | search | forget | edit')
    .argument('[words...]', 'the entry id (show, forget, edit) or the query (search)')
    .option('--scope <scope>', 'workspace or user (default: both for list and search; the one holding the id otherwise)')
    .addHelpText(
      'after',
      [
        '',
        'Memory lives under $XDG_STATE_HOME/brass-agent/memory (default ~/.local/state/brass-agent/memory), never in the repository.',
        'edit opens $VISUAL, else $EDITOR, on a private temp copy and stores it once it validates.',
        '',
        'Examples:',
        '  brass-agent memory list',
        '  brass-agent memory search how to run the api tests',
        '  brass-agent memory edit 20261202-024512-3fa9c1',
      ].join('\n'),
    )
    .action(async (action: string, words: string[], raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeMemory } = await import('./memory-action.js');
        await executeMemory(context, action, words, raw);
      }, raw);
    });
}
