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
  signal?: AbortSignal;
}

export interface LlmCompleteResult {
  text: string;
  toolCalls: LlmToolCall[];
  finishReason: 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';
  usage: { inputTokens: number | null; outputTokens: number | null };
}

export interface Llm {
  complete(request: LlmCompleteRequest): Promise<LlmCompleteResult>;
}
