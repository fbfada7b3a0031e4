import type { LlmMessage } from '../../core/index.js';
import type { AgentSession } from '../session/agent-session.js';
import type { AgentTool } from '../tools/agent-tool.js';
import { createLineBufferedRedaction } from './line-buffered-redaction.js';
import { executeToolCall } from './execute-tool-call.js';
import { createRepeatedCallGuard } from './repeated-call-guard.js';
import { MAX_TOOL_CALLS_PER_TURN, createToolCallBudget } from './tool-call-budget.js';

/** Why a tool loop ended. */
export type ToolLoopStopReason =
  /** The model answered without calling a tool. */
  | 'done'
  /** `maxSteps` model turns were used. */
  | 'max-steps'
  /** `maxTokens` (input plus output, all turns) were used. */
  | 'max-tokens'
  /** The signal aborted (cancelled, or a sub-agent's timeout). */
  | 'aborted'
  /** A model request failed (see `error`). */
  | 'llm-error'
  /** The model kept repeating identical calls after being told to stop. */
  | 'repeated-calls';

/** Options of `runToolLoop`. */
export interface RunToolLoopOptions {
  session: AgentSession;
  /** The conversation so far (at least the first user message). */
  messages: readonly LlmMessage[];
  /** Most model turns. */
  maxSteps: number;
  /** Most tokens, input plus output summed over the turns (and sub-agents). */
  maxTokens: number;
  /** Most tokens the model may write in one turn (default: the provider's). */
  maxOutputTokens?: number;
  signal?: AbortSignal;
}

/** How a tool loop ended. */
export interface ToolLoopResult {
  /** The whole transcript: the given messages and every new turn and tool result. */
  messages: LlmMessage[];
  /** The model's last non-empty text. */
  finalText: string;
  stopReason: ToolLoopStopReason;
  /** With `llm-error`: the failure as the runtime reported it. */
  error?: { code: string; message: string };
  /** Model turns taken. */
  steps: number;
  usage: { inputTokens: number; outputTokens: number };
}

/**
 * The agent's tool-use loop. Each turn is one `llm.complete` action through
 * the session's runtime with the session's fixed system prompt, every tool
 * definition and the transcript; text deltas are emitted as they stream in.
 * The tool calls of a turn run in order (see executeToolCall: validation,
 * loop detection, permissions, redaction, nested context); their results
 * go back to the model in the next turn. A ToolCallBudget bounds them: at
 * most MAX_TOOL_CALLS_PER_TURN calls of a turn run and their results total
 * at most MAX_TOOL_RESULT_BYTES_PER_TURN (MAX_TOOL_RESULT_BYTES_PER_RUN over
 * the loop); the other calls are answered "not run" with the reason. Stops when the model answers
 * without a tool call, a budget is used up (checked before each turn), the
 * signal aborts, a model request fails, or the model keeps repeating itself.
 *
 * @example
 * const result = await runToolLoop({ session, messages: [{ role: 'user', content: goal }], maxSteps: 40, maxTokens: 1_000_000 });
 * if (result.stopReason === 'done') console.log(result.finalText);
 */
export async function runToolLoop(options: RunToolLoopOptions): Promise<ToolLoopResult> {
  const { session, maxSteps, maxTokens } = options;
  const signal = options.signal ?? new AbortController().signal;
  const tools = new Map<string, AgentTool>(session.tools.map((tool) => [tool.definition.name, tool]));
  const definitions = session.tools.map((tool) => tool.definition);
  const guard = createRepeatedCallGuard();
  const budget = createToolCallBudget();
  const messages: LlmMessage[] = [...options.messages];
  const usage = { inputTokens: 0, outputTokens: 0 };
  let steps = 0;
  let finalText = '';

  const finish = (stopReason: ToolLoopStopReason, error?: { code: string; message: string }): ToolLoopResult => ({
    messages,
    finalText,
    stopReason,
    ...(error === undefined ? {} : { error }),
    steps,
    usage: { ...usage },
  });

  for (;;) {
    if (signal.aborted) return finish('aborted');
    if (steps >= maxSteps) return finish('max-steps');
    if (usage.inputTokens + usage.outputTokens >= maxTokens) return finish('max-tokens');

    session.emit({ type: 'model.started', step: steps + 1, agent: session.name });
    const stream = createLineBufferedRedaction(session.redact, (text) => session.emit({ type: 'text.delta', text, agent: session.name }));
    const observation = await session.runtime.execute(
      {
        kind: 'llm.complete',
        request: {
          system: session.systemPrompt,
          messages: [...messages],
          tools: definitions,
          ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
          onTextDelta: (delta) => stream.push(delta),
        },
      },
      { signal },
    );
    stream.flush();
    if (!observation.ok) {
      if (signal.aborted || observation.error.code === 'aborted') return finish('aborted');
      return finish('llm-error', { code: observation.error.code, message: session.redact(observation.error.message) });
    }

    const turn = observation.value;
    steps += 1;
    usage.inputTokens += turn.usage.inputTokens ?? 0;
    usage.outputTokens += turn.usage.outputTokens ?? 0;
    session.emit({
      type: 'model.completed',
      step: steps,
      finishReason: turn.finishReason,
      inputTokens: turn.usage.inputTokens,
      outputTokens: turn.usage.outputTokens,
      agent: session.name,
    });
    if (turn.text.trim().length > 0) finalText = session.redact(turn.text);
    messages.push({ role: 'assistant', content: turn.text, ...(turn.toolCalls.length > 0 ? { toolCalls: turn.toolCalls } : {}) });
    if (turn.toolCalls.length === 0) return finish('done');

    // Every call gets a result, even after a cancel: providers reject a transcript with an unanswered call.
    budget.startTurn(turn.toolCalls.length);
    if (turn.toolCalls.length > MAX_TOOL_CALLS_PER_TURN) {
      session.emit({
        type: 'warning',
        message: `the model made ${turn.toolCalls.length} tool calls in one turn; ran the first ${MAX_TOOL_CALLS_PER_TURN} and told it the others were not run`,
      });
    }
    for (const [index, call] of turn.toolCalls.entries()) {
      const refusal = budget.refusal(index);
      if (refusal !== null) {
        messages.push({ role: 'tool', toolCallId: call.id, toolName: call.name, content: refusal, isError: true });
        continue;
      }
      const executed = await executeToolCall({ session, call, tools, guard, signal });
      messages.push({ ...executed.message, content: budget.charge(executed.message.content) });
      if (executed.result.usage !== undefined) {
        usage.inputTokens += executed.result.usage.inputTokens;
        usage.outputTokens += executed.result.usage.outputTokens;
      }
    }
    if (guard.shouldStop) return finish('repeated-calls');
  }
}
