import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer, type ScriptedLlmServerOptions } from './support/scripted-llm-server.js';

const servers: ScriptedLlmServer[] = [];

async function start(options: ScriptedLlmServerOptions): Promise<ScriptedLlmServer> {
  const server = await startScriptedLlmServer(options);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function post(url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' }, body: JSON.stringify(body), ...(signal ? { signal } : {}) });
}

/** The JSON payloads of an SSE body's `data:` lines, without `[DONE]`. */
function sseData(body: string): Record<string, unknown>[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);
}

describe('scripted LLM server', () => {
  it('streams OpenAI chat completion chunks: text in several pieces, tool-call arguments split, usage, [DONE]', async () => {
    const server = await start({ script: [{ text: 'Hello from the script', toolCalls: [{ id: 'call_1', name: 'read_file', arguments: { path: 'src/index.ts' } }] }] });
    const response = await post(`${server.baseUrl}/chat/completions`, { model: 'm', stream: true, stream_options: { include_usage: true }, messages: [] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = await response.text();
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);

    const chunks = sseData(body);
    type Choice = { delta: { content?: string; tool_calls?: { function: { arguments?: string } }[] }; finish_reason: string | null };
    const choices = chunks.flatMap((chunk) => chunk.choices as Choice[]);
    const textPieces = choices.map((choice) => choice.delta.content ?? '').filter((piece) => piece !== '');
    expect(textPieces.length).toBeGreaterThan(1);
    expect(textPieces.join('')).toBe('Hello from the script');
    const argumentPieces = choices.flatMap((choice) => choice.delta.tool_calls ?? []).map((call) => call.function.arguments ?? '');
    expect(argumentPieces.filter((piece) => piece !== '').length).toBeGreaterThan(1);
    expect(JSON.parse(argumentPieces.join(''))).toEqual({ path: 'src/index.ts' });
    expect(choices.at(-1)?.finish_reason).toBe('tool_calls');
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ format: 'openai', method: 'POST', path: '/v1/chat/completions', body: { model: 'm', stream: true } });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer test-key');
  });

  it('streams Anthropic message events and answers plain JSON when no stream is asked for', async () => {
    const server = await start({ script: [{ text: 'Hi there, person' }, { text: 'Plain', toolCalls: [{ name: 'search_text', arguments: { query: 'x' } }] }] });
    const streamed = await (await post(`${server.baseUrl}/messages`, { model: 'claude', stream: true, messages: [] })).text();
    const events = [...streamed.matchAll(/^event: (\S+)$/gm)].map((match) => match[1]);
    expect(events[0]).toBe('message_start');
    expect(events.at(-1)).toBe('message_stop');
    const deltas = sseData(streamed).filter((event) => event.type === 'content_block_delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => (event.delta as { text: string }).text).join('')).toBe('Hi there, person');

    const plain = (await (await post(`${server.baseUrl}/messages`, { model: 'claude', messages: [] })).json()) as Record<string, unknown>;
    expect(plain).toMatchObject({ type: 'message', stop_reason: 'tool_use', content: [{ type: 'text', text: 'Plain' }, { type: 'tool_use', name: 'search_text', input: { query: 'x' } }] });
    expect(server.requests.map((request) => request.format)).toEqual(['anthropic', 'anthropic']);
  });

  it('answers HTTP 500 "script exhausted" when the script has no turn left', async () => {
    const server = await start({ script: [] });
    const response = await post(`${server.baseUrl}/chat/completions`, { model: 'm', messages: [] });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('script exhausted');
  });

  it('plays an HTTP status fault with Retry-After, and lets a script function see the request', async () => {
    const server = await start({
      script: (request, index) => (index === 0 ? { fault: 'http-status', status: 429, retryAfter: 3 } : { text: `model was ${String(request.body.model)}` }),
    });
    const limited = await post(`${server.baseUrl}/chat/completions`, { model: 'first', messages: [] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    const answered = (await (await post(`${server.baseUrl}/chat/completions`, { model: 'second', messages: [] })).json()) as { choices: { message: { content: string } }[] };
    expect(answered.choices[0]?.message.content).toBe('model was second');
  });

  it('leaves a hanging request unanswered until close() ends it', async () => {
    const server = await start({ script: [{ fault: 'hang' }] });
    const pending = post(`${server.baseUrl}/chat/completions`, { model: 'm', messages: [] }).then(
      () => 'answered',
      () => 'failed',
    );
    await expect.poll(() => server.requests.length).toBe(1);
    await server.close();
    expect(await pending).toBe('failed');
  });

  it('answers an unknown path with 404', async () => {
    const server = await start({ script: [{ text: 'unused' }] });
    const response = await post(`${server.baseUrl}/embeddings`, {});
    expect(response.status).toBe(404);
    expect(server.requests).toHaveLength(0);
  });
});
