import type { Command } from 'commander';
import type { CliStreams, Output } from './output.js';

/** Options every subcommand accepts (see the CLI contract). */
export interface CommonOptions {
  cwd: string;
  json: boolean;
  config?: string;
}

/** What a subcommand's action receives: its options, where to print, the environment. */
export interface CommandContext {
  options: CommonOptions;
  output: Output;
  streams: CliStreams;
  /** The process's working directory, for resolving `--cwd` and `--config`. */
  processCwd: string;
  /** Set by a command whose job failed without an exception (e.g. a doctor check). */
  exitCode: number;
}

/** Runs a command's action with its context; errors are printed and mapped at the edge. */
export type CommandRunner = (action: (context: CommandContext) => Promise<void>, raw: Record<string, unknown>) => Promise<void>;

/** Adds `--cwd`, `--json` and `--config` to a subcommand. */
export function withCommonOptions(command: Command): Command {
  return command
    .option('--cwd <dir>', 'workspace directory (default: the current directory)')
    .option('--json', 'print exactly one JSON document on stdout', false)
    .option('--config <file>', 'read this config file too (after the workspace file, before flags)');
}

export function commonOptionsOf(raw: Record<string, unknown>, processCwd: string): CommonOptions {
  const options: CommonOptions = { cwd: typeof raw.cwd === 'string' ? raw.cwd : processCwd, json: raw.json === true };
  if (typeof raw.config === 'string') options.config = raw.config;
  return options;
}
