import { fileURLToPath } from 'node:url';
import { type ServeStateFile, writeServeStateFile } from '../../adapters/node-workspace/index.js';
import { BrassError } from '../../core/index.js';
import { ServeSessions, allowedHostsFor, createServeApp, createServeToken, isLoopbackHost, startServeListener } from '../../server/http/index.js';
import type { CommandContext } from '../command-context.js';
import { PACKAGE_VERSION } from '../package-version.js';
import { openSessionEngines } from '../run/open-session-engines.js';

/**
 * The studio's build output: `dist/studio/`, beside `dist/cli/` where the
 * bundled CLI and all its chunks live (one depth, see scripts/bundle-cli.ts).
 */
const STUDIO_DIRECTORY = fileURLToPath(new URL('../studio/', import.meta.url));

/**
 * Runs `brass-agent serve` (defined in serve-command.ts): opens the
 * workspace's session engines once (openSessionEngines), listens, prints
 * the URL and token on stdout, writes serve.json, and serves until SIGTERM
 * or SIGINT; then cancels running turns, closes every session (they stay
 * stored), removes serve.json and returns (exit 0).
 *
 * @throws BrassError `usage` for a bad --port, or a non-loopback --host without --allow-remote.
 */
export async function executeServe(context: CommandContext, raw: Record<string, unknown>): Promise<void> {
  const { output, streams } = context;
  const host = typeof raw.host === 'string' ? raw.host : '127.0.0.1';
  const port = parsePort(raw.port);
  if (!isLoopbackHost(host)) {
    if (raw.allowRemote !== true) {
      throw new BrassError('usage', `--host ${host} is not a loopback address: the API edits files and runs commands, so serve listens on this machine only; add --allow-remote to listen there anyway`);
    }
    output.warn(`serve listens on ${host}, which other machines may reach: anyone who has the token can run the agent on this workspace (and the token travels unencrypted over plain HTTP)`);
  }
  const engines = await openSessionEngines(context, raw);
  const { workspace } = engines;
  const token = createServeToken();
  const sessions = new ServeSessions({ createEngine: (choice) => engines.create(choice), store: engines.store, workspace: workspace.root });
  const listener = await startServeListener({
    host,
    port,
    createFetch: (address) =>
      createServeApp({
        sessions,
        token,
        allowedHosts: allowedHostsFor(address),
        studioDirectory: STUDIO_DIRECTORY,
        version: PACKAGE_VERSION,
        redact: (text) => workspace.redactor.redact(text).text,
        onUnexpectedError: (error) => output.error(`serve: ${workspace.redactor.redact(error instanceof Error ? (error.stack ?? error.message) : String(error)).text}`),
      }).fetch,
  });
  const stopped = untilStopSignal();
  let stateFile: ServeStateFile | null = null;
  try {
    stateFile = await writeServeStateFile(streams.env, workspace.probe.homeDir, { url: listener.url, token, pid: process.pid });
    output.result(`brass-agent serve: ${listener.url} token ${token}`);
    await stopped.signal;
  } finally {
    // Also when serve.json cannot be written: the listener would otherwise keep the process alive.
    stopped.dispose();
    await sessions.closeAll();
    await listener.close();
    await stateFile?.remove();
  }
}

/** `--port`: an integer from 0 (any free port) to 65535. */
function parsePort(value: unknown): number {
  const text = typeof value === 'string' ? value : '0';
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port > 65_535) throw new BrassError('usage', `--port ${text}: expected a port number from 0 (any free port) to 65535`);
  return port;
}

/**
 * Resolves on the first SIGTERM or SIGINT. A second one while shutting
 * down ends the process at once (a turn that does not stop is not waited for).
 */
function untilStopSignal(): { signal: Promise<NodeJS.Signals>; dispose(): void } {
  let onSignal: (signal: NodeJS.Signals) => void = () => undefined;
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    onSignal = (received) => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      process.once('SIGTERM', () => process.exit(1));
      process.once('SIGINT', () => process.exit(130));
      resolve(received);
    };
  });
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return {
    signal,
    dispose: () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    },
  };
}
