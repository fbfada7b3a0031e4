import { Command } from 'commander';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

/**
 * `brass-agent init`: writes a starter AGENTS.md from what discovery
 * detects (package manager, install/build/validation commands, top-level
 * folders and workspace packages, the docs map's regions), shown as a diff
 * and created through the patch journal (`rollback --last` removes it). It
 * never overwrites: when the workspace already has a guidance file
 * (AGENTS.md or another `guidance.fileNames` entry, in any form) nothing is
 * written. Exit 0 either way. `--json`: `{ version, written, path, diff }`.
 * The implementation (init-action.ts) loads only when the command runs.
 */
export function initCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('init'))
    .description('write a starter AGENTS.md from what discovery detects (never overwrites an existing guidance file)')
    .addHelpText(
      'after',
      '\nThe file lists the detected package manager and commands, the main folders and the docs regions;\n' +
        'nothing is run. It is created like a patch (shown as a diff, journaled): `brass-agent rollback --last`\n' +
        'removes it again. With AGENTS.md (or CLAUDE.md, or another guidance.fileNames entry) already there,\n' +
        'nothing is written, one line on stderr names the file, and the exit code is 0.',
    )
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeInit } = await import('./init-action.js');
        await executeInit(context);
      }, raw);
    });
}
