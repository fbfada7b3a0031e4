import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentText, startAcpAgent, type AcpTestAgent } from './support/acp-client.js';
import { FakeRandom, fakeSecret } from './support/fake-secrets.js';
import { modelCliEnv } from './support/model-cli-env.js';
import { startScriptedLlmServer, type ScriptedLlmServer } from './support/scripted-llm-server.js';
import { makeFifo } from './support/special-files.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// `brass-agent acp` with an editor that offers its file system
// (fs/read_text_file): the editor's text (unsaved buffers) is what a prompt
// resource attaches, but only for a file our path scope and permission
// rules let `read_file` read, and always redacted. Also session/load.

const TIMEOUT_MS = 60_000;
const TOKEN = fakeSecret(new FakeRandom(19), 'github-classic').value;

describe('brass-agent acp with the editor file system', () => {
  let server: ScriptedLlmServer;
  let workspace: TempWorkspace;
  let home: TempWorkspace;
  let acp: AcpTestAgent;

  beforeAll(async () => {
    server = await startScriptedLlmServer({ script: () => ({ text: 'Noted.' }) });
    workspace = await createTempWorkspace({
      files: {
        '.brass-agent.json': `${JSON.stringify({ permissions: { deny: ['Read(private/**)'] } })}\n`,
        'src/a.js': 'export const a = 1; // on disk\n',
        'private/notes.md': 'private notes\n',
      },
    });
    makeFifo(workspace.path('src/pipe'));
    home = await createTempWorkspace();
    const env = modelCliEnv(home, { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_MODEL: 'scripted-test' });
    acp = await startAcpAgent({
      args: ['--cwd', workspace.root],
      env,
      capabilities: { fs: { readTextFile: true, writeTextFile: false } },
      readTextFile: ({ path }) => ({ content: `// unsaved buffer of ${path}\nconst token = '${TOKEN}';\n` }),
    });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await acp?.close();
    await server?.close();
    await workspace?.dispose();
    await home?.dispose();
  });

  const newSession = async (): Promise<string> => (await acp.agent.request('session/new', { cwd: workspace.root, mcpServers: [] })).sessionId;
  const lastModelRequest = (): string => JSON.stringify(server.requests.at(-1)!.body);

  it('attaches a linked file as the editor has it (unsaved), redacted', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    const file = workspace.path('src/a.js');
    await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'look at this' }, { type: 'resource_link', uri: pathToFileURL(file).href, name: 'a.js' }] });
    expect(acp.fileReads.map((read) => read.path)).toEqual([file]);
    expect(acp.fileReads[0]!.sessionId).toBe(sessionId);
    const sent = lastModelRequest();
    // The attached block holds the editor's text (discovery may have read the file from disk for its own part).
    expect(sent).toMatch(/File src\/a\.js \(attached by the editor\):\\n`+\\n\/\/ unsaved buffer of /);
    expect(sent).not.toContain(TOKEN);
    expect(sent).toContain('[REDACTED:');
  });

  it('attaches the file from disk when the editor fails to read it, saying so on stderr', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    const answer = acp.answerFileRead;
    acp.answerFileRead = () => {
      throw new Error('buffer unavailable');
    };
    try {
      await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'look again' }, { type: 'resource_link', uri: pathToFileURL(workspace.path('src/a.js')).href, name: 'a.js' }] });
    } finally {
      acp.answerFileRead = answer;
    }
    expect(lastModelRequest()).toMatch(/File src\/a\.js \(attached by the editor\):\\n`+\\nexport const a = 1; \/\/ on disk/);
    expect(acp.stderr()).toMatch(/warning: the editor could not read \S*src\/a\.js \(.+\); attached from disk/);
  });

  it('session/cancel while the editor is asked for a resource cancels the prompt before the model is asked', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    const answer = acp.answerFileRead;
    let release: () => void = () => undefined;
    const asked = new Promise<void>((resolveAsked) => {
      acp.answerFileRead = (request) => {
        resolveAsked();
        return new Promise((resolve) => (release = () => resolve({ content: `text of ${request.path}` })));
      };
    });
    const requestsBefore = server.requests.length;
    try {
      const prompt = acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'wait' }, { type: 'resource_link', uri: pathToFileURL(workspace.path('src/a.js')).href, name: 'a.js' }] });
      await asked;
      await acp.agent.notify('session/cancel', { sessionId });
      // The notification is handled before the answer that follows it on the same stream.
      await acp.agent.request('session/list', {});
      release();
      expect((await prompt).stopReason).toBe('cancelled');
    } finally {
      acp.answerFileRead = answer;
    }
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('attaches an embedded resource (a file, and a selection) redacted', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    await acp.agent.request('session/prompt', {
      sessionId,
      prompt: [
        { type: 'text', text: 'compare' },
        { type: 'resource', resource: { uri: pathToFileURL(workspace.path('src/a.js')).href, text: `let key = '${TOKEN}';\n` } },
        { type: 'resource', resource: { uri: 'zed://selection/1', text: 'the selected lines\n' } },
      ],
    });
    const sent = lastModelRequest();
    expect(sent).toContain('File src/a.js (attached by the editor)');
    expect(sent).toContain('Context zed://selection/1 (attached by the editor)');
    expect(sent).toContain('the selected lines');
    expect(sent).not.toContain(TOKEN);
  });

  it('never widens what may be read: a denied path or a FIFO is refused, and the editor is not asked for it', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    const readsBefore = acp.fileReads.length;
    const requestsBefore = server.requests.length;
    for (const relative of ['private/notes.md', 'src/pipe']) {
      const uri = pathToFileURL(workspace.path(relative)).href;
      await expect(acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read' }, { type: 'resource_link', uri, name: relative }] })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(`${relative} cannot be attached`),
      });
      await expect(acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read' }, { type: 'resource', resource: { uri, text: 'editor text' } }] })).rejects.toMatchObject({
        code: -32602,
      });
    }
    expect(acp.fileReads.length).toBe(readsBefore);
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('session/list lists a closed session; session/load replays it and continues it', { timeout: TIMEOUT_MS }, async () => {
    const sessionId = await newSession();
    await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'remember the blue door' }] });
    await acp.agent.request('session/close', { sessionId });
    const { sessions } = await acp.agent.request('session/list', { cwd: workspace.root });
    expect(sessions).toContainEqual({ sessionId, cwd: workspace.root, title: expect.stringContaining('remember the blue door'), updatedAt: expect.any(String) });
    await expect(acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'gone?' }] })).rejects.toMatchObject({ code: -32002 });

    const since = acp.updates.length;
    await acp.agent.request('session/load', { sessionId, cwd: workspace.root, mcpServers: [] });
    const replayed = acp.updates.slice(since).filter((notification) => notification.sessionId === sessionId);
    expect(replayed.map((notification) => notification.update)).toEqual([
      { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'remember the blue door' } },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Noted.' } },
    ]);
    await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'which door?' }] });
    expect(lastModelRequest()).toContain('remember the blue door');
    expect(agentText(acp.updates.slice(since), sessionId)).toBe('Noted.Noted.');
    await expect(acp.agent.request('session/load', { sessionId: 'no-such-session', cwd: workspace.root, mcpServers: [] })).rejects.toMatchObject({ code: -32002 });
  });
});
