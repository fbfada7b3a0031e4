import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';
import { withProgressOptions } from '../progress-options.js';

/**
 * `brass-agent docs [TARGET] [--search QUERY]`: the docs map. No target: the
 * regions; a region: its pages; a page: its content; `page#anchor`: that
 * section; `--search`: at most five ranked pages, each naming the section of
 * its snippet (scoped to TARGET when given). `brass-agent docs guidance`
 * writes the regions into the workspace AGENTS.md. A region named
 * `guidance` is still reachable in another case (`docs Guidance`). The
 * implementation (docs-action.ts) loads only when the command runs.
 */
export function docsCommand(run: CommandRunner): Command {
  const command = withProgressOptions(withCommonOptions(new Command('docs')))
    .description('the docs map: regions, then search in task language, then one page by its target')
    .argument('[target]', 'a region or page target (guides, guides/install), or one section of a page (guides/install#proxy); with --search it limits the search')
    .option('--search <query>', 'search the docs: at most five pages, best first')
    .action(async (target: string | undefined, raw: Record<string, unknown>) => {
      await run(async (context) => {
        // `docs --search --json`: commander hands the flag over as the query; it is a usage error, not a search for "--json".
        if (typeof raw.search === 'string' && command.options.some((option) => option.long === raw.search || option.short === raw.search)) {
          const { InvalidInputError } = await import('../../core/index.js');
          throw new InvalidInputError('--search', `needs a query before ${raw.search} (brass-agent docs --search "QUERY")`);
        }
        const { executeDocs } = await import('./docs-action.js');
        await executeDocs(context, target, typeof raw.search === 'string' ? raw.search : undefined, raw);
      }, raw);
    });
  // --cwd, --json and --config belong to `docs` and are read from it: commander gives an option
  // both commands define to the parent, wherever it is written.
  command.addCommand(
    new Command('guidance')
      .description('write the docs regions into the workspace AGENTS.md (a marked block; idempotent, nothing else is touched)')
      .action(async () => {
        await run(async (context) => {
          const { executeDocsGuidance } = await import('./docs-action.js');
          await executeDocsGuidance(context, command.opts());
        }, command.opts());
      }),
  );
  return command;
}
