import { AISDKError, APICallError, JSONParseError, TypeValidationError } from 'ai';
import type { LlmFailureReason } from '../../core/index.js';

/** A model request failure, classified: what to tell people and whether another attempt may help. */
export interface LlmFailure {
  reason: LlmFailureReason;
  /** One line; the caller adds "after N attempts" when retries ran out. */
  message: string;
  hint?: string;
  /** HTTP 429, 5xx and connection failures are worth another attempt. */
  isRetryable: boolean;
  /** Response headers of an HTTP error, for Retry-After. */
  responseHeaders?: Record<string, string>;
}

/** What a message may name: the model, and the base URL without credentials or query. */
export interface LlmFailureContext {
  model: string;
  displayUrl: string;
  keyHint: string;
}

const CONTEXT_TOO_LONG_PATTERN = /context length|context window|maximum context|too long|too many tokens|prompt is too long|request too large/i;
const MODEL_NOT_FOUND_PATTERN = /model\b[^\n]*\b(not found|does not exist|not exist)|no such model|unknown model|model_not_found/i;
const BASE_URL_HINT = 'check llm.baseUrl; for Ollama: http://127.0.0.1:11434/v1';
const PROVIDER_MESSAGE_MAX_CHARS = 200;

/** Network error codes (Node and undici) and what they mean, for the one-line message. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers',
  UND_ERR_BODY_TIMEOUT: 'the response stalled',
  ConnectionRefused: 'connection refused',
  ConnectionClosed: 'connection closed',
  FailedToOpenSocket: 'connection refused',
};

/**
 * Classifies what a streamText attempt threw (or put in an `error` part).
 * Returns undefined for errors that are neither from the AI SDK nor from the
 * network: those are bugs and are rethrown as they are.
 */
export function classifyLlmError(error: unknown, context: LlmFailureContext): LlmFailure | undefined {
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  if (APICallError.isInstance(error) && status !== undefined && status >= 400) return classifyHttpError(error, status, context);
  const network = findNetworkCode(error);
  if (network !== undefined) {
    // No status means the request never got a response; with one, the answer broke off while streaming.
    if (APICallError.isInstance(error) && status === undefined) {
      return { reason: 'unreachable', message: `cannot reach ${context.displayUrl}: ${network}`, hint: BASE_URL_HINT, isRetryable: true };
    }
    return { reason: 'bad-response', message: `the answer from ${context.displayUrl} broke off: ${network}`, isRetryable: true };
  }
  if (AISDKError.isInstance(error)) {
    return { reason: 'bad-response', message: `${context.displayUrl} sent a malformed answer: ${describeSdkError(error)}`, isRetryable: false };
  }
  return undefined;
}

function classifyHttpError(error: APICallError, status: number, context: LlmFailureContext): LlmFailure {
  const body = `${error.responseBody ?? ''}\n${error.message}`;
  const headers = error.responseHeaders === undefined ? {} : { responseHeaders: error.responseHeaders };
  if (status === 401 || status === 403) {
    return { reason: 'auth', message: `the endpoint rejected the API key (HTTP ${status})`, hint: context.keyHint, isRetryable: false };
  }
  if (status === 429) return { reason: 'rate-limited', message: `the endpoint is rate-limiting requests (HTTP 429)`, hint: 'wait a little and run again, or raise llm.maxRetries', isRetryable: true, ...headers };
  if (status >= 500) {
    return { reason: 'server', message: `the endpoint failed with HTTP ${status}: ${providerMessage(error)}`, hint: 'the provider has a problem; try again later', isRetryable: true, ...headers };
  }
  if (status === 404 || MODEL_NOT_FOUND_PATTERN.test(body)) {
    return {
      reason: 'model-not-found',
      message: `model ${JSON.stringify(context.model)} not found at ${context.displayUrl} (HTTP ${status})`,
      hint: 'check llm.model (for Ollama: ollama pull <model>) and llm.baseUrl (it usually ends in /v1)',
      isRetryable: false,
    };
  }
  if (CONTEXT_TOO_LONG_PATTERN.test(body)) {
    return {
      reason: 'context-too-long',
      message: `the conversation is too long for model ${JSON.stringify(context.model)} (HTTP ${status})`,
      hint: 'narrow the goal, lower context limits, or use a model with a larger context window',
      isRetryable: false,
    };
  }
  return { reason: 'bad-request', message: `the endpoint refused the request (HTTP ${status}): ${providerMessage(error)}`, isRetryable: false };
}

/** The provider's own error message (OpenAI and Anthropic both use `error.message`), one line, capped. */
function providerMessage(error: APICallError): string {
  const data = error.data;
  let message = error.message;
  if (typeof data === 'object' && data !== null && 'error' in data) {
    const inner = (data as { error: unknown }).error;
    if (typeof inner === 'object' && inner !== null && typeof (inner as { message?: unknown }).message === 'string') message = (inner as { message: string }).message;
  } else if (error.responseBody !== undefined && error.responseBody.trim() !== '' && message.trim() === '') {
    message = error.responseBody;
  }
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > PROVIDER_MESSAGE_MAX_CHARS ? `${line.slice(0, PROVIDER_MESSAGE_MAX_CHARS)}...` : line;
}

/** What was wrong with a successful response, without echoing the raw stream (it can be long). */
function describeSdkError(error: AISDKError): string {
  if (JSONParseError.isInstance(error)) return 'a stream chunk is not valid JSON';
  if (TypeValidationError.isInstance(error)) return 'a stream chunk does not have the expected shape';
  const firstLine = (error.message.split('\n')[0] ?? '').trim();
  const short = firstLine.length > PROVIDER_MESSAGE_MAX_CHARS ? `${firstLine.slice(0, PROVIDER_MESSAGE_MAX_CHARS)}...` : firstLine;
  return short === '' ? error.name : short;
}

/** The first known network error code in the cause chain (and in AggregateError members). */
function findNetworkCode(error: unknown, depth = 0): string | undefined {
  if (depth > 8 || typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code in NETWORK_CODES) return NETWORK_CODES[code];
  if (error instanceof AggregateError) {
    for (const member of error.errors) {
      const found = findNetworkCode(member, depth + 1);
      if (found !== undefined) return found;
    }
  }
  // undici reports a body cut off mid-stream as TypeError "terminated" with the socket error as cause.
  if (error instanceof TypeError && error.message === 'terminated' && (error as { cause?: unknown }).cause === undefined) return NETWORK_CODES.UND_ERR_SOCKET;
  return findNetworkCode((error as { cause?: unknown }).cause, depth + 1);
}
