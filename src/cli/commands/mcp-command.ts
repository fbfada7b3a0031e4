import path from 'node:path';
import { Command } from 'commander';
import type { CommandRunner } from '../command-context.js';
import { PACKAGE_VERSION } from '../package-version.js';
import { terminalSafeLines } from '../terminal-safe-text.js';

/**
 * `brass-agent mcp [--cwd DIR] [--config FILE]`: serves the MCP tools over
 * stdio until the client closes stdin. Stdout carries protocol messages
 * only; every log line goes to stderr.
 */
export function mcpCommand(run: CommandRunner): Command {
  return new Command('mcp')
    .description('serve context discovery as MCP tools over stdio (for Claude Code, Codex, Cursor, opencode, Gemini CLI)')
    .option('--cwd <dir>', 'workspace directory (default: the current directory)')
    .option('--config <file>', 'read this config file too (after the workspace file)')
    .action(async (raw: Record<string, unknown>) => {
      await run(async ({ options, streams, processCwd }) => {
        // Loaded here, not at start-up: the MCP SDK costs every other command ~0.3 s to import.
        const { serveStdio } = await import('../../mcp/index.js');
        await serveStdio({
          cwd: path.resolve(processCwd, options.cwd),
          ...(options.config ? { configPath: path.resolve(processCwd, options.config) } : {}),
          env: streams.env,
          version: PACKAGE_VERSION,
          // The protocol needs the process's own streams: stdin is read, stdout written by the transport alone.
          stdin: process.stdin,
          stdout: process.stdout,
          // Log lines name files and tools a client asked for: terminal-safe like every line the CLI prints (issue 15, item 23).
          log: (line) => streams.stderr.write(`${terminalSafeLines(line)}\n`),
        });
      }, raw);
    });
}
