import { Command, CommanderError } from 'commander';
import { type CommandContext, type CommandRunner, commonOptionsOf } from './command-context.js';
import { acpCommand } from './commands/acp-command.js';
import { chatCommand } from './commands/chat-command.js';
import { configCommand } from './commands/config-command.js';
import { contextCommand } from './commands/context-command.js';
import { discoverCommand } from './commands/discover-command.js';
import { docsCommand } from './commands/docs-command.js';
import { doctorCommand } from './commands/doctor-command.js';
import { initCommand } from './commands/init-command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { memoryCommand } from './commands/memory-command.js';
import { policyCommand } from './commands/policy-command.js';
import { readCommand } from './commands/read-command.js';
import { rollbackCommand } from './commands/rollback-command.js';
import { runCommand } from './commands/run-command.js';
import { serveCommand } from './commands/serve-command.js';
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
  const definitions: ReadonlyArray<readonly [string, () => Command]> = [
    ['chat', () => chatCommand(run)],
    ['sessions', () => sessionsCommand(run)],
    ['run', () => runCommand(run)],
    ['rollback', () => rollbackCommand(run)],
    ['undo', () => undoCommand(run)],
    ['discover', () => discoverCommand(run)],
    ['context', () => contextCommand(run)],
    ['docs', () => docsCommand(run)],
    ['memory', () => memoryCommand(run)],
    ['init', () => initCommand(run)],
    ['read', () => readCommand(run)],
    ['policy', () => policyCommand(run)],
    ['doctor', () => doctorCommand(run)],
    ['config', () => configCommand(run)],
    ['trust', () => trustCommand('trust', run)],
    ['untrust', () => trustCommand('untrust', run)],
    ['serve', () => serveCommand(run)],
    ['mcp', () => mcpCommand(run)],
    ['acp', () => acpCommand(run)],
  ];

  // Bare `brass-agent` on a terminal is the chat; anywhere else it prints the help.
  const words = argv.length === 0 && streams.stdin?.isTTY === true && streams.stdout.isTTY === true ? ['chat'] : [...argv];
  // A subcommand named first is the only one defined (its options, help and errors are its own); anything else
  // (`--help`, `help run`, `--version`, a typo that needs the list of names) gets them all.
  const named = definitions.find(([name]) => name === words[0]);
  for (const [, define] of named === undefined ? definitions : [named]) {
    program.addCommand(define().exitOverride().configureOutput({ writeOut: (text) => streams.stdout.write(text), writeErr: (text) => streams.stderr.write(text) }));
  }
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
