import { Command, CommanderError } from 'commander';
import { BrassError } from '../core/index.js';
import { ConfigError, formatConfigIssue } from '../config/index.js';
import { actionCodeOf } from './action-failure.js';
import { type CommandContext, type CommandRunner, commonOptionsOf } from './command-context.js';
import { configCommand } from './commands/config-command.js';
import { contextCommand } from './commands/context-command.js';
import { discoverCommand } from './commands/discover-command.js';
import { docsCommand } from './commands/docs-command.js';
import { doctorCommand } from './commands/doctor-command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { policyCommand } from './commands/policy-command.js';
import { readCommand } from './commands/read-command.js';
import { rollbackCommand } from './commands/rollback-command.js';
import { runCommand } from './commands/run-command.js';
import { trustCommand } from './commands/trust-command.js';
import { EXIT_BAD_INPUT, EXIT_JOB_FAILED, EXIT_OK, exitCodeFor } from './exit-code.js';
import { type CliStreams, type Output, createOutput } from './output.js';
import { PACKAGE_VERSION } from './package-version.js';

/**
 * Runs the CLI on `argv` (without the node and script entries) and resolves
 * to the exit code. Every error becomes text and an exit code here, at the
 * edge, and nowhere else.
 */
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
    runCommand(run),
    rollbackCommand(run),
    discoverCommand(run),
    contextCommand(run),
    docsCommand(run),
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

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are "errors" only to commander's control flow.
      if (error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      if (error.code === 'commander.help') return EXIT_OK;
      return EXIT_BAD_INPUT;
    }
    return reportError(error, output, isJson);
  }
}

function reportError(error: unknown, output: Output, isJson: boolean): number {
  const code = exitCodeFor(error);
  if (ConfigError.isInstance(error)) {
    for (const issue of error.issues) output.error(formatConfigIssue(issue));
  } else if (BrassError.isInstance(error)) {
    output.error(error.message.split('\n')[0] ?? error.message, error.hint);
  } else {
    // Not an error we raised on purpose: one generic line, the detail after it for the bug report.
    output.error('unexpected internal error (please report it)', error instanceof Error ? error.stack?.split('\n').slice(0, 4).join(' | ') : String(error));
  }
  if (isJson) {
    const errorCode = BrassError.isInstance(error) ? (actionCodeOf(error) ?? error.code) : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    output.json({ version: 1, error: { code: errorCode, message } });
  }
  return code === EXIT_OK ? EXIT_JOB_FAILED : code;
}
