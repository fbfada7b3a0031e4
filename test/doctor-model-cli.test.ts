import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from './support/closed-port.js';
import { FakeRandom, fakeSecret } from './support/fake-secrets.js';
import { FAKE_LLM_KEY, modelCliEnv } from './support/model-cli-env.js';
import { runCli } from './support/run-cli.js';
import { startScriptedLlmServer, type ScriptedLlmServer, type ScriptedTurn } from './support/scripted-llm-server.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 18, item 5: `doctor` said all ok with a provider and no key, and could not tell
// whether the model answers. It now reports the model configuration with its sources
// (never the key), and `--check-llm` sends one tiny request to a real local server.

const TIMEOUT_MS = 30_000;

interface DoctorDocument {
  ok: boolean;
  checks: { name: string; status: string; detail: string }[];
  model?: Record<string, unknown>;
  llmCheck?: { status: string; httpStatus: number | null; message: string; hint: string | null };
}

let workspace: TempWorkspace;
let home: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace({ files: { 'README.md': '# x\n' } });
  home = await createTempWorkspace();
});
afterAll(async () => {
  await workspace.dispose();
  await home.dispose();
});

async function doctor(args: string[], extra: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; document: DoctorDocument | null }> {
  const result = await runCli(['doctor', ...args, '--cwd', workspace.root], { env: modelCliEnv(home, extra), timeoutMs: TIMEOUT_MS });
  expect(`${result.stdout}${result.stderr}`).not.toContain(FAKE_LLM_KEY);
  return { ...result, document: args.includes('--json') ? (JSON.parse(result.stdout) as DoctorDocument) : null };
}

function row(document: DoctorDocument | null, name: string): { status: string; detail: string } | undefined {
  return document?.checks.find((check) => check.name === name);
}

