/** The Llm service: one completion request. Providers come with the agent. */

export type LlmMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string; isError?: boolean };

export interface LlmToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the tool's input. */
  inputSchema: Record<string, unknown>;
}

export interface LlmToolCall {
  id: string;
  name: string;
  input: unknown;
}

export interface LlmCompleteRequest {
  system: string;
  messages: readonly LlmMessage[];
  tools?: readonly LlmToolDefinition[];
  maxOutputTokens?: number;
  /**
   * Called with each piece of the model's text as it streams in, before the
   * request resolves. Tool calls arrive whole, in the result.
   */
  onTextDelta?: (delta: string) => void;
  signal?: AbortSignal;
}

export interface LlmCompleteResult {
  text: string;
  toolCalls: LlmToolCall[];
  finishReason: 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';
  usage: { inputTokens: number | null; outputTokens: number | null; cachedInputTokens?: number | null };
}

/**
 * Why a model request failed, for a one-line message and the right reaction
 * (an adapter throws `BrassError` with code `llm-<reason>`): `no-key` (the
 * key variable is unset), `unreachable` (connection refused, DNS), `auth`
 * (401/403), `model-not-found`, `context-too-long`, `rate-limited` (429 after
 * the retries), `server` (5xx after the retries), `timeout`, `bad-response`
 * (malformed stream or body), `bad-request` (any other 4xx),
 * `output-too-long` (the reply passed the byte bound derived from the output
 * token limit; the adapter stopped reading it).
 */
export type LlmFailureReason =
  | 'no-key'
  | 'unreachable'
  | 'auth'
  | 'model-not-found'
  | 'context-too-long'
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'bad-response'
  | 'bad-request'
  | 'output-too-long';

export interface Llm {
  complete(request: LlmCompleteRequest): Promise<LlmCompleteResult>;
}
