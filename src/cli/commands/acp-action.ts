import { BrassError } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { PACKAGE_VERSION } from '../package-version.js';
import { openSessionEngines } from '../run/open-session-engines.js';
import { terminalSafeLines } from '../terminal-safe-text.js';

/**
 * Runs `brass-agent acp` (defined in acp-command.ts): opens the workspace's
 * session engines once (openSessionEngines), then serves ACP on the
 * process's stdin and stdout until the editor closes stdin. `--json` has
 * no meaning here (stdout is the protocol's) and is refused.
 */
export async function executeAcp(context: CommandContext, raw: Record<string, unknown>): Promise<void> {
  if (context.options.json) throw new BrassError('usage', 'brass-agent acp takes no --json: stdout carries the protocol (JSON-RPC) only');
  const { streams } = context;
  // Stdout is the protocol's: a dependency that logs with console.log or console.info must not corrupt it.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  const engines = await openSessionEngines(context, raw);
  // Loaded here, not at start-up: the ACP SDK is for this command only.
  const { serveAcp } = await import('../../server/acp/index.js');
  await serveAcp({
    engines: {
      root: engines.workspace.root,
      scope: engines.workspace.scope,
      runtime: engines.workspace.runtime,
      redact: (text) => engines.workspace.redactor.redact(text).text,
      store: engines.store,
      create: (choice) => engines.create(choice),
    },
    // The protocol needs the process's own streams: stdin is read, stdout written by the connection alone.
    stdin: process.stdin,
    stdout: process.stdout,
    version: PACKAGE_VERSION,
    // Log lines name files and sessions: terminal-safe like every line the CLI prints.
    log: (line) => streams.stderr.write(`${terminalSafeLines(line)}\n`),
  });
}
