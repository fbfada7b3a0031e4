import { BrassError, InvalidInputError, clampTimerMs, type Llm, type LlmCompleteRequest, type LlmCompleteResult } from '../../core/index.js';
import type { LanguageModel } from 'ai';
import { boundResponseBytes, wireByteBound } from './bound-response-bytes.js';
import type * as SdkTurnModule from './sdk-turn.js';
import type { LlmFailure, LlmFailureContext } from './classify-llm-error.js';
import { DEFAULT_BASE_URLS } from './default-base-urls.js';
import { assertBaseUrlWithoutCredentials, displayBaseUrl } from './display-base-url.js';
import type { LlmProvider, LlmSettings } from './llm-settings.js';
import { retryDelayMs } from './retry-delay.js';

type SdkTurn = typeof SdkTurnModule;
let sdkTurn: Promise<SdkTurn> | undefined;
/** The AI SDK side, loaded once, on the first request (see sdk-turn.ts). */
const loadSdkTurn = (): Promise<SdkTurn> => (sdkTurn ??= import('./sdk-turn.js'));

/** Options of createLlm: resolved settings, plus a fetch of your own (a proxy, a recorder). */
export interface CreateLlmOptions extends LlmSettings {
  fetch?: typeof fetch;
  /** Waits between attempts; tests inject one that records the delays. Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
}

const KEY_HINTS: Record<LlmProvider, string> = {
  'openai-compatible': 'check the key in BRASS_LLM_API_KEY (or the variable named by llm.apiKeyEnv)',
  openai: 'check the key in BRASS_LLM_API_KEY or OPENAI_API_KEY (or the variable named by llm.apiKeyEnv)',
  anthropic: 'check the key in BRASS_LLM_API_KEY or ANTHROPIC_API_KEY (or the variable named by llm.apiKeyEnv)',
};

/** What to check after HTTP 401/403: the key and where it came from, or that none was sent. */
function rejectedKeyHint(options: Pick<LlmSettings, 'provider' | 'apiKey' | 'apiKeyVariable'>): string {
  if (options.apiKey === undefined || options.apiKey === '') return `no API key was sent: the endpoint wants one; set BRASS_LLM_API_KEY (or name a variable in llm.apiKeyEnv)`;
  if (options.apiKeyVariable !== undefined) return `check the key in ${options.apiKeyVariable} (that is where it came from), and that it is valid for this endpoint`;
  return KEY_HINTS[options.provider];
}

/**
 * The Llm service over the Vercel AI SDK, for an OpenAI-compatible endpoint
 * (Ollama, LM Studio, vLLM...), OpenAI (chat completions) or Anthropic
 * (messages; its base URL ends in `/v1`). Each `complete` is one streamed
 * model turn: text deltas reach `onTextDelta` as they arrive, tools are
 * offered without `execute` so the agent runs them.
 *
 * Retries are ours, not the SDK's: after HTTP 429, 5xx or a failed
 * connection, up to `maxRetries` more attempts, waiting 500 ms * 2^n or the
 * server's Retry-After (at most 20 s); never once text has been streamed
 * (that would repeat it). Each attempt has its own `timeoutMs`. A reply is
 * bounded twice: its streamed text and tool arguments by
 * outputByteBound(maxOutputTokens) (the text up to the bound is still
 * passed on), its bytes on the wire by wireByteBound(maxOutputTokens); past
 * either, reading stops with `llm-output-too-long`, never retried. Failures throw
 * BrassError `llm-<reason>` (see LlmFailureReason) with one line and a hint,
 * never containing the API key; a cancelled `request.signal` throws `aborted`
 * (or the signal's own BrassError reason). Nothing is printed.
 *
 * @throws BrassError `llm-no-key` at creation when `openai`/`anthropic` have no key; InvalidInputError when `openai-compatible` has no base URL or the base URL has a user name or password.
 *
 * @example
 * const llm = createLlm({ provider: 'openai-compatible', model: 'qwen3', baseUrl: 'http://127.0.0.1:11434/v1', timeoutMs: 120_000, maxRetries: 2, maxOutputTokens: 8192 });
 * const reply = await llm.complete({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }], onTextDelta: (delta) => process.stderr.write(delta) });
 */
export function createLlm(options: CreateLlmOptions): Llm {
  const baseUrl = options.baseUrl ?? (options.provider === 'openai-compatible' ? undefined : DEFAULT_BASE_URLS[options.provider]);
  if (baseUrl === undefined) {
    throw new InvalidInputError('llm.baseUrl', 'provider openai-compatible needs a base URL: set llm.baseUrl or BRASS_LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1');
  }
  assertBaseUrlWithoutCredentials(baseUrl);
  // Without a key the provider packages would read OPENAI_API_KEY / ANTHROPIC_API_KEY themselves.
  if (options.provider !== 'openai-compatible' && (options.apiKey === undefined || options.apiKey === '')) {
    throw new BrassError('llm-no-key', `no API key for provider ${options.provider}`, { hint: KEY_HINTS[options.provider] });
  }
  silenceSdkWarnings();
  let model: LanguageModel | undefined;
  const context: LlmFailureContext = { model: options.model, displayUrl: displayBaseUrl(baseUrl), keyHint: rejectedKeyHint(options) };
  const sleep = options.sleep ?? defaultSleep;
  const redact = (text: string): string => redactSecret(text, options.apiKey);
  // Bounds what the stream parser may buffer, even for one event that never ends (see bound-response-bytes.ts).
  const boundedFetch = boundResponseBytes((input, init) => (options.fetch ?? globalThis.fetch)(input, init), wireByteBound(options.maxOutputTokens), options.maxOutputTokens);

  return {
    async complete(request: LlmCompleteRequest): Promise<LlmCompleteResult> {
      const { classifyLlmError, createLanguageModel, StreamAbortedError, streamTurn } = await loadSdkTurn();
      model ??= createLanguageModel({ provider: options.provider, model: options.model, baseUrl, apiKey: options.apiKey, fetch: boundedFetch });
      let hasStreamedText = false;
      let callbackFailure: { error: unknown } | undefined;
      const onTextDelta = (delta: string): void => {
        hasStreamedText = true;
        try {
          request.onTextDelta?.(delta);
        } catch (error) {
          callbackFailure = { error };
          throw error;
        }
      };

      for (let attempt = 0; ; attempt += 1) {
        throwIfCancelled(request.signal);
        // Clamped: a delay past Node's 32-bit timer would abort every attempt at once.
        const timeout = AbortSignal.timeout(clampTimerMs(options.timeoutMs));
        const signal = request.signal === undefined ? timeout : AbortSignal.any([request.signal, timeout]);
        try {
          return await streamTurn({ model, request, maxOutputTokens: options.maxOutputTokens, signal, cacheSystemPrompt: options.provider === 'anthropic', onTextDelta });
        } catch (error) {
          if (callbackFailure !== undefined) throw callbackFailure.error;
          throwIfCancelled(request.signal);
          if (timeout.aborted) {
            throw new BrassError('llm-timeout', `the model gave no complete answer within ${formatSeconds(options.timeoutMs)}`, {
              cause: error,
              hint: 'raise llm.timeoutMs for slow models, or check that the endpoint is answering',
            });
          }
          if (BrassError.isInstance(error)) throw error;
          // The SDK wraps a failing response body (the wire bound) in its own error.
          const outputLimit = outputLimitErrorIn(error);
          if (outputLimit !== undefined) throw outputLimit;
          if (error instanceof StreamAbortedError) throw new BrassError('llm-bad-response', 'the model stream was aborted by the endpoint', { cause: error });
          const failure = classifyLlmError(error, context);
          if (failure === undefined) throw error;
          if (!failure.isRetryable || hasStreamedText || attempt >= options.maxRetries) {
            throw toBrassError(failure, { attempts: attempt + 1, hasStreamedText, cause: error, redact });
          }
          await sleepUnlessCancelled(sleep, retryDelayMs(attempt, failure.responseHeaders), request.signal);
        }
      }
    },
  };
}

function toBrassError(failure: LlmFailure, details: { attempts: number; hasStreamedText: boolean; cause: unknown; redact: (text: string) => string }): BrassError {
  let message = failure.message;
  if (failure.isRetryable && details.hasStreamedText) message += ' (after part of the answer had been streamed, so it was not retried)';
  else if (failure.isRetryable && details.attempts > 1) message += ` (gave up after ${details.attempts} attempts)`;
  return new BrassError(`llm-${failure.reason}`, details.redact(message), {
    cause: details.cause,
    ...(failure.hint === undefined ? {} : { hint: details.redact(failure.hint) }),
  });
}

/** The `llm-output-too-long` BrassError somewhere in the cause chain of `error`, if any. */
function outputLimitErrorIn(error: unknown): BrassError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (BrassError.isInstance(current) && current.code === 'llm-output-too-long') return current;
    current = current.cause;
  }
  return undefined;
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted !== true) return;
  if (BrassError.isInstance(signal.reason)) throw signal.reason;
  throw new BrassError('aborted', 'the model request was cancelled', { cause: signal.reason });
}

async function sleepUnlessCancelled(sleep: (ms: number) => Promise<void>, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) {
    await sleep(ms);
    return;
  }
  let onAbort: (() => void) | undefined;
  const cancelled = new Promise<void>((resolve) => {
    onAbort = resolve;
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([sleep(ms), cancelled]);
  } finally {
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
  throwIfCancelled(signal);
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Shorter "keys" (local endpoints often take any word, such as "ollama") are not secrets, and redacting them would garble messages. */
const MIN_REDACTED_KEY_CHARS = 8;

function redactSecret(text: string, secret: string | undefined): string {
  return secret === undefined || secret.length < MIN_REDACTED_KEY_CHARS ? text : text.split(secret).join('[redacted]');
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`;
}

/**
 * The AI SDK prints provider warnings to the console unless this global is
 * set; adapters never print. A value someone set on purpose is left alone.
 */
function silenceSdkWarnings(): void {
  if (globalThis.AI_SDK_LOG_WARNINGS === undefined) globalThis.AI_SDK_LOG_WARNINGS = false;
}
