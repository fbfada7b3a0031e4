import { Option, type Command } from 'commander';

/**
 * Adds `--progress` and `--quiet` to a command whose work can take long
 * (discover, run, docs). They exclude each other. Kept apart from the
 * progress itself: command definitions load at start-up, the drawing only
 * when a command runs.
 */
export function withProgressOptions(command: Command): Command {
  return command
    .addOption(new Option('--progress', 'show progress on stderr even with --json or --protocol-json').conflicts('quiet'))
    .addOption(new Option('--quiet', 'show no progress on stderr (warnings and errors are still printed)'));
}
