import { streamText, type LanguageModel, type SystemModelMessage } from 'ai';
import type { LlmCompleteRequest, LlmCompleteResult, LlmToolCall } from '../../core/index.js';
import { BrassError, invalidToolInput } from '../../core/index.js';
import { toModelMessages } from './to-model-messages.js';
import { toToolSet } from './to-tool-set.js';

/**
 * Bytes of streamed output (text, reasoning, tool-call arguments, in UTF-8)
 * one reply may carry per output token it is allowed: a token is a few
 * bytes, rarely more than 16 (a run of spaces), so a reply past
 * `maxOutputTokens * MAX_OUTPUT_BYTES_PER_TOKEN` comes from an endpoint that
 * ignores the limit.
 */
export const MAX_OUTPUT_BYTES_PER_TOKEN = 16;

/** The byte bound of one reply allowed `maxOutputTokens` tokens (see MAX_OUTPUT_BYTES_PER_TOKEN). */
export function outputByteBound(maxOutputTokens: number): number {
  return maxOutputTokens * MAX_OUTPUT_BYTES_PER_TOKEN;
}

/** One attempt: the model, the request, and where streamed text goes. */
export interface StreamTurnOptions {
  model: LanguageModel;
  request: LlmCompleteRequest;
  maxOutputTokens: number;
  /** Aborts the attempt (its timeout merged with the caller's signal). */
  signal: AbortSignal;
  /** Anthropic caches the prompt prefix up to a block marked with cache control: the system prompt. */
  cacheSystemPrompt: boolean;
  /** Receives each text delta; may throw (the caller's callback), which ends the attempt with that error. */
  onTextDelta: (delta: string) => void;
}

/** Signals that the stream was aborted; the caller tells a timeout from a cancellation by its signals. */
export class StreamAbortedError extends Error {
  constructor() {
    super('the model stream was aborted');
    this.name = 'StreamAbortedError';
  }
}

/**
 * Runs one model turn through streamText and collects it: text deltas go out
 * as they arrive, tool calls are gathered whole, finish reason and usage come
 * from the finish part. The SDK's own retries are off (the caller retries),
 * and an `error` part ends the attempt by throwing its error. A tool call
 * whose arguments are not JSON becomes a call with the invalid-JSON marker
 * input instead of a failure. The reply's streamed bytes (text, reasoning,
 * tool arguments) are bounded by outputByteBound(maxOutputTokens): text up
 * to the bound is passed on, then the request is aborted and BrassError
 * `llm-output-too-long` thrown, so no reply is ever held whole past it.
 */
export async function streamTurn(options: StreamTurnOptions): Promise<LlmCompleteResult> {
  const { request } = options;
  const tools = toToolSet(request.tools);
  const maxOutputTokens = request.maxOutputTokens ?? options.maxOutputTokens;
  const maxBytes = outputByteBound(maxOutputTokens);
  // Aborted when the reply passes its byte bound, so the SDK stops reading the response too.
  const stop = new AbortController();
  const result = streamText({
    model: options.model,
    // An empty system block (let alone a cached one) is rejected by Anthropic.
    ...(request.system === '' ? {} : { system: systemMessage(request.system, options.cacheSystemPrompt) }),
    messages: toModelMessages(request.messages),
    ...(tools === undefined ? {} : { tools }),
    maxOutputTokens,
    maxRetries: 0,
    abortSignal: AbortSignal.any([options.signal, stop.signal]),
    // The default handler prints to the console; errors reach us as `error` parts instead.
    onError: () => undefined,
  });

  let text = '';
  let outputBytes = 0;
  const toolCalls: LlmToolCall[] = [];
  /** Counts `delta` against the bound; past it, aborts the request and throws. Returns the part of `delta` within the bound. */
  const admit = (delta: string): string => {
    const bytes = Buffer.byteLength(delta, 'utf8');
    if (outputBytes + bytes <= maxBytes) {
      outputBytes += bytes;
      return delta;
    }
    return prefixWithinBytes(delta, maxBytes - outputBytes);
  };
  const fail = (): never => {
    stop.abort();
    throw new BrassError('llm-output-too-long', `the model's reply passed ${maxBytes} bytes, the bound for llm.maxOutputTokens ${maxOutputTokens}; stopped reading it`, {
      hint: 'the endpoint did not stop at the output token limit; check its settings, or raise llm.maxOutputTokens for longer replies',
    });
  };
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta': {
        if (part.text === '') break;
        const admitted = admit(part.text);
        if (admitted !== '') {
          text += admitted;
          options.onTextDelta(admitted);
        }
        if (admitted !== part.text) fail();
        break;
      }
      case 'reasoning-delta':
        if (admit(part.text) !== part.text) fail();
        break;
      case 'tool-input-delta':
        if (admit(part.delta) !== part.delta) fail();
        break;
      case 'tool-call':
        toolCalls.push({ id: part.toolCallId, name: part.toolName, input: toolCallInput(part) });
        break;
      case 'error':
        throw part.error;
      case 'abort':
        throw new StreamAbortedError();
      case 'finish':
        return {
          text,
          toolCalls,
          finishReason: part.finishReason,
          usage: {
            inputTokens: part.totalUsage.inputTokens ?? null,
            outputTokens: part.totalUsage.outputTokens ?? null,
            cachedInputTokens: part.totalUsage.inputTokenDetails.cacheReadTokens ?? null,
          },
        };
      default:
        // tool-error parts for invalid calls are covered by the marker input; the rest carries nothing we report.
        break;
    }
  }
  throw new BrassError('llm-bad-response', 'the model stream ended without a finish event');
}

/** The longest prefix of `text` whose UTF-8 form fits in `maxBytes` (never half a character). */
function prefixWithinBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}

function systemMessage(system: string, isCached: boolean): string | SystemModelMessage {
  if (!isCached) return system;
  return { role: 'system', content: system, providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } };
}

/**
 * The call's input. The SDK marks a call `invalid` when its arguments do not
 * parse (the input is then the raw text) or its tool is unknown (the input is
 * then parsed): only the first becomes the invalid-JSON marker.
 */
function toolCallInput(call: { input: unknown; invalid?: boolean }): unknown {
  if (call.invalid === true && typeof call.input === 'string') return invalidToolInput(call.input);
  return call.input;
}