async function withServer<T>(script: readonly ScriptedTurn[], body: (server: ScriptedLlmServer) => Promise<T>): Promise<T> {
  const server = await startScriptedLlmServer({ script });
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

describe('doctor: the model configuration', () => {
  it('reports provider, model, base URL and the key variable with their sources, and makes no request', { timeout: TIMEOUT_MS }, async () => {
    await withServer([{ text: 'must not be asked' }], async (server) => {
      const env = { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'qwen3', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_API_KEY: FAKE_LLM_KEY };
      const json = await doctor(['--json'], env);

      expect(json.code).toBe(0);
      expect(json.document?.model).toEqual({
        provider: 'openai-compatible',
        providerSource: 'env:BRASS_LLM_PROVIDER',
        model: 'qwen3',
        modelSource: 'env:BRASS_LLM_MODEL',
        baseUrl: server.baseUrl,
        baseUrlSource: 'env:BRASS_LLM_BASE_URL',
        apiKeySource: 'env:BRASS_LLM_API_KEY',
        ignoredUntrusted: [],
      });
      expect(row(json.document, 'model')).toMatchObject({ status: 'ok' });
      expect(json.document?.llmCheck).toBeUndefined();

      const human = await doctor([], env);
      expect(human.stdout).toMatch(/^ok {3}model {8}provider openai-compatible \(env:BRASS_LLM_PROVIDER\), model qwen3 \(env:BRASS_LLM_MODEL\), base URL http:\/\/127\.0\.0\.1:\d+\/v1 \(env:BRASS_LLM_BASE_URL\), key from env:BRASS_LLM_API_KEY$/m);
      expect(server.requests).toHaveLength(0);
    });
  });

  it('fails for a base URL with a user name and password, showing it without them (fetch would put them in its error)', { timeout: TIMEOUT_MS }, async () => {
    const password = 'hunter2-base-url-password';
    const result = await doctor(['--check-llm', '--json'], { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'm', BRASS_LLM_BASE_URL: `http://someone:${password}@127.0.0.1:11434/v1` });

    expect(result.code).toBe(1);
    expect(row(result.document, 'model')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('llm.baseUrl: the base URL http://127.0.0.1:11434/v1 has a user name or password in it, which model requests cannot carry'),
    });
    expect(result.document?.model).toMatchObject({ baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(result.stdout).not.toContain(password);
    expect(result.stdout).not.toContain('someone');
  });

  it.each([
    ['openai', 'OPENAI_API_KEY'],
    ['anthropic', 'ANTHROPIC_API_KEY'],
  ])('fails for the hosted provider %s without a key (exit 1), naming the variable to set; with %s set it is ok', { timeout: TIMEOUT_MS }, async (provider, variable) => {
    const result = await doctor(['--json'], { BRASS_LLM_PROVIDER: provider, BRASS_LLM_MODEL: 'some-model' });

    expect(result.code).toBe(1);
    expect(result.document?.ok).toBe(false);
    expect(row(result.document, 'model')?.status).toBe('fail');
    expect(row(result.document, 'model')?.detail).toContain(`neither BRASS_LLM_API_KEY nor ${variable} is set`);
    expect(result.document?.model).toMatchObject({ provider, apiKeySource: 'none', baseUrlSource: 'default' });

    const withKey = await doctor(['--json'], { BRASS_LLM_PROVIDER: provider, BRASS_LLM_MODEL: 'some-model', [variable]: FAKE_LLM_KEY });
    expect(withKey.code).toBe(0);
    expect(row(withKey.document, 'model')?.status).toBe('ok');
    expect(withKey.document?.model).toMatchObject({ provider, apiKeySource: `env:${variable}` });
  });

  it('accepts a local openai-compatible endpoint without a key', { timeout: TIMEOUT_MS }, async () => {
    const result = await doctor(['--json'], { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'qwen3', BRASS_LLM_BASE_URL: 'http://127.0.0.1:11434/v1' });

    expect(result.code).toBe(0);
    expect(row(result.document, 'model')).toMatchObject({ status: 'ok', detail: expect.stringContaining('no key (fine for a local endpoint)') });
    expect(result.document?.model).toMatchObject({ apiKeySource: 'none' });
  });

  it('warns about a remote openai-compatible endpoint without a key', { timeout: TIMEOUT_MS }, async () => {
    const result = await doctor(['--json'], { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'm', BRASS_LLM_BASE_URL: 'https://llm.example.com/v1' });

    expect(result.code).toBe(0);
    expect(row(result.document, 'model')).toMatchObject({ status: 'warn', detail: expect.stringContaining('no key: a hosted endpoint will likely refuse requests') });
  });

  it('names the variable llm.apiKeyEnv chose, and the config file that chose it', { timeout: TIMEOUT_MS }, async () => {
    home.write('config/brass-agent/config.json', JSON.stringify({ llm: { provider: 'anthropic', model: 'claude-x', apiKeyEnv: 'MY_TEAM_KEY' } }));
    try {
      const result = await doctor([], { MY_TEAM_KEY: FAKE_LLM_KEY });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/provider anthropic \(user:~\/config\/brass-agent\/config\.json\)/);
      expect(result.stdout).toContain('key from env:MY_TEAM_KEY (named by llm.apiKeyEnv, from user:~/config/brass-agent/config.json)');
    } finally {
      home.write('config/brass-agent/config.json', '{}');
    }
  });

  it("says when an untrusted workspace's llm.provider was ignored (a warning, exit 0)", { timeout: TIMEOUT_MS }, async () => {
    await using untrusted = await createTempWorkspace({ files: { '.brass-agent.json': JSON.stringify({ llm: { provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:11434/v1' } }) } });
    const result = await runCli(['doctor', '--json', '--cwd', untrusted.root], { env: modelCliEnv(home), timeoutMs: TIMEOUT_MS });
    const document = JSON.parse(result.stdout) as DoctorDocument;

    expect(result.code).toBe(0);
    expect(row(document, 'model')).toMatchObject({ status: 'warn', detail: expect.stringContaining('the untrusted workspace file sets llm.provider, but its model settings are ignored') });
    expect(document.model).toMatchObject({ provider: null, model: 'm', modelSource: 'workspace:.brass-agent.json', ignoredUntrusted: ['llm.provider', 'llm.baseUrl'] });
  });
});

describe('doctor --check-llm', () => {
  const cases = [
    { turn: { text: 'ok' }, status: 'reachable', httpStatus: 200, row: 'ok', hint: null, code: 0 },
    { turn: { fault: 'http-status', status: 401 }, status: 'auth-failed', httpStatus: 401, row: 'fail', hint: 'check the key in BRASS_LLM_API_KEY', code: 1 },
    { turn: { fault: 'http-status', status: 403 }, status: 'auth-failed', httpStatus: 403, row: 'fail', hint: 'check the key in BRASS_LLM_API_KEY', code: 1 },
    { turn: { fault: 'http-status', status: 404 }, status: 'model-not-found', httpStatus: 404, row: 'fail', hint: 'llm.baseUrl (it usually ends in /v1)', code: 1 },
  ] as const;
  const formats = ['openai-compatible', 'anthropic'] as const;

  it.each(formats.flatMap((provider) => cases.map((entry) => ({ provider, ...entry }))))(
    '$provider, HTTP $httpStatus: $status',
    { timeout: TIMEOUT_MS },
    async ({ provider, turn, status, httpStatus, row: rowStatus, hint, code }) => {
      await withServer([turn as ScriptedTurn], async (server) => {
        const result = await doctor(['--check-llm', '--json'], { BRASS_LLM_PROVIDER: provider, BRASS_LLM_MODEL: 'tiny', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_API_KEY: FAKE_LLM_KEY });

        expect(result.code).toBe(code);
        expect(result.document?.llmCheck).toMatchObject({ status, httpStatus });
        if (hint === null) expect(result.document?.llmCheck?.hint).toBeNull();
        else expect(result.document?.llmCheck?.hint).toContain(hint);
        expect(row(result.document, 'llm')?.status).toBe(rowStatus);
        // One tiny request, never retried.
        expect(server.requests).toHaveLength(1);
        expect(server.requests[0]?.body.max_tokens).toBe(16);
      });
    },
  );

  it('reports a closed port as not reachable, with "is the server running?" and no HTTP status', { timeout: TIMEOUT_MS }, async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const result = await doctor(['--check-llm', '--json'], { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'tiny', BRASS_LLM_BASE_URL: baseUrl, BRASS_LLM_API_KEY: FAKE_LLM_KEY });

    expect(result.code).toBe(1);
    expect(result.document?.llmCheck).toEqual({
      status: 'unreachable',
      httpStatus: null,
      message: `cannot reach ${baseUrl}: connection refused`,
      hint: 'is the server running? check llm.baseUrl (for Ollama: http://127.0.0.1:11434/v1)',
    });

    const human = await doctor(['--check-llm'], { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'tiny', BRASS_LLM_BASE_URL: baseUrl });
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(`FAIL llm          not reachable: cannot reach ${baseUrl}: connection refused; hint: is the server running?`);
  });

  it('reports any other answer as failed with its status, the endpoint text redacted', { timeout: TIMEOUT_MS }, async () => {
    const token = fakeSecret(new FakeRandom(18), 'github-classic').value;
    await withServer([{ fault: 'http-status', status: 400, body: { error: { message: `unsupported parameter (account token ${token})` } } }], async (server) => {
      const result = await doctor(['--check-llm', '--json'], { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'tiny', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_API_KEY: FAKE_LLM_KEY });

      expect(result.code).toBe(1);
      expect(result.document?.llmCheck).toMatchObject({ status: 'failed', httpStatus: 400, message: expect.stringContaining('the endpoint refused the request (HTTP 400): unsupported parameter') });
      expect(result.stdout).not.toContain(token);
    });
  });

  it('times out on an endpoint that never answers, within llm.timeoutMs', { timeout: TIMEOUT_MS }, async () => {
    home.write('config/brass-agent/config.json', JSON.stringify({ llm: { timeoutMs: 300 } }));
    try {
      await withServer([{ fault: 'hang' }], async (server) => {
        const result = await doctor(['--check-llm', '--json'], { BRASS_LLM_PROVIDER: 'anthropic', BRASS_LLM_MODEL: 'tiny', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_API_KEY: FAKE_LLM_KEY });
        expect(result.code).toBe(1);
        expect(result.document?.llmCheck).toMatchObject({ status: 'timeout', httpStatus: null, message: 'the model gave no complete answer within 0.3 s' });
        expect(result.document?.llmCheck?.hint).toContain('a model that is still loading can take longer: try again');
      });
    } finally {
      home.write('config/brass-agent/config.json', '{}');
    }
  });

  it('fails when there is no model to check', { timeout: TIMEOUT_MS }, async () => {
    const result = await doctor(['--check-llm', '--json'], {});

    expect(result.code).toBe(1);
    expect(row(result.document, 'model')?.status).toBe('warn');
    expect(result.document?.llmCheck).toMatchObject({ status: 'failed', httpStatus: null });
  });
});
