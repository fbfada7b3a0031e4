import type { ModelMessage, ToolResultPart } from 'ai';
import type { LlmMessage } from '../../core/index.js';

/**
 * Maps our conversation to the AI SDK's messages: assistant tool calls become
 * `tool-call` parts, and each run of consecutive tool results becomes one
 * `tool` message (the SDK's providers expand or merge it as their wire format
 * needs). A failed tool's result is sent as `error-text`.
 */
export function toModelMessages(messages: readonly LlmMessage[]): ModelMessage[] {
  const result: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      result.push({ role: 'user', content: message.content });
      continue;
    }
    if (message.role === 'assistant') {
      const toolCalls = message.toolCalls ?? [];
      if (toolCalls.length === 0) {
        result.push({ role: 'assistant', content: message.content });
        continue;
      }
      result.push({
        role: 'assistant',
        content: [
          ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }]),
          ...toolCalls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: call.input })),
        ],
      });
      continue;
    }
    const part: ToolResultPart = {
      type: 'tool-result',
      toolCallId: message.toolCallId,
      toolName: message.toolName,
      output: message.isError === true ? { type: 'error-text', value: message.content } : { type: 'text', value: message.content },
    };
    const previous = result.at(-1);
    if (previous?.role === 'tool') previous.content.push(part);
    else result.push({ role: 'tool', content: [part] });
  }
  return result;
}
