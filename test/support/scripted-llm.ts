import { BrassError, type Llm, type LlmCompleteRequest, type LlmCompleteResult, type LlmMessage } from '../../src/core/index.js';

/** One scripted model turn: text (streamed in pieces) and tool calls; or a turn that waits until it is aborted. */
export type ScriptedReply =
  | {
      text?: string;
      toolCalls?: { id?: string; name: string; input: unknown }[];
      usage?: { inputTokens?: number | null; outputTokens?: number | null };
      finishReason?: LlmCompleteResult['finishReason'];
    }
  | { hang: true };

/** A turn, or a function of the request that decides it (for several sessions sharing one model). */
export type ScriptedStep = ScriptedReply | ((request: RecordedLlmRequest, index: number) => ScriptedReply | Promise<ScriptedReply>);

/** A request as the model got it: a snapshot, not the caller's live arrays. */
export interface RecordedLlmRequest {
  system: string;
  messages: LlmMessage[];
  toolNames: string[];
  maxOutputTokens: number | undefined;
}

/**
 * An in-process Llm that replays scripted turns and records every request,
 * for unit tests of the agent loop (the HTTP wire formats are tested against
 * the scripted server). Text is streamed through `onTextDelta` in two
 * pieces; usage defaults to 10 in, 5 out. When the script runs out it fails
 * like a broken endpoint, so a test sees it.
 */
export class ScriptedLlm implements Llm {
  readonly requests: RecordedLlmRequest[] = [];
  private readonly script: ScriptedStep[] | ((request: RecordedLlmRequest, index: number) => ScriptedReply | Promise<ScriptedReply>);

  constructor(script: ScriptedStep[] | ((request: RecordedLlmRequest, index: number) => ScriptedReply | Promise<ScriptedReply>)) {
    this.script = script;
  }

  async complete(request: LlmCompleteRequest): Promise<LlmCompleteResult> {
    const index = this.requests.length;
    const recorded: RecordedLlmRequest = {
      system: request.system,
      messages: structuredClone([...request.messages]),
      toolNames: (request.tools ?? []).map((tool) => tool.name),
      maxOutputTokens: request.maxOutputTokens,
    };
    this.requests.push(recorded);
    const step = typeof this.script === 'function' ? this.script : this.script[index];
    if (step === undefined) throw new BrassError('llm-bad-response', `script exhausted after ${index} turns`);
    const reply = typeof step === 'function' ? await step(recorded, index) : step;
    if ('hang' in reply) return hangUntilAborted(request.signal);
    const text = reply.text ?? '';
    if (text.length > 0) {
      const half = Math.ceil(text.length / 2);
      request.onTextDelta?.(text.slice(0, half));
      if (half < text.length) request.onTextDelta?.(text.slice(half));
    }
    const toolCalls = (reply.toolCalls ?? []).map((call, position) => ({ id: call.id ?? `call-${index}-${position}`, name: call.name, input: call.input }));
    return {
      text,
      toolCalls,
      finishReason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool-calls' : 'stop'),
      usage: { inputTokens: reply.usage?.inputTokens === undefined ? 10 : reply.usage.inputTokens, outputTokens: reply.usage?.outputTokens === undefined ? 5 : reply.usage.outputTokens },
    };
  }
}

function hangUntilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(new BrassError('aborted', 'the request was cancelled'));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
