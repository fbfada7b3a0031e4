import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI_PATH } from './build-once.js';
import type { TempWorkspace } from './temp-workspace.js';

/** `brass-agent mcp` as a client agent runs it: the built CLI as a child process, the SDK's client over stdio. */
export interface McpTestServer extends AsyncDisposable {
  client: Client;
  pid: number;
  stderr: () => string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
}

/** Starts the server on `workspace` with `home` as HOME (and its XDG directories), and connects the client. */
export async function startMcpServer(workspace: TempWorkspace, home: TempWorkspace): Promise<McpTestServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_PATH, 'mcp', '--cwd', workspace.root],
    env: { PATH: process.env.PATH ?? '', HOME: home.root, XDG_CONFIG_HOME: home.path('.config'), XDG_CACHE_HOME: home.path('.cache') },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'brass-test', version: '0.0.0' });
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error('the server process has no pid');
  return {
    client,
    pid,
    stderr: () => stderr,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    [Symbol.asyncDispose]: () => client.close(),
  };
}

/** The text blocks of a result, joined. */
export function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}
