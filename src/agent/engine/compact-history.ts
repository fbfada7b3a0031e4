import { BrassError, type LlmMessage } from '../../core/index.js';
import type { AgentSession } from '../session/index.js';

/** Share of the context window the history may fill before older turns are compacted. */
export const COMPACT_AT_SHARE = 0.8;
/** Turns kept word for word by an automatic compaction (a forced one keeps one). */
export const KEPT_TURNS = 2;
/** Most tokens the summary may take. */
const MAX_SUMMARY_TOKENS = 4096;

const SUMMARY_REQUEST = [
  'The conversation so far will be replaced by your summary of it, to save context. Write that summary now, for yourself: no tool calls.',
  'Keep what you need to go on: the goals the person stated and their corrections, decisions made, files read or changed (paths, what and why),',
  'commands run and their results, what is pending or unresolved. Be concise and factual; use lists.',
].join(' ');

/** The two messages that stand for the compacted turns at the start of the history. */
export function summaryPrefix(summary: string): LlmMessage[] {
  return [
    { role: 'user', content: `Summary of our earlier conversation (older turns were compacted to save context):\n\n${summary.trim()}` },
    { role: 'assistant', content: 'Understood: I will continue from this summary.' },
  ];
}

/**
 * Asks the model for a summary of `messages` (the turns to compact) with
 * the session's own system prompt, byte for byte (the prompt cache stays
 * warm; nothing is spliced into it), and no tools. Returns the redacted
 * summary text. Throws BrassError when the model fails or says nothing.
 */
export async function summarizeTurns(session: AgentSession, messages: readonly LlmMessage[], options: { maxOutputTokens: number; signal?: AbortSignal }): Promise<{ text: string; inputTokens: number; outputTokens: number }> {
  const observation = await session.runtime.execute(
    {
      kind: 'llm.complete',
      request: { system: session.systemPrompt, messages: [...messages, { role: 'user', content: SUMMARY_REQUEST }], maxOutputTokens: Math.min(MAX_SUMMARY_TOKENS, options.maxOutputTokens) },
    },
    options.signal ? { signal: options.signal } : {},
  );
  if (!observation.ok) throw new BrassError(observation.error.code === 'aborted' ? 'aborted' : 'llm-error', `the summary for compaction failed: ${session.redact(observation.error.message)}`);
  const text = session.redact(observation.value.text).trim();
  if (text.length === 0) throw new BrassError('llm-error', 'the summary for compaction failed: the model returned no text');
  return { text, inputTokens: observation.value.usage.inputTokens ?? 0, outputTokens: observation.value.usage.outputTokens ?? 0 };
}

/** A rough token count (4 characters a token) for when the provider reports none. */
export function estimateTokens(system: string, messages: readonly LlmMessage[]): number {
  let characters = system.length;
  for (const message of messages) {
    characters += message.content.length;
    if (message.role === 'assistant' && message.toolCalls !== undefined) characters += JSON.stringify(message.toolCalls).length;
  }
  return Math.ceil(characters / 4);
}
