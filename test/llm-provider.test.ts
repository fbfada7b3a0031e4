import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createLlm, resolveLlmSettings, type CreateLlmOptions, type LlmProvider } from '../src/adapters/llm/index.js';
import { wireByteBound } from '../src/adapters/llm/bound-response-bytes.js';
import { outputByteBound } from '../src/adapters/llm/stream-turn.js';
import { ConfigSchema, type ConfigInput } from '../src/config/index.js';
import { BrassError, type LlmCompleteRequest, type LlmMessage } from '../src/core/index.js';
import { startScriptedLlmServer, type Script, type ScriptedLlmServer } from './support/scripted-llm-server.js';

/** A fake key: the tests assert it never shows up in an error. */
const FAKE_KEY = 'sk-fake-brass-0123456789-SECRET';
const MODEL = 'test-model';
const SYSTEM = 'You are a careful coding agent.';
const READ_FILE_TOOL = {
  name: 'read_file',
  description: 'Read a file of the workspace.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
};

const servers: ScriptedLlmServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startServer(script: Script): Promise<ScriptedLlmServer> {
  const server = await startScriptedLlmServer({ script });
  servers.push(server);
  return server;
}

/** An Llm against `baseUrl`, recording the retry delays it waits instead of waiting. */
function llmFor(baseUrl: string, provider: LlmProvider, overrides: Partial<CreateLlmOptions> = {}) {
  const delays: number[] = [];
  const llm = createLlm({
    provider,
    model: MODEL,
    baseUrl,
    apiKey: FAKE_KEY,
    timeoutMs: 10_000,
    maxRetries: 2,
    maxOutputTokens: 1024,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...overrides,
  });
  return { llm, delays };
}

function ask(content: string, extra: Partial<LlmCompleteRequest> = {}): LlmCompleteRequest {
  return { system: SYSTEM, messages: [{ role: 'user', content }], tools: [READ_FILE_TOOL], ...extra };
}

/** The BrassError a request fails with (the test fails if it succeeds or throws something else). */
async function failureOf(promise: Promise<unknown>): Promise<BrassError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(BrassError.isInstance(error), `expected a BrassError, got ${inspect(error)}`).toBe(true);
  return error as BrassError;
}

function expectOneLineWithoutKey(error: BrassError): void {
  expect(error.message).not.toContain('\n');
  expect(error.message).not.toContain(FAKE_KEY);
  expect(error.hint ?? '').not.toContain(FAKE_KEY);
}

const STREAMING_PROVIDERS: LlmProvider[] = ['openai-compatible', 'openai', 'anthropic'];

/** Text a flooding endpoint offers: far past every bound under test, so reading it all would show. */
const FLOOD_BYTES = 64 * 1024 * 1024;

