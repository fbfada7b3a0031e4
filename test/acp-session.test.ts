import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RequestPermissionResponse, SessionNotification, ToolCall } from '@agentclientprotocol/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACP_MESSAGE_BYTES } from '../src/server/acp/index.js';
import { agentText, startAcpAgent, type AcpTestAgent } from './support/acp-client.js';
import { modelCliEnv } from './support/model-cli-env.js';
import { runCli } from './support/run-cli.js';
import { startScriptedLlmServer, type RecordedRequest, type ScriptedLlmServer, type ScriptedTurn } from './support/scripted-llm-server.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// `brass-agent acp` end to end: the built CLI as a child process, the ACP
// SDK's client side over its stdio, the real session engine and the AI SDK
// provider talking to the scripted model on 127.0.0.1. One agent process
// serves every test of the file; each test opens its own session.

const TIMEOUT_MS = 60_000;
const A_BEFORE = 'export const a = 1; // broken\n';
const B_BEFORE = 'export const b = 1; // broken\n';
const C_BEFORE = 'export const c = 1; // broken\n';

/** The scripted model: what it does depends on the turn's message (the last user message), and on whether a tool result came back. */
function script(request: RecordedRequest): ScriptedTurn {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  const goal = JSON.stringify(messages.findLast((message) => message.role === 'user')?.content ?? '');
  const isAfterTool = messages.at(-1)?.role === 'tool';
  if (goal.includes('read the readme')) {
    return isAfterTool ? { text: 'The readme\nsays this\nis a demo.' } : { text: 'Reading it.', toolCalls: [{ id: 'call_1', name: 'read_file', arguments: { path: 'README.md' } }] };
  }
  if (goal.includes('fix a.js')) {
    return isAfterTool ? { text: 'Fixed a.' } : { text: 'Fixing a.', toolCalls: [{ name: 'edit_file', arguments: { path: 'src/a.js', old_string: '1; // broken', new_string: '2;' } }] };
  }
  if (goal.includes('fix c.js')) {
    return isAfterTool ? { text: 'Fixed c.' } : { text: 'Fixing c.', toolCalls: [{ name: 'edit_file', arguments: { path: 'src/c.js', old_string: '1; // broken', new_string: '2;' } }] };
  }
  for (const name of ['d', 'e']) {
    if (goal.includes(`fix ${name}.js`)) {
      return isAfterTool ? { text: `Fixed ${name}.` } : { text: `Fixing ${name}.`, toolCalls: [{ name: 'edit_file', arguments: { path: `src/${name}.js`, old_string: '1; // broken', new_string: '2;' } }] };
    }
  }
  if (goal.includes('fix b.js')) {
    return isAfterTool ? { text: 'Fixed b.' } : { text: 'Fixing b.', toolCalls: [{ name: 'edit_file', arguments: { path: 'src/b.js', old_string: '1; // broken', new_string: '2;' } }] };
  }
  if (goal.includes('fail the model')) return { fault: 'http-status', status: 400 };
  if (goal.includes('wait for the model')) {
    return isAfterTool ? { fault: 'hang' } : { text: 'Looking first.', toolCalls: [{ name: 'list_dir', arguments: {} }] };
  }
  return { text: `Got it: ${goal.length} characters.` };
}

