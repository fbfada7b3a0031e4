import { Command, CommanderError } from 'commander';
import { type CommandContext, type CommandRunner, commonOptionsOf } from './command-context.js';
import { chatCommand } from './commands/chat-command.js';
import { configCommand } from './commands/config-command.js';
import { contextCommand } from './commands/context-command.js';
import { discoverCommand } from './commands/discover-command.js';
import { docsCommand } from './commands/docs-command.js';
import { doctorCommand } from './commands/doctor-command.js';
import { initCommand } from './commands/init-command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { policyCommand } from './commands/policy-command.js';
import { readCommand } from './commands/read-command.js';
import { rollbackCommand } from './commands/rollback-command.js';
import { runCommand } from './commands/run-command.js';
import { sessionsCommand } from './commands/sessions-command.js';
import { trustCommand } from './commands/trust-command.js';
import { undoCommand } from './commands/undo-command.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './exit-code.js';
import { type CliStreams, createOutput } from './output.js';
import { PACKAGE_VERSION } from './package-version.js';

/**
 * Runs the CLI on `argv` (without the node and script entries) and resolves
 * to the exit code. Every error becomes text and an exit code here, at the
 * edge, and nowhere else.
 *
 * Only the command definitions load at start-up: each action imports its
 * implementation when it runs, so `--version`, `--help` and usage errors
 * never load the adapters, the agent or the config schema.
 */
/** Whether `--json` is one of the words, before a `--` that ends the options. */
function isJsonWritten(words: readonly string[]): boolean {
  const end = words.indexOf('--');
  return (end < 0 ? words : words.slice(0, end)).includes('--json');
}

export async function runCli(argv: readonly string[], streams: CliStreams, processCwd: string): Promise<number> {
  const output = createOutput(streams);
  let exitCode = EXIT_OK;
  let isJson = false;

  const run: CommandRunner = async (action, raw) => {
    const context: CommandContext = { options: commonOptionsOf(raw, processCwd), output, streams, processCwd, exitCode: EXIT_OK };
    isJson = context.options.json;
    await action(context);
    exitCode = context.exitCode;
  };

  const program = new Command('brass-agent')
    .description('A workspace coding agent whose edge is context discovery.')
    .version(PACKAGE_VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (text) => streams.stdout.write(text), writeErr: (text) => streams.stderr.write(text) });
  const commands = [
    chatCommand(run),
    sessionsCommand(run),
    runCommand(run),
    rollbackCommand(run),
    undoCommand(run),
    discoverCommand(run),
    contextCommand(run),
    docsCommand(run),
    initCommand(run),
    readCommand(run),
    policyCommand(run),
    doctorCommand(run),
    configCommand(run),
    trustCommand('trust', run),
    trustCommand('untrust', run),
    mcpCommand(run),
  ];
  for (const command of commands) {
    program.addCommand(command.exitOverride().configureOutput({ writeOut: (text) => streams.stdout.write(text), writeErr: (text) => streams.stderr.write(text) }));
  }

  // Bare `brass-agent` on a terminal is the chat; anywhere else it prints the help.
  const words = argv.length === 0 && streams.stdin?.isTTY === true && streams.stdout.isTTY === true ? ['chat'] : [...argv];
  try {
    await program.parseAsync(words, { from: 'user' });
    return exitCode;
  } catch (error) {
    // A usage error comes before the options are read: `--json` is then taken from the words as written.
    const isJsonAsked = isJson || isJsonWritten(words);
    if (error instanceof CommanderError) {
      // Help and version are "errors" only to commander's control flow.
      if (error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      if (error.code === 'commander.help') return EXIT_OK;
      // Commander has printed the error line on stderr; `--json` promises one document on stdout all the same.
      if (isJsonAsked) output.json({ version: 1, error: { code: 'usage', message: error.message.replace(/^error: /, '') } });
      return EXIT_BAD_INPUT;
    }
    // Loaded only on failure: it needs the config error types, which pull in the schema.
    const { reportError } = await import('./report-error.js');
    return reportError(error, output, isJsonAsked);
  }
}
