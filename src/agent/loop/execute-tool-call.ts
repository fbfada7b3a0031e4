import { type LlmMessage, type LlmToolCall, isInvalidToolInput } from '../../core/index.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import type { AgentSession } from '../session/agent-session.js';
import { type AgentTool, type AgentToolResult, failure } from '../tools/agent-tool.js';
import type { RepeatedCallGuard } from './repeated-call-guard.js';

/** One executed tool call: the message for the transcript and what it cost or changed. */
export interface ExecutedToolCall {
  message: Extract<LlmMessage, { role: 'tool' }>;
  result: AgentToolResult;
}

/**
 * Runs one tool call of a model turn: checks the arguments are a JSON
 * object, the tool exists and the call is no loop; runs the tool; redacts
 * the result and neutralises forged reminder tags in it; tells the context
 * session what a successful call touched and appends the nested context it
 * returns after a blank line. Emits action.started and action.completed or
 * action.failed, whose durationMs leaves out the wait for approvals. Never
 * throws for a failing tool.
 */
export async function executeToolCall(options: {
  session: AgentSession;
  call: LlmToolCall;
  tools: ReadonlyMap<string, AgentTool>;
  guard: RepeatedCallGuard;
  signal: AbortSignal;
}): Promise<ExecutedToolCall> {
  const { session, call, tools, guard, signal } = options;
  const clock = session.environment.services.clock;
  const started = clock.now();
  const waitedBefore = session.approvalWaitMs();
  session.emit({ type: 'action.started', callId: call.id, tool: call.name, input: redactInput(session, call.input), agent: session.name });

  const result = withDenialMessage(session, await runCall(session, call, tools, guard, signal));
  // A failed command may still have changed files: any change, not only a successful one, restarts the count.
  if (result.isChange === true) guard.reset();
  // Redacting again covers what a tool forgot; markers from the first pass are left alone.
  let content = neutralizeReminderTags(session.redact(result.content));
  // What the model saw, so `remember` can tell a quote of it from the model's own words.
  session.toolResults.record(content);
  if (result.ok) {
    const reminder = await session.contextSession.onToolResult({
      tool: call.name,
      ok: true,
      paths: result.paths,
      ...(result.contentPaths === undefined ? {} : { contentPaths: result.contentPaths }),
      ...(result.command === undefined ? {} : { command: result.command }),
      ...(result.validationOutput === undefined ? {} : { validationOutput: result.validationOutput }),
    });
    // One blank line between the result and the reminder (a file's own final newline counts).
    if (reminder !== null) {
      content = `${content}${content.endsWith('\n') ? '\n' : '\n\n'}${session.redact(reminder.text)}`;
      session.environment.onContextReminder?.({ paths: reminder.paths, trigger: reminder.trigger });
    }
  }

  // The time the person took to answer an approval is theirs, not the call's.
  const durationMs = Math.max(0, clock.now() - started - (session.approvalWaitMs() - waitedBefore));
  const summary = session.redact(result.summary);
  if (result.ok) session.emit({ type: 'action.completed', callId: call.id, tool: call.name, summary, durationMs, agent: session.name });
  else session.emit({ type: 'action.failed', callId: call.id, tool: call.name, error: { code: result.code ?? 'failed', message: summary }, durationMs, agent: session.name });
  return {
    message: { role: 'tool', toolCallId: call.id, toolName: call.name, content, ...(result.ok ? {} : { isError: true }) },
    result,
  };
}

async function runCall(session: AgentSession, call: LlmToolCall, tools: ReadonlyMap<string, AgentTool>, guard: RepeatedCallGuard, signal: AbortSignal): Promise<AgentToolResult> {
  if (!isArgumentObject(call.input)) {
    return failure(`The arguments of this ${call.name} call were not valid JSON (a JSON object is required). Call it again with a valid JSON object of arguments.`, 'invalid-json');
  }
  const tool = tools.get(call.name);
  if (tool === undefined) {
    return failure(`There is no tool named ${JSON.stringify(call.name)}. The tools are: ${[...tools.keys()].join(', ')}.`, 'unknown-tool');
  }
  const refusal = guard.admit(call.name, call.input);
  if (refusal !== null) return failure(refusal, 'repeated-call');
  if (signal.aborted) return failure('Not run: the run was cancelled.', 'aborted');
  return tool.run(call.input, { session, callId: call.id, signal });
}

/**
 * A denied call whose approval was answered "deny" with a message: the
 * message goes to the model in the call's result (taken once, so it
 * belongs to this call only). Any other result is left as it is.
 */
function withDenialMessage(session: AgentSession, result: AgentToolResult): AgentToolResult {
  const message = session.environment.takeDenialMessage?.() ?? null;
  if (message === null || message.trim().length === 0) return result;
  const note = `The person denied this and said: ${neutralizeReminderTags(message.trim())}`;
  return { ...result, ok: false, code: result.code ?? 'denied', content: `${result.content}\n\n${note}` };
}

/** A plain JSON object that is not the provider's marker for unparseable arguments. */
function isArgumentObject(input: unknown): input is Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  return !isInvalidToolInput(input);
}

/** The call's input as events show it: secrets redacted (deeply nested input is shown as redacted text). */
function redactInput(session: AgentSession, input: unknown): unknown {
  try {
    return session.environment.redactor.redactValue(input).value;
  } catch {
    // redactValue refuses absurdly deep values; the text form is still safe to show.
    return session.redact(JSON.stringify(input) ?? 'null');
  }
}
