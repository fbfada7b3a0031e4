import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted LLM endpoint for tests and the demo: a real HTTP server on
 * 127.0.0.1 that speaks the OpenAI-compatible chat completions wire format
 * (`POST {base}/chat/completions`) and the Anthropic messages format
 * (`POST {base}/messages`), both streamed as SSE (and as plain JSON when the
 * request does not ask for a stream). Each request takes the next turn of the
 * script; a turn is a reply (text streamed in small chunks, tool calls with
 * their arguments split across chunks) or a fault (an HTTP error, a request
 * that never gets an answer, a broken stream, a tool call whose arguments are
 * not JSON, a reset connection). When the script runs out the server answers
 * HTTP 500 "script exhausted", so a test that asks for one turn too many fails
 * clearly. Dependency-free (node:http only).
 *
 * @example
 * const server = await startScriptedLlmServer({ script: [{ text: 'Hello there' }] });
 * // point an OpenAI-compatible or Anthropic client at server.baseUrl (http://127.0.0.1:PORT/v1)
 * await server.close();
 */

/** Wire format of a request, from its path. */
export type WireFormat = 'openai' | 'anthropic';

/** One tool call the scripted model makes. `arguments` is sent as is when a string, as JSON otherwise. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

/** Token counts the scripted model reports (defaults: 10 in, 5 out, 0 cached). */
export interface ScriptedUsage {
  inputTokens?: number;
  outputTokens?: number;
  cachedInputTokens?: number;
}

/** A normal answer: text (streamed in several chunks), then tool calls. */
export interface ScriptedReply {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  usage?: ScriptedUsage;
  /** Waits this long before answering (a slow model, for progress output). */
  delayMs?: number;
}

/**
 * A failure the endpoint plays instead of an answer.
 * - `http-status`: that status with `body` (a provider-shaped error by default) and an optional `Retry-After` (seconds).
 * - `hang`: the request is accepted and never answered (released by `close()`).
 * - `malformed-stream`: a 200 stream with one good text chunk, then a line that is not JSON, then the connection ends without finishing.
 * - `truncated-stream`: a 200 stream with one good text chunk, then the connection ends without finishing.
 * - `invalid-tool-json`: a tool call (default name `read_file`) whose arguments are not JSON.
 * - `reset`: the connection is destroyed before any answer.
 * - `flood-text`: a 200 stream of `bytes` of text (`x`), written as the client reads it (never all in memory);
 *   `chunkChars` per delta (default 4096), or `singleEvent: true` for one delta whose SSE line never ends
 *   until `bytes` are sent. Then the normal finish. Stops writing as soon as the client goes away; the
 *   bytes written are added to `floodBytesWritten`.
 */
export type ScriptedFault =
  | { fault: 'http-status'; status: number; body?: string | Record<string, unknown>; retryAfter?: number }
  | { fault: 'hang' }
  | { fault: 'malformed-stream' }
  | { fault: 'truncated-stream' }
  | { fault: 'invalid-tool-json'; name?: string; arguments?: string }
  | { fault: 'reset' }
  | { fault: 'flood-text'; bytes: number; chunkChars?: number; singleEvent?: boolean };

/** One turn of the script. */
export type ScriptedTurn = ScriptedReply | ScriptedFault;

/** A request as the server received it. */
export interface RecordedRequest {
  format: WireFormat;
  method: string;
  /** Path after the host, e.g. `/v1/chat/completions`. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body (`{}` when the body is not a JSON object). */
  body: Record<string, unknown>;
}

/** What the script is: a list of turns, or a function of the request and its 0-based index. */
export type Script = readonly ScriptedTurn[] | ((request: RecordedRequest, index: number) => ScriptedTurn);

/** The first user message of a recorded OpenAI-compatible request (the goal and what discovery found). */
export function firstUserMessage(request: RecordedRequest): string {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  const first = messages.find((message) => message.role === 'user');
  return typeof first?.content === 'string' ? first.content : JSON.stringify(first?.content);
}

