import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from './support/closed-port.js';
import { FAKE_LLM_KEY, modelCliEnv } from './support/model-cli-env.js';
import { runCli } from './support/run-cli.js';
import { startScriptedLlmServer, type ScriptedTurn } from './support/scripted-llm-server.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 18, item 5: a failing model endpoint had no hint in `run` (and a port
// fetch refuses read as "sent a malformed answer"). Each case is a real endpoint:
// the scripted server answering an HTTP error, or a port nothing listens on.

const TIMEOUT_MS = 60_000;

let workspace: TempWorkspace;
let home: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace({ files: { 'README.md': '# x\n' } });
  home = await createTempWorkspace();
  // No retries: the categories are the point here, not the backoff (llm-provider.test.ts covers it).
  home.write('config/brass-agent/config.json', JSON.stringify({ llm: { maxRetries: 0 } }));
});
afterAll(async () => {
  await workspace.dispose();
  await home.dispose();
});

async function runAgainst(provider: string, baseUrl: string, extraArgs: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = modelCliEnv(home, { BRASS_LLM_PROVIDER: provider, BRASS_LLM_MODEL: 'tiny', BRASS_LLM_BASE_URL: baseUrl, BRASS_LLM_API_KEY: FAKE_LLM_KEY });
  const result = await runCli(['run', 'fix it', '--mode', 'read-only', '--no-run', '--cwd', workspace.root, ...extraArgs], { env, timeoutMs: TIMEOUT_MS });
  expect(`${result.stdout}${result.stderr}`).not.toContain(FAKE_LLM_KEY);
  return result;
}

describe('run: a failing model endpoint says what is wrong and what to check', () => {
  const cases: { name: string; turn: ScriptedTurn; line: (baseUrl: string) => string }[] = [
    { name: 'HTTP 401', turn: { fault: 'http-status', status: 401 }, line: () => 'the endpoint rejected the API key (HTTP 401); check the key in BRASS_LLM_API_KEY (that is where it came from)' },
    { name: 'HTTP 403', turn: { fault: 'http-status', status: 403 }, line: () => 'the endpoint rejected the API key (HTTP 403); check the key in BRASS_LLM_API_KEY' },
    {
      name: 'HTTP 404',
      turn: { fault: 'http-status', status: 404, body: { error: { message: 'Not Found' } } },
      line: (baseUrl) => `model "tiny" or the API path not found at ${baseUrl} (HTTP 404); check llm.model (for Ollama: ollama pull <model>) and llm.baseUrl (it usually ends in /v1)`,
    },
  ];

  it.each((['openai-compatible', 'anthropic'] as const).flatMap((provider) => cases.map((entry) => ({ provider, ...entry }))))('$provider, $name: exit 1 with the hint on stderr', { timeout: TIMEOUT_MS }, async ({ provider, turn, line }) => {
    const server = await startScriptedLlmServer({ script: [turn] });
    try {
      const result = await runAgainst(provider, server.baseUrl);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`✗ failed: ${line(server.baseUrl)}`);
    } finally {
      await server.close();
    }
  });

  it('a closed port: not reachable at the URL, is the server running? (human and --json)', { timeout: TIMEOUT_MS }, async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const expected = `cannot reach ${baseUrl}: connection refused; is the server running? check llm.baseUrl (for Ollama: http://127.0.0.1:11434/v1)`;

    const human = await runAgainst('openai-compatible', baseUrl);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(`✗ failed: ${expected}`);
    expect(human.stderr).not.toContain('malformed');

    const json = await runAgainst('openai-compatible', baseUrl, ['--json']);
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as { state: string; summary: string }).summary).toContain(expected);
  });

  it('a base URL with a user name and password: exit 2 naming the setting, never echoing them', { timeout: TIMEOUT_MS }, async () => {
    const password = 'hunter2-base-url-password';
    const result = await runAgainst('openai-compatible', `http://someone:${password}@127.0.0.1:11434/v1`);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: llm.baseUrl: the base URL http://127.0.0.1:11434/v1 has a user name or password in it, which model requests cannot carry');
    expect(`${result.stdout}${result.stderr}`).not.toContain(password);
  });

  it('a port fetch refuses to use (undici "bad port") is not reachable either, not a malformed answer', { timeout: TIMEOUT_MS }, async () => {
    // Port 9 (discard) is on the Fetch standard's list of bad ports: the request is never sent.
    const result = await runAgainst('openai-compatible', 'http://127.0.0.1:9/v1');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ failed: cannot reach http://127.0.0.1:9/v1: bad port; check that the server is running and that llm.baseUrl is right');
    expect(result.stderr).not.toContain('malformed');
  });
});