describe('brass-agent acp', () => {
  let server: ScriptedLlmServer;
  let workspace: TempWorkspace;
  let outside: TempWorkspace;
  let home: TempWorkspace;
  let acp: AcpTestAgent;

  beforeAll(async () => {
    server = await startScriptedLlmServer({ script });
    workspace = await createTempWorkspace({ files: { 'README.md': '# demo\nThe demo readme.\n', 'src/a.js': A_BEFORE, 'src/b.js': B_BEFORE, 'src/c.js': C_BEFORE, 'src/d.js': 'export const d = 1; // broken\n', 'src/e.js': 'export const e = 1; // broken\n' } });
    outside = await createTempWorkspace({ files: { 'secret.txt': 'not for the agent\n' } });
    home = await createTempWorkspace();
    fs.symlinkSync(outside.root, workspace.path('escape'));
    const env = modelCliEnv(home, { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_MODEL: 'scripted-test' });
    acp = await startAcpAgent({ args: ['--cwd', workspace.root, '--mode', 'write', '--approval', 'ask'], env });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await acp?.close();
    await server?.close();
    await workspace?.dispose();
    await outside?.dispose();
    await home?.dispose();
  });

  const newSession = async (): Promise<string> => (await acp.agent.request('session/new', { cwd: workspace.root, mcpServers: [] })).sessionId;
  const updatesOf = (sessionId: string): SessionNotification['update'][] => acp.updates.filter((notification) => notification.sessionId === sessionId).map((notification) => notification.update);

  it('initializes with protocol version 1, our name and what prompts may carry', () => {
    expect(acp.initialize.protocolVersion).toBe(1);
    expect(acp.initialize.agentInfo?.name).toBe('brass-agent');
    expect(acp.initialize.agentCapabilities?.promptCapabilities).toEqual({ image: false, audio: false, embeddedContext: true });
    expect(acp.initialize.agentCapabilities?.loadSession).toBe(true);
    expect(acp.initialize.agentCapabilities?.sessionCapabilities).toEqual({ close: {}, list: {} });
  });

  it('offers our modes, the current one from --mode; session/set_mode switches it and refuses an unknown one', async () => {
    const created = await acp.agent.request('session/new', { cwd: workspace.root, mcpServers: [] });
    expect(created.modes).toEqual({ currentModeId: 'write', availableModes: ['read-only', 'propose', 'write', 'autonomous'].map((mode) => ({ id: mode, name: mode })) });
    await expect(acp.agent.request('session/set_mode', { sessionId: created.sessionId, modeId: 'read-only' })).resolves.toEqual({});
    await expect(acp.agent.request('session/set_mode', { sessionId: created.sessionId, modeId: 'reckless' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('unknown mode reckless') });
  });

  it('runs a prompt turn: streamed message chunks, a read tool call with its location, end_turn', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    const response = await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read the readme please' }] });
    expect(response.stopReason).toBe('end_turn');
    const updates = updatesOf(sessionId);
    // The text came in several chunks (the scripted model streams small pieces), all before the answer.
    expect(updates.filter((update) => update.sessionUpdate === 'agent_message_chunk').length).toBeGreaterThan(2);
    expect(agentText(acp.updates, sessionId)).toBe('Reading it.The readme\nsays this\nis a demo.');
    const call = updates.find((update): update is ToolCall & { sessionUpdate: 'tool_call' } => update.sessionUpdate === 'tool_call');
    expect(call).toMatchObject({ title: 'read_file README.md', kind: 'read', status: 'in_progress', locations: [{ path: workspace.path('README.md') }] });
    expect(updates).toContainEqual(expect.objectContaining({ sessionUpdate: 'tool_call_update', toolCallId: call!.toolCallId, status: 'completed' }));
    // The turn ends with how full the context is.
    expect(updates.at(-1)).toEqual({ sessionUpdate: 'usage_update', used: expect.any(Number), size: expect.any(Number) });

    // The model repeats its call ids in the next turn (as local servers do): the editor still gets a new tool call.
    await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read the readme again' }] });
    const calls = updatesOf(sessionId).filter((update) => update.sessionUpdate === 'tool_call');
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((update) => update.toolCallId)).size).toBe(2);
  });

  it('asks permission for an edit with its diff; allow once applies it on disk', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    acp.answerPermission = () => ({ outcome: { outcome: 'selected', optionId: 'once' } });
    const response = await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix a.js' }] });
    expect(response.stopReason).toBe('end_turn');
    const asked = acp.permissionRequests.filter((request) => request.sessionId === sessionId);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.options.map((option) => option.kind)).toEqual(['allow_once', 'allow_always', 'reject_once']);
    expect(asked[0]!.toolCall).toMatchObject({ kind: 'edit', locations: [{ path: workspace.path('src/a.js') }] });
    expect(asked[0]!.toolCall.content).toContainEqual({ type: 'diff', path: workspace.path('src/a.js'), oldText: A_BEFORE, newText: 'export const a = 2;\n' });
    expect(fs.readFileSync(workspace.path('src/a.js'), 'utf8')).toBe('export const a = 2;\n');
    // The patch's tool call is the one the permission was asked for, and it completed.
    expect(updatesOf(sessionId)).toContainEqual(expect.objectContaining({ sessionUpdate: 'tool_call_update', toolCallId: asked[0]!.toolCall.toolCallId, status: 'completed' }));
  });

  it('allow always is our session grant: the next patch of the session is applied without asking', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    acp.answerPermission = () => ({ outcome: { outcome: 'selected', optionId: 'session' } });
    await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix d.js' }] });
    acp.answerPermission = () => ({ outcome: { outcome: 'selected', optionId: 'deny' } });
    await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix e.js' }] });
    expect(acp.permissionRequests.filter((request) => request.sessionId === sessionId)).toHaveLength(1);
    expect(fs.readFileSync(workspace.path('src/d.js'), 'utf8')).toBe('export const d = 2;\n');
    expect(fs.readFileSync(workspace.path('src/e.js'), 'utf8')).toBe('export const e = 2;\n');
  });

  it('reject leaves the file unchanged', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    acp.answerPermission = () => ({ outcome: { outcome: 'selected', optionId: 'deny' } });
    const response = await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix b.js' }] });
    expect(response.stopReason).toBe('end_turn');
    expect(acp.permissionRequests.filter((request) => request.sessionId === sessionId)).toHaveLength(1);
    expect(fs.readFileSync(workspace.path('src/b.js'), 'utf8')).toBe(B_BEFORE);
    expect(agentText(acp.updates, sessionId)).toContain('(proposed: the patch was not applied');
  });

  it('session/cancel mid-turn ends the prompt with stopReason cancelled', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    const since = acp.updates.length;
    const prompt = acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'wait for the model' }] });
    // The list_dir call finished: the next model request hangs until the turn is cancelled.
    await acp.waitForUpdate((notification) => notification.sessionId === sessionId && notification.update.sessionUpdate === 'tool_call_update' && notification.update.status === 'completed', since);
    await acp.agent.notify('session/cancel', { sessionId });
    expect((await prompt).stopReason).toBe('cancelled');
    // The session goes on.
    const next = await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'still there?' }] });
    expect(next.stopReason).toBe('end_turn');
  });

  it('session/cancel while the permission is asked denies it: cancelled, the file unchanged', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    let answer: (response: RequestPermissionResponse) => void = () => undefined;
    const asked = new Promise<void>((resolveAsked) => {
      acp.answerPermission = () => {
        resolveAsked();
        // As ACP asks of a client: after session/cancel, answer the pending request with `cancelled`.
        return new Promise((resolve) => (answer = resolve));
      };
    });
    const prompt = acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix c.js' }] });
    await asked;
    await acp.agent.notify('session/cancel', { sessionId });
    expect((await prompt).stopReason).toBe('cancelled');
    answer({ outcome: { outcome: 'cancelled' } });
    expect(fs.readFileSync(workspace.path('src/c.js'), 'utf8')).toBe(C_BEFORE);
    const patchCall = acp.permissionRequests.find((request) => request.sessionId === sessionId)!.toolCall.toolCallId;
    expect(updatesOf(sessionId)).toContainEqual(expect.objectContaining({ sessionUpdate: 'tool_call_update', toolCallId: patchCall, status: 'failed' }));
  });

  it('answers a failed turn with a JSON-RPC error carrying its summary; the session goes on', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    await expect(acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fail the model' }] })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('the turn failed'),
    });
    await expect(acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'and now?' }] })).resolves.toEqual({ stopReason: 'end_turn' });
  });

  it('refuses a prompt for an unknown session, and a second prompt while one runs', { timeout: TIMEOUT_MS }, async () => {
    await expect(acp.agent.request('session/prompt', { sessionId: 'no-such-session', prompt: [{ type: 'text', text: 'hi' }] })).rejects.toMatchObject({ code: -32002 });
    const sessionId = await newSession();
    const since = acp.updates.length;
    const first = acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'wait for the model' }] });
    await acp.waitForUpdate((notification) => notification.sessionId === sessionId && notification.update.sessionUpdate === 'tool_call_update', since);
    await expect(acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'me too' }] })).rejects.toMatchObject({ code: -32600, message: expect.stringContaining('a prompt is running') });
    await acp.agent.notify('session/cancel', { sessionId });
    expect((await first).stopReason).toBe('cancelled');
  });

  it('refuses a session cwd outside the workspace, also through a symlink, naming it', async () => {
    await expect(acp.agent.request('session/new', { cwd: outside.root, mcpServers: [] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('outside the workspace') });
    await expect(acp.agent.request('session/new', { cwd: workspace.path('escape'), mcpServers: [] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(workspace.path('escape')) });
    await expect(acp.agent.request('session/new', { cwd: 'relative/dir', mcpServers: [] })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('absolute') });
    // A directory inside the workspace is fine.
    await expect(acp.agent.request('session/new', { cwd: workspace.path('src'), mcpServers: [] })).resolves.toMatchObject({ sessionId: expect.any(String) });
  });

  it('refuses a resource link or an embedded resource outside the workspace; the model is not asked', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    const requestsBefore = server.requests.length;
    const link = pathToFileURL(outside.path('secret.txt')).href;
    await expect(
      acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'look' }, { type: 'resource_link', uri: link, name: 'secret.txt' }] }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('outside the workspace') });
    const throughLink = pathToFileURL(path.join(workspace.path('escape'), 'secret.txt')).href;
    await expect(
      acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'look' }, { type: 'resource', resource: { uri: throughLink, text: 'whatever the editor says' } }] }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('outside the workspace') });
    await expect(acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('image content is not supported'),
    });
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('attaches a resource link inside the workspace to the message', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    const response = await acp.agent.request('session/prompt', {
      sessionId,
      prompt: [{ type: 'text', text: 'summarize this' }, { type: 'resource_link', uri: pathToFileURL(workspace.path('README.md')).href, name: 'README.md' }],
    });
    expect(response.stopReason).toBe('end_turn');
    const sent = JSON.stringify(server.requests.at(-1)!.body);
    expect(sent).toContain('File README.md (attached by the editor)');
    expect(sent).toContain('The demo readme.');
  });

  it('writes nothing but JSON-RPC messages on stdout', () => {
    const lines = acp.stdout().split('\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(0, -1)) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(lines.length).toBeGreaterThan(20);
  });
});

