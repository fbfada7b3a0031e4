import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { modelCliEnv } from './support/model-cli-env.js';
import { runCli } from './support/run-cli.js';
import { type ScriptedTurn, startScriptedLlmServer } from './support/scripted-llm-server.js';
import { openEventStream, startServe } from './support/serve-cli.js';
import { type TempWorkspace, createTempWorkspace } from './support/temp-workspace.js';

// `brass-agent serve` starting, refusing and stopping: the built CLI as a
// child process, signals sent to it, serve.json and the session store on disk.

const TIMEOUT_MS = 60_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(script: ScriptedTurn[] = []): Promise<{ workspace: TempWorkspace; home: TempWorkspace; env: NodeJS.ProcessEnv; stateFile: string }> {
  const workspace = await createTempWorkspace({ files: { 'README.md': '# demo\n' } });
  const home = await createTempWorkspace();
  const model = await startScriptedLlmServer({ script });
  cleanups.push(() => workspace.dispose(), () => home.dispose(), () => model.close());
  const env = modelCliEnv(home, { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_BASE_URL: model.baseUrl, BRASS_LLM_MODEL: 'scripted-test' });
  return { workspace, home, env, stateFile: path.join(home.path('state'), 'brass-agent', 'serve.json') };
}

describe('brass-agent serve: stopping', () => {
  it('on SIGTERM mid-turn cancels the turn, keeps the session with the turn recorded as cancelled, removes serve.json and exits 0', { timeout: TIMEOUT_MS }, async () => {
    const { workspace, env, stateFile } = await setUp([{ fault: 'hang' }]);
    const server = await startServe(['--cwd', workspace.root], { env });
    cleanups.push(async () => void (await server.stop('SIGKILL')));

    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toEqual({ url: server.url, token: server.token, pid: server.child.pid });
    expect(fs.statSync(stateFile).mode & 0o777).toBe(0o600);

    const id = ((await (await server.api('/api/sessions', { method: 'POST' })).json()) as { id: string }).id;
    const stream = await openEventStream(server, `/api/sessions/${id}/events`);
    await server.api(`/api/sessions/${id}/messages`, { method: 'POST', body: JSON.stringify({ text: 'a question the model never answers' }) });
    await stream.until((event) => event.data.type === 'model.started');

    expect(await server.stop('SIGTERM')).toBe(0);
    await stream.ended;
    expect(stream.events.at(-1)!.data).toMatchObject({ type: 'turn.finished', state: 'cancelled' });
    expect(fs.existsSync(stateFile)).toBe(false);
    expect(server.stderr()).not.toMatch(/error/i);

    // A new server finds the session, its turn recorded as cancelled; SIGINT stops it the same way.
    const again = await startServe(['--cwd', workspace.root], { env });
    cleanups.push(async () => void (await again.stop('SIGKILL')));
    expect(again.token).not.toBe(server.token);
    const listed = (await (await again.api('/api/sessions')).json()) as { sessions: { id: string; turns: number; isOpen: boolean }[] };
    expect(listed.sessions).toEqual([expect.objectContaining({ id, turns: 1, isOpen: false, title: 'a question the model never answers' })]);
    const session = (await (await again.api(`/api/sessions/${id}`)).json()) as { turns: { state: string; user: string }[] };
    expect(session.turns).toEqual([expect.objectContaining({ user: 'a question the model never answers', state: 'cancelled' })]);
    expect(await again.stop('SIGINT')).toBe(0);
    expect(fs.existsSync(stateFile)).toBe(false);
  });
});

describe('brass-agent serve: where it listens', () => {
  it('refuses a host other machines can reach without --allow-remote: exit 2, one line, nothing on stdout', async () => {
    const { workspace, env, stateFile } = await setUp();
    for (const host of ['0.0.0.0', '192.168.1.20', 'example.com']) {
      const result = await runCli(['serve', '--host', host, '--cwd', workspace.root], { env });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(`--host ${host} is not a loopback address`);
      expect(result.stderr).toContain('--allow-remote');
    }
    expect(fs.existsSync(stateFile)).toBe(false);
  });

  it('with --allow-remote listens there after a warning; the token still guards every request', { timeout: TIMEOUT_MS }, async () => {
    const { workspace, env } = await setUp();
    const server = await startServe(['--host', '0.0.0.0', '--allow-remote', '--cwd', workspace.root], { env });
    cleanups.push(async () => void (await server.stop('SIGKILL')));
    expect(server.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/$/);
    expect(server.stderr()).toMatch(/^warning: serve listens on 0\.0\.0\.0, which other machines may reach/m);
    const local = `http://127.0.0.1:${server.port}/api/health`;
    expect((await fetch(local)).status).toBe(401);
    expect((await fetch(local, { headers: { authorization: `Bearer ${server.token}` } })).status).toBe(200);
    expect(await server.stop()).toBe(0);
  });

  it('accepts loopback hosts without --allow-remote and refuses a bad --port', async () => {
    const { workspace, env } = await setUp();
    const server = await startServe(['--host', 'localhost', '--cwd', workspace.root], { env });
    cleanups.push(async () => void (await server.stop('SIGKILL')));
    expect(server.url).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(await server.stop()).toBe(0);
    for (const port of ['http', '70000', '-1']) {
      const result = await runCli(['serve', '--port', port, '--cwd', workspace.root], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--port ${port}: expected a port number from 0`);
    }
  });

  it('exits, naming the problem, when the port is taken or serve.json cannot be written (the listener does not keep it alive)', { timeout: TIMEOUT_MS }, async () => {
    const { workspace, home, env } = await setUp();
    const first = await startServe(['--cwd', workspace.root], { env });
    cleanups.push(async () => void (await first.stop('SIGKILL')));
    const taken = await runCli(['serve', '--port', String(first.port), '--cwd', workspace.root], { env });
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain(`cannot listen on 127.0.0.1:${first.port}: EADDRINUSE`);
    expect(await first.stop()).toBe(0);

    // The state directory's brass-agent folder is a file: serve.json cannot go there.
    home.write('blocked-state/brass-agent', 'not a folder');
    const blocked = await runCli(['serve', '--cwd', workspace.root], { env: { ...env, XDG_STATE_HOME: home.path('blocked-state') } });
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toBe('');
    expect(blocked.stderr).toMatch(/^error: cannot write .*blocked-state\/brass-agent\/serve\.json: /m);
  });

  it('documents itself in --help, and the command list names it', async () => {
    const help = await runCli(['serve', '--help']);
    expect(help.code).toBe(0);
    for (const option of ['--port <n>', '--host <host>', '--allow-remote', '--cwd <dir>', '--mode <mode>', 'serve.json', 'Authorization: Bearer TOKEN', '/openapi.json', 'SIGTERM']) {
      expect(help.stdout).toContain(option);
    }
    expect((await runCli(['--help'])).stdout).toMatch(/serve \[options\]\s+serve the agent over a local HTTP API/);
  });
});