describe('createLlm against the scripted server', () => {
  describe.each(STREAMING_PROVIDERS)('%s', (provider) => {
    it('streams text in several deltas that add up to the final text', async () => {
      const server = await startServer([{ text: 'The failing test expects 42 but gets 41.', usage: { inputTokens: 120, outputTokens: 12, cachedInputTokens: 100 } }]);
      const { llm } = llmFor(server.baseUrl, provider);
      const deltas: string[] = [];
      const result = await llm.complete(ask('why does the test fail?', { onTextDelta: (delta) => deltas.push(delta) }));

      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.join('')).toBe(result.text);
      expect(result.text).toBe('The failing test expects 42 but gets 41.');
      expect(result.toolCalls).toEqual([]);
      expect(result.finishReason).toBe('stop');
      expect(result.usage.outputTokens).toBe(12);
      expect(result.usage.cachedInputTokens).toBe(100);
      expect(result.usage.inputTokens).toBeGreaterThanOrEqual(120);
    });

    it('returns tool calls with their arguments parsed', async () => {
      const server = await startServer([
        {
          text: 'Let me look.',
          toolCalls: [
            { id: 'call_a', name: 'read_file', arguments: { path: 'src/cart/cart.ts' } },
            { id: 'call_b', name: 'read_file', arguments: '{"path": "src/pricing/tax.ts"}' },
          ],
        },
      ]);
      const { llm } = llmFor(server.baseUrl, provider);
      const result = await llm.complete(ask('fix the cart'));

      expect(result.text).toBe('Let me look.');
      expect(result.finishReason).toBe('tool-calls');
      expect(result.toolCalls).toEqual([
        { id: 'call_a', name: 'read_file', input: { path: 'src/cart/cart.ts' } },
        { id: 'call_b', name: 'read_file', input: { path: 'src/pricing/tax.ts' } },
      ]);
    });

    it('returns a tool call whose arguments are not JSON with the invalid-JSON marker input', async () => {
      const server = await startServer([{ fault: 'invalid-tool-json', arguments: '{"path": "src/a.ts", oops' }]);
      const { llm } = llmFor(server.baseUrl, provider);
      const result = await llm.complete(ask('read a.ts'));

      expect(result.toolCalls).toHaveLength(1);
      expect(result.toolCalls[0]?.name).toBe('read_file');
      expect(result.toolCalls[0]?.input).toEqual({ __invalidJson: '{"path": "src/a.ts", oops' });
    });

    it.each(['malformed-stream', 'truncated-stream'] as const)('fails with llm-bad-response on a %s, without retrying after streamed text', async (fault) => {
      const server = await startServer([{ fault }, { text: 'must not be reached' }]);
      const { llm, delays } = llmFor(server.baseUrl, provider);
      const deltas: string[] = [];
      const error = await failureOf(llm.complete(ask('go', { onTextDelta: (delta) => deltas.push(delta) })));

      expect(error.code).toBe('llm-bad-response');
      expectOneLineWithoutKey(error);
      expect(deltas.join('')).toBe('Partial');
      expect(server.requests).toHaveLength(1);
      expect(delays).toEqual([]);
    });

    // Issue 15 item 20: 1.2 GiB of model text crashed a run; the reply is bounded by llm.maxOutputTokens.
    it('stops reading a reply whose text passes the byte bound of maxOutputTokens, passing on the text up to it', async () => {
      const server = await startServer([{ fault: 'flood-text', bytes: FLOOD_BYTES }, { text: 'must not be reached' }]);
      const { llm, delays } = llmFor(server.baseUrl, provider, { maxOutputTokens: 1024 });
      let streamedChars = 0;
      const error = await failureOf(llm.complete(ask('go', { onTextDelta: (delta) => (streamedChars += delta.length) })));

      expect(error.code).toBe('llm-output-too-long');
      expect(error.message).toBe(`the model's reply passed ${outputByteBound(1024)} bytes, the bound for llm.maxOutputTokens 1024; stopped reading it`);
      expectOneLineWithoutKey(error);
      expect(streamedChars).toBe(outputByteBound(1024));
      expect(server.floodBytesWritten).toBeLessThan(FLOOD_BYTES / 4);
      expect(server.requests).toHaveLength(1);
      expect(delays).toEqual([]);
    });

    it('stops reading a response that passes its wire bound inside one event whose line never ends', async () => {
      const server = await startServer([{ fault: 'flood-text', bytes: FLOOD_BYTES, singleEvent: true, chunkChars: 64 * 1024 }]);
      const { llm } = llmFor(server.baseUrl, provider, { maxOutputTokens: 1024 });
      let streamedChars = 0;
      const error = await failureOf(llm.complete(ask('go', { onTextDelta: (delta) => (streamedChars += delta.length) })));

      expect(error.code).toBe('llm-output-too-long');
      expect(error.message).toBe(`the model's response passed ${wireByteBound(1024)} bytes, the bound for llm.maxOutputTokens 1024; stopped reading it`);
      expect(streamedChars).toBe(0);
      expect(server.floodBytesWritten).toBeLessThan(FLOOD_BYTES / 4);
    });
  });

  it('sends a multi-turn conversation with tool results in the OpenAI-compatible wire shape', async () => {
    const server = await startServer([{ text: 'Done.' }]);
    const { llm } = llmFor(server.baseUrl, 'openai-compatible');
    await llm.complete({ system: SYSTEM, messages: conversationWithToolResults(), tools: [READ_FILE_TOOL] });

    const request = server.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(request?.body).toMatchObject({ model: MODEL, stream: true, max_tokens: 1024, stream_options: { include_usage: true } });
    expect(request?.body.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'Fix the failing cart test.' },
      {
        role: 'assistant',
        content: 'Reading both files.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"src/cart.ts"}' } },
          { id: 'call_2', type: 'function', function: { name: 'read_file', arguments: '{"path":"missing.ts"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'export const total = 41;' },
      { role: 'tool', tool_call_id: 'call_2', content: 'not found: missing.ts' },
      { role: 'user', content: 'Go on.' },
    ]);
    expect(request?.body.tools).toEqual([{ type: 'function', function: { name: 'read_file', description: READ_FILE_TOOL.description, parameters: READ_FILE_TOOL.inputSchema } }]);
  });

  it('sends a multi-turn conversation in the Anthropic wire shape, with cache control on the system prompt', async () => {
    const server = await startServer([{ text: 'Done.' }]);
    const { llm } = llmFor(server.baseUrl, 'anthropic');
    await llm.complete({ system: SYSTEM, messages: conversationWithToolResults(), tools: [READ_FILE_TOOL], maxOutputTokens: 333 });

    const request = server.requests[0];
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['x-api-key']).toBe(FAKE_KEY);
    expect(request?.body).toMatchObject({ model: MODEL, stream: true, max_tokens: 333 });
    expect(request?.body.system).toEqual([{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }]);
    expect(request?.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Fix the failing cart test.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading both files.' },
          { type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'src/cart.ts' } },
          { type: 'tool_use', id: 'call_2', name: 'read_file', input: { path: 'missing.ts' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: 'export const total = 41;' },
          { type: 'tool_result', tool_use_id: 'call_2', content: 'not found: missing.ts', is_error: true },
          { type: 'text', text: 'Go on.' },
        ],
      },
    ]);
    expect(request?.body.tools).toMatchObject([{ name: 'read_file', description: READ_FILE_TOOL.description, input_schema: READ_FILE_TOOL.inputSchema }]);
  });

  it('sends the configured maxOutputTokens to Anthropic when the request sets none', async () => {
    const server = await startServer([{ text: 'ok' }]);
    const { llm } = llmFor(server.baseUrl, 'anthropic', { maxOutputTokens: 777 });
    await llm.complete(ask('hi'));
    expect(server.requests[0]?.body.max_tokens).toBe(777);
  });

  it('retries once after HTTP 500 and returns the answer', async () => {
    const server = await startServer([{ fault: 'http-status', status: 500 }, { text: 'Recovered.' }]);
    const { llm, delays } = llmFor(server.baseUrl, 'openai-compatible');
    const result = await llm.complete(ask('go'));

    expect(result.text).toBe('Recovered.');
    expect(server.requests).toHaveLength(2);
    expect(delays).toEqual([500]);
  });

  it('retries after a reset connection', async () => {
    const server = await startServer([{ fault: 'reset' }, { text: 'Back.' }]);
    const { llm, delays } = llmFor(server.baseUrl, 'anthropic');
    const result = await llm.complete(ask('go'));

    expect(result.text).toBe('Back.');
    expect(delays).toEqual([500]);
  });

  it('honours Retry-After on HTTP 429', async () => {
    const server = await startServer([{ fault: 'http-status', status: 429, retryAfter: 2 }, { text: 'After the wait.' }]);
    const { llm, delays } = llmFor(server.baseUrl, 'anthropic');
    const result = await llm.complete(ask('go'));

    expect(result.text).toBe('After the wait.');
    expect(delays).toEqual([2000]);
  });

  it('fails with llm-rate-limited once the retries are used up, backing off exponentially', async () => {
    const limited = { fault: 'http-status', status: 429 } as const;
    const server = await startServer([limited, limited, limited, { text: 'too late' }]);
    const { llm, delays } = llmFor(server.baseUrl, 'openai-compatible', { maxRetries: 2 });
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-rate-limited');
    expect(error.message).toContain('3 attempts');
    expectOneLineWithoutKey(error);
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([500, 1000]);
  });

  it('fails with llm-server after repeated HTTP 5xx', async () => {
    const server = await startServer([{ fault: 'http-status', status: 503 }, { fault: 'http-status', status: 502 }]);
    const { llm } = llmFor(server.baseUrl, 'openai', { maxRetries: 1 });
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-server');
    expect(error.message).toContain('HTTP 502');
    expectOneLineWithoutKey(error);
  });

  it.each(['openai-compatible', 'anthropic'] as const)('fails with llm-auth on HTTP 401 without retrying (%s)', async (provider) => {
    const server = await startServer([
      { fault: 'http-status', status: 401, body: { error: { message: `Incorrect API key provided: ${FAKE_KEY}`, type: 'invalid_request_error' } } },
    ]);
    const { llm, delays } = llmFor(server.baseUrl, provider);
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-auth');
    expect(error.message).toBe('the endpoint rejected the API key (HTTP 401)');
    expectOneLineWithoutKey(error);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it.each(['openai-compatible', 'anthropic'] as const)('fails with llm-model-not-found on HTTP 404 (%s)', async (provider) => {
    const server = await startServer([{ fault: 'http-status', status: 404 }]);
    const { llm } = llmFor(server.baseUrl, provider);
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-model-not-found');
    expect(error.message).toContain(`model "${MODEL}" not found at ${server.baseUrl}`);
    expectOneLineWithoutKey(error);
    expect(server.requests).toHaveLength(1);
  });

  it('recognises an Ollama-style "model not found" body on another status', async () => {
    const server = await startServer([{ fault: 'http-status', status: 400, body: { error: { message: `model "${MODEL}" not found, try pulling it first` } } }]);
    const { llm } = llmFor(server.baseUrl, 'openai-compatible');
    expect((await failureOf(llm.complete(ask('go')))).code).toBe('llm-model-not-found');
  });

  it.each([
    ['openai-compatible', undefined],
    ['anthropic', { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } }],
  ] as const)('fails with llm-context-too-long on HTTP 400 about the context (%s)', async (provider, body) => {
    const server = await startServer([{ fault: 'http-status', status: 400, ...(body === undefined ? {} : { body }) }]);
    const { llm } = llmFor(server.baseUrl, provider);
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-context-too-long');
    expectOneLineWithoutKey(error);
    expect(server.requests).toHaveLength(1);
  });

  it('fails with llm-bad-request on another 4xx, quoting the provider without the key', async () => {
    const server = await startServer([{ fault: 'http-status', status: 422, body: { error: { message: `unsupported parameter for key ${FAKE_KEY}\nsecond line` } } }]);
    const { llm } = llmFor(server.baseUrl, 'openai-compatible');
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-bad-request');
    expect(error.message).toContain('unsupported parameter for key [redacted]');
    expectOneLineWithoutKey(error);
  });

  it('fails with llm-timeout when the endpoint never answers, without retrying', async () => {
    const server = await startServer([{ fault: 'hang' }, { text: 'must not be reached' }]);
    const { llm, delays } = llmFor(server.baseUrl, 'openai-compatible', { timeoutMs: 300 });
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-timeout');
    expect(error.message).toBe('the model gave no complete answer within 0.3 s');
    expectOneLineWithoutKey(error);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  // Issue 15 item 18: a per-attempt timeout past Node's 32-bit timer aborted every request at once.
  it('answers under a timeout longer than a Node timer holds', async () => {
    const server = await startServer([{ text: 'fine' }]);
    const { llm } = llmFor(server.baseUrl, 'openai-compatible', { timeoutMs: 2 ** 40 });
    await expect(llm.complete(ask('go'))).resolves.toMatchObject({ text: 'fine' });
  });

  it('fails with llm-unreachable when nothing listens, after the retries', async () => {
    const closed = await startScriptedLlmServer({ script: [] });
    await closed.close();
    const { llm, delays } = llmFor(closed.baseUrl, 'openai-compatible', { maxRetries: 2 });
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-unreachable');
    expect(error.message).toBe(`cannot reach ${closed.baseUrl}: connection refused (gave up after 3 attempts)`);
    expect(error.hint).toContain('llm.baseUrl');
    expectOneLineWithoutKey(error);
    expect(delays).toEqual([500, 1000]);
  });

  // Issue 18, item 5: a request fetch never sends read as "sent a malformed answer", and was retried as if the network might come back.
  it.each([
    ['https to a plain HTTP server', async (server: { baseUrl: string }) => server.baseUrl.replace('http:', 'https:'), 'the server does not speak TLS', 'use http://'],
    ['a port fetch refuses (bad port)', async () => 'http://127.0.0.1:9/v1', 'bad port', 'check that the server is running'],
  ] as const)('fails with llm-unreachable without retrying: %s', async (_name, baseUrlOf, words, hint) => {
    const server = await startServer([{ text: 'must not be reached' }]);
    const baseUrl = await baseUrlOf(server);
    const { llm, delays } = llmFor(baseUrl, 'openai-compatible', { maxRetries: 2 });
    const error = await failureOf(llm.complete(ask('go')));

    expect(error.code).toBe('llm-unreachable');
    expect(error.message).toBe(`cannot reach ${baseUrl}: ${words}`);
    expect(error.hint).toContain(hint);
    expectOneLineWithoutKey(error);
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('stops with "aborted" when the caller cancels, and does not retry', async () => {
    const server = await startServer([{ fault: 'hang' }, { text: 'must not be reached' }]);
    const { llm, delays } = llmFor(server.baseUrl, 'anthropic');
    const controller = new AbortController();
    const pending = failureOf(llm.complete(ask('go', { signal: controller.signal })));
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    const error = await pending;

    expect(error.code).toBe('aborted');
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('lets an error thrown by onTextDelta through unchanged', async () => {
    const server = await startServer([{ text: 'some streamed text' }, { text: 'must not be reached' }]);
    const { llm } = llmFor(server.baseUrl, 'openai-compatible');
    const callbackError = new Error('the terminal went away');
    const outcome = llm.complete(
      ask('go', {
        onTextDelta: () => {
          throw callbackError;
        },
      }),
    );

    await expect(outcome).rejects.toBe(callbackError);
    expect(server.requests).toHaveLength(1);
  });

  it('never puts the API key in an error, its hint or its causes', async () => {
    const server = await startServer([
      { fault: 'http-status', status: 401, body: { error: { message: 'bad key' } } },
      { fault: 'http-status', status: 404 },
      { fault: 'http-status', status: 400 },
      { fault: 'http-status', status: 429 },
      { fault: 'http-status', status: 500 },
      { fault: 'malformed-stream' },
      { fault: 'hang' },
    ]);
    const { llm } = llmFor(server.baseUrl, 'openai-compatible', { maxRetries: 0, timeoutMs: 300 });
    const codes: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const error = await failureOf(llm.complete(ask('go')));
      codes.push(error.code);
      expectOneLineWithoutKey(error);
      expect(inspect(error, { depth: 10 })).not.toContain(FAKE_KEY);
    }
    expect(codes).toEqual(['llm-auth', 'llm-model-not-found', 'llm-context-too-long', 'llm-rate-limited', 'llm-server', 'llm-bad-response', 'llm-timeout']);
  });
});

function conversationWithToolResults(): LlmMessage[] {
  return [
    { role: 'user', content: 'Fix the failing cart test.' },
    {
      role: 'assistant',
      content: 'Reading both files.',
      toolCalls: [
        { id: 'call_1', name: 'read_file', input: { path: 'src/cart.ts' } },
        { id: 'call_2', name: 'read_file', input: { path: 'missing.ts' } },
      ],
    },
    { role: 'tool', toolCallId: 'call_1', toolName: 'read_file', content: 'export const total = 41;' },
    { role: 'tool', toolCallId: 'call_2', toolName: 'read_file', content: 'not found: missing.ts', isError: true },
    { role: 'user', content: 'Go on.' },
  ];
}

describe('createLlm settings', () => {
  it('refuses openai and anthropic without a key, and openai-compatible without a base URL', () => {
    const base = { model: MODEL, timeoutMs: 1000, maxRetries: 0, maxOutputTokens: 100 };
    expect(() => createLlm({ ...base, provider: 'openai' })).toThrow(expect.objectContaining({ code: 'llm-no-key' }));
    expect(() => createLlm({ ...base, provider: 'anthropic', apiKey: '' })).toThrow(expect.objectContaining({ code: 'llm-no-key' }));
    expect(() => createLlm({ ...base, provider: 'openai-compatible' })).toThrow(expect.objectContaining({ code: 'invalid-input' }));
  });
});

describe('resolveLlmSettings', () => {
  const llmConfig = (llm: ConfigInput['llm']) => ConfigSchema.parse({ llm }).llm;

  it('returns null when no provider is configured', () => {
    expect(resolveLlmSettings(llmConfig({ model: 'x' }), { OPENAI_API_KEY: FAKE_KEY })).toBeNull();
  });

  it('resolves an OpenAI-compatible endpoint without a key, with the schema defaults', () => {
    const settings = resolveLlmSettings(llmConfig({ provider: 'openai-compatible', model: 'qwen3', baseUrl: 'http://127.0.0.1:11434/v1' }), { OPENAI_API_KEY: FAKE_KEY });
    expect(settings).toEqual({ provider: 'openai-compatible', model: 'qwen3', baseUrl: 'http://127.0.0.1:11434/v1', timeoutMs: 120_000, maxRetries: 2, maxOutputTokens: 8192 });
  });

  it('looks the key up in llm.apiKeyEnv, then BRASS_LLM_API_KEY, then the provider variable', () => {
    const env = { MY_KEY: 'from-my-key', BRASS_LLM_API_KEY: 'from-brass', OPENAI_API_KEY: 'from-openai', ANTHROPIC_API_KEY: 'from-anthropic' };
    expect(resolveLlmSettings(llmConfig({ provider: 'openai', model: 'm', apiKeyEnv: 'MY_KEY' }), env)?.apiKey).toBe('from-my-key');
    expect(resolveLlmSettings(llmConfig({ provider: 'openai', model: 'm' }), env)?.apiKey).toBe('from-brass');
    expect(resolveLlmSettings(llmConfig({ provider: 'openai', model: 'm' }), { ...env, BRASS_LLM_API_KEY: '' })?.apiKey).toBe('from-openai');
    expect(resolveLlmSettings(llmConfig({ provider: 'anthropic', model: 'm' }), { OPENAI_API_KEY: 'from-openai', ANTHROPIC_API_KEY: 'from-anthropic' })?.apiKey).toBe('from-anthropic');
    expect(resolveLlmSettings(llmConfig({ provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:1/v1' }), env)?.apiKey).toBe('from-brass');
  });

  it('fails with llm-no-key when the variable named by apiKeyEnv is unset, naming the variable', () => {
    const error = catchError(() => resolveLlmSettings(llmConfig({ provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:1/v1', apiKeyEnv: 'MY_KEY' }), { OPENAI_API_KEY: FAKE_KEY }));
    expect(error.code).toBe('llm-no-key');
    expect(error.message).toBe('the environment variable MY_KEY named by llm.apiKeyEnv is not set');
  });

  it.each([
    ['openai', 'OPENAI_API_KEY'],
    ['anthropic', 'ANTHROPIC_API_KEY'],
  ] as const)('fails with llm-no-key when %s has no key at all', (provider, variable) => {
    const error = catchError(() => resolveLlmSettings(llmConfig({ provider, model: 'm' }), { OTHER: 'x', [provider === 'openai' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY']: FAKE_KEY }));
    expect(error.code).toBe('llm-no-key');
    expect(error.message).toContain(variable);
    expect(error.message).toContain('BRASS_LLM_API_KEY');
    expect(error.message).not.toContain(FAKE_KEY);
  });

  it('fails when a provider is set without a model', () => {
    const error = catchError(() => resolveLlmSettings(llmConfig({ provider: 'openai' }), { OPENAI_API_KEY: FAKE_KEY }));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toContain('llm.model');
  });

  it('fails when openai-compatible has no base URL, with an example', () => {
    const error = catchError(() => resolveLlmSettings(llmConfig({ provider: 'openai-compatible', model: 'm' }), {}));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toContain('set llm.baseUrl or BRASS_LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1');
  });
});

function catchError(run: () => unknown): BrassError {
  try {
    run();
  } catch (error) {
    if (BrassError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}