describe('brass-agent acp before the protocol starts', () => {
  it('exits 2 with an error naming the problem and nothing on stdout, without a model and for a missing --cwd; --json is refused as usage', async () => {
    await using workspace = await createTempWorkspace({ files: { 'README.md': '# demo\n' } });
    await using home = await createTempWorkspace();
    const env = modelCliEnv(home);
    for (const [args, expected] of [
      [['acp', '--cwd', workspace.root], /model|provider/i],
      [['acp', '--cwd', workspace.path('missing')], /does not exist/],
    ] as const) {
      const result = await runCli(args, { env });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(expected);
    }
    // With --json the contract's one error document is the whole of stdout.
    const json = await runCli(['acp', '--json', '--cwd', workspace.root], { env });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ version: 1, error: { code: 'usage', message: expect.stringContaining('takes no --json') } });
  });

  it('is listed in the help', async () => {
    const result = await runCli(['--help']);
    expect(result.stdout).toMatch(/acp \[options\]\s+serve the agent to an editor over the\s+Agent\s+Client Protocol/);
  });
});

describe('brass-agent acp and an editor that misbehaves or goes away', () => {
  let server: ScriptedLlmServer;
  let workspace: TempWorkspace;
  let home: TempWorkspace;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    server = await startScriptedLlmServer({ script });
    workspace = await createTempWorkspace({ files: { 'README.md': '# demo\n' } });
    home = await createTempWorkspace();
    env = modelCliEnv(home, { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_MODEL: 'scripted-test' });
  });

  afterAll(async () => {
    await server?.close();
    await workspace?.dispose();
    await home?.dispose();
  });

  it('answers a line that is not JSON with a parse error and goes on; a line over the size limit ends the connection', { timeout: TIMEOUT_MS }, async () => {
    const acp = await startAcpAgent({ args: ['--cwd', workspace.root], env });
    acp.writeRaw('this is not json\n');
    await expect(acp.agent.request('session/new', { cwd: workspace.root, mcpServers: [] })).resolves.toMatchObject({ sessionId: expect.any(String) });
    expect(acp.stdout().split('\n').map((line) => (line === '' ? null : JSON.parse(line)))).toContainEqual({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32700 }) });
    acp.writeRaw(`${'x'.repeat(MAX_ACP_MESSAGE_BYTES + 1)}\n`);
    expect(await acp.exited).toBe(0);
  });

  it('exits when the editor closes stdin in the middle of a turn: the turn is cancelled, the session kept', { timeout: TIMEOUT_MS }, async () => {
    const acp = await startAcpAgent({ args: ['--cwd', workspace.root], env });
    const { sessionId } = await acp.agent.request('session/new', { cwd: workspace.root, mcpServers: [] });
    const prompt = acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'wait for the model' }] }).catch((error: unknown) => error);
    await acp.waitForUpdate((notification) => notification.update.sessionUpdate === 'tool_call_update');
    expect(await acp.close()).toBe(0);
    await prompt;
    const listed = await runCli(['sessions', '--json', '--cwd', workspace.root], { env });
    expect(JSON.parse(listed.stdout).sessions).toContainEqual(expect.objectContaining({ id: sessionId }));
  });
});
