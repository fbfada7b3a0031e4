import { streamText, type LanguageModel, type SystemModelMessage } from 'ai';
import type { LlmCompleteRequest, LlmCompleteResult, LlmToolCall } from '../../core/index.js';
import { BrassError, invalidToolInput } from '../../core/index.js';
import { toModelMessages } from './to-model-messages.js';
import { toToolSet } from './to-tool-set.js';

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
 * input instead of a failure.
 */
export async function streamTurn(options: StreamTurnOptions): Promise<LlmCompleteResult> {
  const { request } = options;
  const tools = toToolSet(request.tools);
  const result = streamText({
    model: options.model,
    // An empty system block (let alone a cached one) is rejected by Anthropic.
    ...(request.system === '' ? {} : { system: systemMessage(request.system, options.cacheSystemPrompt) }),
    messages: toModelMessages(request.messages),
    ...(tools === undefined ? {} : { tools }),
    maxOutputTokens: request.maxOutputTokens ?? options.maxOutputTokens,
    maxRetries: 0,
    abortSignal: options.signal,
    // The default handler prints to the console; errors reach us as `error` parts instead.
    onError: () => undefined,
  });

  let text = '';
  const toolCalls: LlmToolCall[] = [];
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta':
        if (part.text === '') break;
        text += part.text;
        options.onTextDelta(part.text);
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
