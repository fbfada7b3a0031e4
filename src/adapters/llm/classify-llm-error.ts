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
const OLLAMA_BASE_URL_EXAMPLE = 'for Ollama: http://127.0.0.1:11434/v1';
const PROVIDER_MESSAGE_MAX_CHARS = 200;

/** What kind of network failure a code is: each kind has its own hint. */
type NetworkKind = 'refused' | 'dns' | 'timeout' | 'route' | 'closed' | 'tls' | 'not-tls';

/** Network error codes (Node and undici): the words for the one-line message, and the kind. */
const NETWORK_CODES: Record<string, { text: string; kind: NetworkKind }> = {
  ECONNREFUSED: { text: 'connection refused', kind: 'refused' },
  ENOTFOUND: { text: 'host not found', kind: 'dns' },
  EAI_AGAIN: { text: 'host not found (DNS lookup failed)', kind: 'dns' },
  ECONNRESET: { text: 'connection reset', kind: 'closed' },
  ETIMEDOUT: { text: 'connection timed out', kind: 'timeout' },
  EHOSTUNREACH: { text: 'host unreachable', kind: 'route' },
  ENETUNREACH: { text: 'network unreachable', kind: 'route' },
  EPIPE: { text: 'connection closed', kind: 'closed' },
  UND_ERR_SOCKET: { text: 'connection closed', kind: 'closed' },
  UND_ERR_CONNECT_TIMEOUT: { text: 'connection timed out', kind: 'timeout' },
  UND_ERR_HEADERS_TIMEOUT: { text: 'no response headers', kind: 'timeout' },
  UND_ERR_BODY_TIMEOUT: { text: 'the response stalled', kind: 'timeout' },
  ConnectionRefused: { text: 'connection refused', kind: 'refused' },
  ConnectionClosed: { text: 'connection closed', kind: 'closed' },
  FailedToOpenSocket: { text: 'connection refused', kind: 'refused' },
  ERR_SSL_WRONG_VERSION_NUMBER: { text: 'the server does not speak TLS', kind: 'not-tls' },
  DEPTH_ZERO_SELF_SIGNED_CERT: { text: 'its TLS certificate is self-signed', kind: 'tls' },
  SELF_SIGNED_CERT_IN_CHAIN: { text: 'its TLS certificate chain is self-signed', kind: 'tls' },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: { text: 'its TLS certificate is not trusted', kind: 'tls' },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: { text: 'its TLS certificate issuer is not trusted', kind: 'tls' },
  CERT_HAS_EXPIRED: { text: 'its TLS certificate has expired', kind: 'tls' },
  ERR_TLS_CERT_ALTNAME_INVALID: { text: 'its TLS certificate is for another host name', kind: 'tls' },
};

/** Kinds worth another attempt: the server may be starting, the network may come back. A TLS mismatch or an unknown cause will not change. */
const RETRYABLE_KINDS: ReadonlySet<NetworkKind> = new Set(['refused', 'dns', 'timeout', 'route', 'closed']);

/** The hint for a request that got no response, by what went wrong. */
function unreachableHint(kind: NetworkKind | undefined): string {
  switch (kind) {
    case 'refused':
      return `is the server running? check llm.baseUrl (${OLLAMA_BASE_URL_EXAMPLE})`;
    case 'dns':
      return 'check the host name in llm.baseUrl (or BRASS_LLM_BASE_URL) and the network';
    case 'timeout':
      return 'the endpoint did not answer in time: check the network, a proxy or firewall, and llm.baseUrl';
    case 'route':
      return 'check the network connection and the host in llm.baseUrl';
    case 'not-tls':
      return 'llm.baseUrl says https but the server answers plain HTTP: use http:// (local servers usually do)';
    case 'tls':
      return 'check the host in llm.baseUrl; for a private certificate authority, point NODE_EXTRA_CA_CERTS at its certificate';
    default:
      return `check that the server is running and that llm.baseUrl is right (${OLLAMA_BASE_URL_EXAMPLE})`;
  }
}

/**
 * Classifies what a streamText attempt threw (or put in an `error` part).
 * Returns undefined for errors that are neither from the AI SDK nor from the
 * network: those are bugs and are rethrown as they are.
 */
export function classifyLlmError(error: unknown, context: LlmFailureContext): LlmFailure | undefined {
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  if (APICallError.isInstance(error) && status !== undefined && status >= 400) return classifyHttpError(error, status, context);
  const network = findNetworkCode(error);
  // No status means the request never got a response (whatever the cause says, e.g. undici's "bad port"), so it is not a malformed answer.
  if (APICallError.isInstance(error) && status === undefined) {
    const why = network?.text ?? innermostMessage(error);
    const isRetryable = network !== undefined && RETRYABLE_KINDS.has(network.kind);
    return { reason: 'unreachable', message: `cannot reach ${context.displayUrl}: ${why}`, hint: unreachableHint(network?.kind), isRetryable };
  }
  // With a status, the answer broke off while streaming.
  if (network !== undefined) return { reason: 'bad-response', message: `the answer from ${context.displayUrl} broke off: ${network.text}`, isRetryable: true };
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
    // A bare 404 (no model error in the body) usually means the path is wrong, e.g. a base URL without /v1.
    const isModelNamed = MODEL_NOT_FOUND_PATTERN.test(body);
    return {
      reason: 'model-not-found',
      message: isModelNamed
        ? `model ${JSON.stringify(context.model)} not found at ${context.displayUrl} (HTTP ${status})`
        : `model ${JSON.stringify(context.model)} or the API path not found at ${context.displayUrl} (HTTP ${status})`,
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

/** The message at the end of the cause chain (the one that says what happened), one line, capped. */
function innermostMessage(error: Error): string {
  let current: Error = error;
  for (let depth = 0; depth < 8 && current.cause instanceof Error; depth += 1) current = current.cause;
  const line = current.message.replace(/\s+/g, ' ').trim();
  if (line === '') return 'no response';
  return line.length > PROVIDER_MESSAGE_MAX_CHARS ? `${line.slice(0, PROVIDER_MESSAGE_MAX_CHARS)}...` : line;
}

/** The first known network error code in the cause chain (and in AggregateError members). */
function findNetworkCode(error: unknown, depth = 0): (typeof NETWORK_CODES)[string] | undefined {
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
