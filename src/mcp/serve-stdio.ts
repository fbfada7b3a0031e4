import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openWorkspace } from '../adapters/node-workspace/index.js';
import { describeSandboxGap } from '../adapters/sandbox/index.js';
import { safeToolNames } from '../agent/tools/index.js';
import { createMcpServer } from './create-mcp-server.js';
import { createMcpSession, type McpLog } from './mcp-session.js';

export interface ServeStdioOptions {
  /** The workspace directory (absolute). */
  cwd: string;
  /** `--config FILE`, absolute. */
  configPath?: string;
  env: NodeJS.ProcessEnv;
  /** The server version announced in the handshake. */
  version: string;
  stdin: Readable;
  /** Carries protocol messages only. */
  stdout: Writable;
  /** Diagnostics (never stdout). */
  log: McpLog;
}

/**
 * Opens the workspace (config, permission rules and trust as in the CLI)
 * and serves the MCP tools over stdio until the client closes stdin.
 * Throws what `openWorkspace` throws (bad `--cwd`, invalid config) before
 * any protocol message is exchanged.
 */
export async function serveStdio(options: ServeStdioOptions): Promise<void> {
  // The registry's read tools need no approval here either: the safe set is derived, as in the agent.
  const workspace = await openWorkspace({ cwd: options.cwd, env: options.env, safeTools: safeToolNames(), watchesListedFiles: true, ...(options.configPath === undefined ? {} : { configPath: options.configPath }) });
  for (const warning of workspace.config.warnings) options.log(`warning: ${warning}`);
  const gap = describeSandboxGap(await workspace.services.shell.status(), { isWorkspaceTrusted: workspace.config.isWorkspaceTrusted, isRequired: workspace.config.config.sandbox.mode === 'required' });
  if (gap !== null) options.log(`warning: ${gap}`);
  const session = createMcpSession({ workspace, env: options.env, log: options.log });
  const server = createMcpServer(session, options.version);
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  // The transport does not notice the client going away: stdin ending is the end of the session.
  const endOfInput = new Promise<void>((resolve) => {
    options.stdin.once('end', () => resolve());
    options.stdin.once('close', () => resolve());
  });
  await server.connect(transport);
  options.log(`brass-agent MCP server ready (workspace ${workspace.root})`);
  await Promise.race([closed, endOfInput]);
  await server.close();
  workspace.services.statMemo?.close();
}