/** Options of startScriptedLlmServer. */
export interface ScriptedLlmServerOptions {
  script: Script;
  /** Pause between streamed chunks, to watch streaming in a demo. Default 0. */
  chunkDelayMs?: number;
}

/** A running scripted server. */
export interface ScriptedLlmServer {
  /** `http://127.0.0.1:PORT/v1`: the base URL for both formats. */
  baseUrl: string;
  /** Every request received so far, in order. */
  requests: RecordedRequest[];
  /** Bytes of text the `flood-text` turns have written so far (before the client stopped reading). */
  readonly floodBytesWritten: number;
  /** Stops the server, ending hanging requests. */
  close(): Promise<void>;
}

/** Characters per streamed text chunk: small, so one answer arrives in several pieces. */
const TEXT_CHUNK_CHARS = 6;
/** Characters per streamed piece of tool-call arguments. */
const ARGUMENT_CHUNK_CHARS = 8;
const BASE_PATH = '/v1';
const MODEL_NAME = 'scripted-model';

/** Starts the server on 127.0.0.1 at a free port. */
export async function startScriptedLlmServer(options: ScriptedLlmServerOptions): Promise<ScriptedLlmServer> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const chunkDelayMs = options.chunkDelayMs ?? 0;
  const flood = { bytesWritten: 0 };

  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: `scripted server failed: ${String(error)}` } });
      else response.destroy();
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    const path = request.url ?? '/';
    const format = formatOf(path);
    if (request.method !== 'POST' || format === undefined) {
      sendJson(response, 404, { error: { message: `no route for ${request.method ?? '?'} ${path}` } });
      return;
    }
    const recorded: RecordedRequest = {
      format,
      method: request.method,
      path,
      headers: headersOf(request),
      body: parseObject(rawBody),
    };
    const index = requests.length;
    requests.push(recorded);
    const turn = nextTurn(options.script, recorded, index);
    if (turn === undefined) {
      sendError(response, format, 500, 'script exhausted: the scripted LLM server has no turn left for this request');
      return;
    }
    const isStream = recorded.body.stream === true;
    const model = typeof recorded.body.model === 'string' ? recorded.body.model : MODEL_NAME;
    const context: TurnContext = { response, format, isStream, model, index, chunkDelayMs, includeUsage: includesUsage(recorded.body), flood };
    await playTurn(turn, context, hanging);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
    requests,
    get floodBytesWritten() {
      return flood.bytesWritten;
    },
    async close() {
      for (const response of hanging) response.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface TurnContext {
  response: http.ServerResponse;
  format: WireFormat;
  isStream: boolean;
  model: string;
  index: number;
  chunkDelayMs: number;
  includeUsage: boolean;
  flood: { bytesWritten: number };
}

function nextTurn(script: Script, request: RecordedRequest, index: number): ScriptedTurn | undefined {
  if (typeof script === 'function') return script(request, index);
  return script[index];
}

async function playTurn(turn: ScriptedTurn, context: TurnContext, hanging: Set<http.ServerResponse>): Promise<void> {
  if (!('fault' in turn)) {
    await sendReply(turn, context);
    return;
  }
  switch (turn.fault) {
    case 'http-status': {
      const headers: Record<string, string> = turn.retryAfter === undefined ? {} : { 'retry-after': String(turn.retryAfter) };
      if (turn.body === undefined) sendError(context.response, context.format, turn.status, defaultErrorMessage(turn.status, context.model), headers);
      else if (typeof turn.body === 'string') sendText(context.response, turn.status, turn.body, headers);
      else sendJson(context.response, turn.status, turn.body, headers);
      return;
    }
    case 'hang':
      hanging.add(context.response);
      context.response.once('close', () => hanging.delete(context.response));
      return;
    case 'reset':
      context.response.socket?.destroy();
      return;
    case 'malformed-stream':
      await sendBrokenStream(context, '{"choices": [{"delta": {"content": "unterminated\n\n');
      return;
    case 'truncated-stream':
      await sendBrokenStream(context, '');
      return;
    case 'flood-text':
      await sendFlood(turn, context);
      return;
    case 'invalid-tool-json':
      await sendReply(
        { toolCalls: [{ name: turn.name ?? 'read_file', arguments: turn.arguments ?? '{"path": "src/index.ts", oops' }] },
        context,
      );
      return;
  }
}

/** A reply, as SSE events or one JSON body, in the request's wire format. */
async function sendReply(reply: ScriptedReply, context: TurnContext): Promise<void> {
  if (reply.delayMs !== undefined && reply.delayMs > 0) await delay(reply.delayMs);
  const toolCalls = (reply.toolCalls ?? []).map((call, position) => ({
    id: call.id ?? (context.format === 'openai' ? `call_${context.index}_${position}` : `toolu_${context.index}_${position}`),
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
  const usage = { inputTokens: reply.usage?.inputTokens ?? 10, outputTokens: reply.usage?.outputTokens ?? 5, cachedInputTokens: reply.usage?.cachedInputTokens ?? 0 };
  const text = reply.text ?? '';
  const events = context.format === 'openai' ? openAiEvents(text, toolCalls, usage, context) : anthropicEvents(text, toolCalls, usage, context);
  if (!context.isStream) {
    sendJson(context.response, 200, context.format === 'openai' ? openAiBody(text, toolCalls, usage, context) : anthropicBody(text, toolCalls, usage, context));
    return;
  }
  startStream(context.response);
  for (const event of events) {
    context.response.write(event);
    if (context.chunkDelayMs > 0) await delay(context.chunkDelayMs);
  }
  context.response.end();
}

interface WireToolCall {
  id: string;
  name: string;
  arguments: string;
}

interface WireUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
}

function openAiEvents(text: string, toolCalls: WireToolCall[], usage: WireUsage, context: TurnContext): string[] {
  const id = `chatcmpl-${context.index}`;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    sseData({ id, object: 'chat.completion.chunk', created: 0, model: context.model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const events = [chunk({ role: 'assistant', content: '' })];
  for (const piece of splitText(text, TEXT_CHUNK_CHARS)) events.push(chunk({ content: piece }));
  toolCalls.forEach((call, position) => {
    events.push(chunk({ tool_calls: [{ index: position, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of splitText(call.arguments, ARGUMENT_CHUNK_CHARS)) {
      events.push(chunk({ tool_calls: [{ index: position, function: { arguments: piece } }] }));
    }
  });
  events.push(chunk({}, toolCalls.length > 0 ? 'tool_calls' : 'stop'));
  if (context.includeUsage) {
    events.push(sseData({ id, object: 'chat.completion.chunk', created: 0, model: context.model, choices: [], usage: openAiUsage(usage) }));
  }
  events.push('data: [DONE]\n\n');
  return events;
}

function openAiBody(text: string, toolCalls: WireToolCall[], usage: WireUsage, context: TurnContext): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text };
  if (toolCalls.length > 0) {
    message.tool_calls = toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
  }
  return {
    id: `chatcmpl-${context.index}`,
    object: 'chat.completion',
    created: 0,
    model: context.model,
    choices: [{ index: 0, message, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop' }],
    usage: openAiUsage(usage),
  };
}

function openAiUsage(usage: WireUsage): Record<string, unknown> {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens },
  };
}

function anthropicEvents(text: string, toolCalls: WireToolCall[], usage: WireUsage, context: TurnContext): string[] {
  const events = [
    sseEvent('message_start', {
      type: 'message_start',
      message: {
        id: `msg_${context.index}`,
        type: 'message',
        role: 'assistant',
        model: context.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.inputTokens, output_tokens: 1, cache_read_input_tokens: usage.cachedInputTokens, cache_creation_input_tokens: 0 },
      },
    }),
  ];
  let blockIndex = 0;
  if (text !== '') {
    events.push(sseEvent('content_block_start', { type: 'content_block_start', index: blockIndex, content_block: { type: 'text', text: '' } }));
    for (const piece of splitText(text, TEXT_CHUNK_CHARS)) {
      events.push(sseEvent('content_block_delta', { type: 'content_block_delta', index: blockIndex, delta: { type: 'text_delta', text: piece } }));
    }
    events.push(sseEvent('content_block_stop', { type: 'content_block_stop', index: blockIndex }));
    blockIndex += 1;
  }
  for (const call of toolCalls) {
    events.push(
      sseEvent('content_block_start', { type: 'content_block_start', index: blockIndex, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }),
    );
    for (const piece of splitText(call.arguments, ARGUMENT_CHUNK_CHARS)) {
      events.push(sseEvent('content_block_delta', { type: 'content_block_delta', index: blockIndex, delta: { type: 'input_json_delta', partial_json: piece } }));
    }
    events.push(sseEvent('content_block_stop', { type: 'content_block_stop', index: blockIndex }));
    blockIndex += 1;
  }
  events.push(
    sseEvent('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: usage.outputTokens },
    }),
    sseEvent('message_stop', { type: 'message_stop' }),
  );
  return events;
}

function anthropicBody(text: string, toolCalls: WireToolCall[], usage: WireUsage, context: TurnContext): Record<string, unknown> {
  const content: Record<string, unknown>[] = text === '' ? [] : [{ type: 'text', text }];
  for (const call of toolCalls) content.push({ type: 'tool_use', id: call.id, name: call.name, input: parseObject(call.arguments) });
  return {
    id: `msg_${context.index}`,
    type: 'message',
    role: 'assistant',
    model: context.model,
    content,
    stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, cache_read_input_tokens: usage.cachedInputTokens, cache_creation_input_tokens: 0 },
  };
}

/** One good text chunk, then `garbage` as a data line (when not empty), then the connection ends mid-answer. */
async function sendBrokenStream(context: TurnContext, garbage: string): Promise<void> {
  startStream(context.response);
  if (context.format === 'openai') {
    context.response.write(
      sseData({ id: 'chatcmpl-broken', object: 'chat.completion.chunk', created: 0, model: context.model, choices: [{ index: 0, delta: { content: 'Partial' }, finish_reason: null }] }),
    );
  } else {
    context.response.write(
      sseEvent('message_start', {
        type: 'message_start',
        message: { id: 'msg_broken', type: 'message', role: 'assistant', model: context.model, content: [], usage: { input_tokens: 1, output_tokens: 1 } },
      }),
    );
    context.response.write(sseEvent('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
    context.response.write(sseEvent('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Partial' } }));
  }
  // Destroy only once the last bytes have been handed to the socket, so the client sees them and then a cut-off stream.
  await new Promise<void>((resolve) => {
    context.response.write(garbage === '' ? '' : `data: ${garbage}`, () => resolve());
  });
  context.response.destroy();
}

/**
 * A text answer of `turn.bytes` bytes, produced as it is written: each write
 * waits for the socket to drain, so a client that stops reading stops the
 * flood, and the server never holds more than one chunk.
 */
async function sendFlood(turn: Extract<ScriptedFault, { fault: 'flood-text' }>, context: TurnContext): Promise<void> {
  const { response } = context;
  let isClosed = false;
  response.once('close', () => (isClosed = true));
  const write = async (data: string): Promise<boolean> => {
    if (isClosed || response.destroyed) return false;
    if (!response.write(data)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.once('drain', done);
        response.once('close', done);
      });
    }
    return !isClosed && !response.destroyed;
  };
  const textEvent = (text: string): string =>
    context.format === 'openai'
      ? sseData({ id: `chatcmpl-${context.index}`, object: 'chat.completion.chunk', created: 0, model: context.model, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })
      : sseEvent('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
  const chunkChars = turn.chunkChars ?? 4096;
  startStream(response);
  if (context.format === 'anthropic') {
    const start = sseEvent('message_start', {
      type: 'message_start',
      message: { id: `msg_${context.index}`, type: 'message', role: 'assistant', model: context.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } },
    });
    if (!(await write(start + sseEvent('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })))) return;
  }
  if (turn.singleEvent === true) {
    // One event whose data line is `bytes` long: split around a marker so the text goes out in pieces.
    const [head, tail] = textEvent('\u0000').split('\\u0000') as [string, string];
    if (!(await write(head))) return;
    for (let sent = 0; sent < turn.bytes; sent += chunkChars) {
      const piece = 'x'.repeat(Math.min(chunkChars, turn.bytes - sent));
      if (!(await write(piece))) return;
      context.flood.bytesWritten += piece.length;
    }
    if (!(await write(tail))) return;
  } else {
    for (let sent = 0; sent < turn.bytes; sent += chunkChars) {
      const piece = 'x'.repeat(Math.min(chunkChars, turn.bytes - sent));
      if (!(await write(textEvent(piece)))) return;
      context.flood.bytesWritten += piece.length;
    }
  }
  const finish =
    context.format === 'openai'
      ? sseData({ id: `chatcmpl-${context.index}`, object: 'chat.completion.chunk', created: 0, model: context.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }) + 'data: [DONE]\n\n'
      : sseEvent('content_block_stop', { type: 'content_block_stop', index: 0 }) +
        sseEvent('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } }) +
        sseEvent('message_stop', { type: 'message_stop' });
  if (await write(finish)) response.end();
}

/** An error body shaped like the provider's. */
function sendError(response: http.ServerResponse, format: WireFormat, status: number, message: string, headers: Record<string, string> = {}): void {
  const body =
    format === 'anthropic'
      ? { type: 'error', error: { type: anthropicErrorType(status), message } }
      : { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } };
  sendJson(response, status, body, headers);
}

function defaultErrorMessage(status: number, model: string): string {
  switch (status) {
    case 400:
      return `This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.`;
    case 401:
      return 'Incorrect API key provided.';
    case 403:
      return 'You do not have access to this resource.';
    case 404:
      return `The model \`${model}\` does not exist or you do not have access to it.`;
    case 429:
      return 'Rate limit reached. Please try again later.';
    default:
      return status >= 500 ? 'The server had an error while processing your request.' : `request failed with status ${status}`;
  }
}

function anthropicErrorType(status: number): string {
  const types: Record<number, string> = {
    400: 'invalid_request_error',
    401: 'authentication_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    529: 'overloaded_error',
  };
  return types[status] ?? 'api_error';
}

function formatOf(path: string): WireFormat | undefined {
  const pathname = path.split('?')[0] ?? '';
  if (pathname === `${BASE_PATH}/chat/completions`) return 'openai';
  if (pathname === `${BASE_PATH}/messages`) return 'anthropic';
  return undefined;
}

function includesUsage(body: Record<string, unknown>): boolean {
  const streamOptions = body.stream_options;
  return typeof streamOptions === 'object' && streamOptions !== null && (streamOptions as Record<string, unknown>).include_usage === true;
}

function headersOf(request: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Splits text into pieces of at most `size` code points (never inside a surrogate pair). */
function splitText(text: string, size: number): string[] {
  const codePoints = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < codePoints.length; start += size) pieces.push(codePoints.slice(start, start + size).join(''));
  return pieces;
}

function startStream(response: http.ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.flushHeaders();
}

function sseData(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

function sseEvent(name: string, value: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(value)}\n\n`;
}

function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendText(response, status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
}

function sendText(response: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  response.end(body);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
