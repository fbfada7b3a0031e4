import { Command } from 'commander';
import type { CommandRunner } from '../command-context.js';
import { withAgentSettingOptions } from '../agent-setting-options.js';

/**
 * `brass-agent serve [--port N] [--host H] [--allow-remote]`: the session
 * engine over HTTP with server-sent events, the studio at `/` (see
 * docs/serve.md). The server (serve-action.ts, Hono) loads only when the
 * command runs.
 */
export function serveCommand(run: CommandRunner): Command {
  return withAgentSettingOptions(
    new Command('serve')
      .description('serve the agent over a local HTTP API with server-sent events, and the web studio at /')
      .option('--cwd <dir>', 'workspace directory (default: the current directory)')
      .option('--config <file>', 'read this config file too (after the workspace file, before flags)')
      .option('--port <n>', 'port to listen on; 0 picks a free one', '0')
      .option('--host <host>', 'address to listen on (a loopback address unless --allow-remote)', '127.0.0.1')
      .option('--allow-remote', 'allow a --host other machines can reach (the token is then all that guards the agent)', false)
      .addHelpText(
        'after',
        [
          '',
          'Prints one line on stdout: brass-agent serve: http://127.0.0.1:PORT/ token TOKEN, and writes',
          '{url, token, pid} (mode 0600) to $XDG_STATE_HOME/brass-agent/serve.json until it exits.',
          'Every request needs Authorization: Bearer TOKEN; open the studio at http://127.0.0.1:PORT/?token=TOKEN.',
          'The API: GET /openapi.json. SIGTERM or Ctrl-C cancels running turns (recorded in their sessions) and exits 0.',
        ].join('\n'),
      ),
  ).action(async (raw: Record<string, unknown>) => {
    await run(async (context) => {
      const { executeServe } = await import('./serve-action.js');
      await executeServe(context, raw);
    }, raw);
  });
}
