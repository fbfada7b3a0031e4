import * as z from 'zod';
import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN } from '../../config/index.js';
import { mapWithConcurrency } from '../../core/index.js';
import { BrassError } from '../../core/index.js';
import { runToolLoop, type ToolLoopResult } from '../loop/index.js';
import type { AgentSession } from '../session/agent-session.js';
import { type AgentTool, defineTool } from '../tools/agent-tool.js';

/** The tool's name. */
export const DELEGATE_TOOL = 'delegate';
/** Longest goal of one task. */
const MAX_GOAL_CHARS = 20_000;

/** Limits of the `delegate` tool (config `agent.delegate`). */
export interface DelegateSettings {
  /** Most tasks in one call. */
  maxTasks: number;
  /** Most sub-agents running at once. */
  concurrency: number;
  /** Each task's timeout; it aborts the sub-agent's loop. */
  timeoutMs: number;
  /** Most model turns of one task. */
  maxSteps: number;
  /** Most tokens of one task. */
  maxTokens: number;
  /** Most tokens per model turn (default: the provider's). */
  maxOutputTokens?: number;
}

/** How one delegated task ended. */
interface TaskOutcome {
  name: string;
  goal: string;
  status: string;
  text: string;
  isDone: boolean;
  usage: { inputTokens: number; outputTokens: number };
}

/**
 * `delegate`: runs up to `maxTasks` tasks as sub-agents, at most
 * `concurrency` at once, each a child session (`delegate-N`: read-only
 * tools without `delegate`, its own disclosure state and grants, the
 * parent's rules and pending edits) with its own timeout and step budget.
 * One result lists every task's final text, or why it has none.
 */
export function createDelegateTool(settings: DelegateSettings): AgentTool {
  const schema = z.strictObject({
    tasks: z
      .array(
        z.strictObject({
          goal: z.string().min(1).max(MAX_GOAL_CHARS).describe('What the sub-agent should find out or check, with everything it needs to know: it does not see this conversation.'),
          agent: z.string().regex(CONTEXT_NAME_PATTERN, CONTEXT_NAME_MESSAGE).optional().describe('Run it as this configured agent (its scoped context). Default: the same context as you.'),
        }),
      )
      .min(1)
      .max(settings.maxTasks)
      .describe(`1 to ${settings.maxTasks} independent tasks; at most ${settings.concurrency} run at once.`),
  });
  return defineTool({
    name: DELEGATE_TOOL,
    description:
      `Hand independent read-only investigations to sub-agents (up to ${settings.maxTasks} tasks per call, ${settings.concurrency} at once). ` +
      'Each can read, search and run validation but not edit; you get each one\'s final report.',
    schema,
    // The report is the sub-agents' answers, each bounded by its own token budget; the loop's turn budget bounds the whole.
    maxResultBytes: null,
    async run({ tasks }, { session, signal }) {
      const outcomes = await mapWithConcurrency(tasks, settings.concurrency, (task) => runTask(session, task, settings, signal));
      const usage = outcomes.reduce((total, outcome) => ({ inputTokens: total.inputTokens + outcome.usage.inputTokens, outputTokens: total.outputTokens + outcome.usage.outputTokens }), { inputTokens: 0, outputTokens: 0 });
      const doneCount = outcomes.filter((outcome) => outcome.isDone).length;
      const sections = outcomes.map((outcome, index) => `## Task ${index + 1} (${outcome.name}): ${firstLine(outcome.goal)}\nStatus: ${outcome.status}\n\n${outcome.text.trim().length > 0 ? outcome.text.trim() : '(no report)'}`);
      return {
        ok: doneCount > 0,
        content: [`${doneCount} of ${outcomes.length} delegated tasks finished.`, ...sections].join('\n\n'),
        paths: [],
        summary: `delegated ${outcomes.length} tasks: ${outcomes.map((outcome) => `${outcome.name} ${outcome.status}`).join(', ')}`,
        usage,
        ...(doneCount > 0 ? {} : { code: 'failed' }),
      };
    },
  });
}

/** Runs one task in a child session; every failure is an outcome, never a throw. */
async function runTask(parent: AgentSession, task: { goal: string; agent?: string | undefined }, settings: DelegateSettings, signal: AbortSignal): Promise<TaskOutcome> {
  const noUsage = { inputTokens: 0, outputTokens: 0 };
  let child: AgentSession;
  try {
    child = await parent.createChild({ selection: task.agent === undefined ? parent.selection : { agent: task.agent } });
  } catch (error) {
    if (!BrassError.isInstance(error)) throw error;
    return { name: 'delegate', goal: task.goal, status: `not started: ${error.message}`, text: '', isDone: false, usage: noUsage };
  }
  const controller = new AbortController();
  let isTimedOut = false;
  const onParentAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onParentAbort, { once: true });
  if (signal.aborted) controller.abort(signal.reason);
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort(new BrassError('timeout', `${child.name} did not finish within ${settings.timeoutMs} ms`));
  }, settings.timeoutMs);
  let result: ToolLoopResult;
  try {
    result = await runToolLoop({
      session: child,
      messages: [{ role: 'user', content: taskMessage(child.name, task.goal) }],
      maxSteps: settings.maxSteps,
      maxTokens: settings.maxTokens,
      ...(settings.maxOutputTokens === undefined ? {} : { maxOutputTokens: settings.maxOutputTokens }),
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onParentAbort);
  }
  const status = isTimedOut ? `timed out after ${settings.timeoutMs} ms` : describeStop(result);
  return { name: child.name, goal: task.goal, status, text: result.finalText, isDone: result.stopReason === 'done', usage: result.usage };
}

function describeStop(result: ToolLoopResult): string {
  switch (result.stopReason) {
    case 'done':
      return `done (${result.steps} ${result.steps === 1 ? 'step' : 'steps'})`;
    case 'max-steps':
      return `stopped after ${result.steps} steps (its step budget) before finishing`;
    case 'max-tokens':
      return 'stopped: its token budget ran out before it finished';
    case 'aborted':
      return 'cancelled';
    case 'llm-error':
      return `failed: ${result.error?.message ?? 'the model request failed'}`;
    case 'repeated-calls':
      return 'stopped: it kept repeating the same tool calls';
  }
}

/** The sub-agent's first message: it sees nothing of the parent's conversation. */
function taskMessage(name: string, goal: string): string {
  return [
    `You are ${name}, a sub-agent doing one task for another agent. You can read and search the workspace and run its validation, but not change files.`,
    'Do the task, then answer with a short, factual report (file paths, line numbers, names, what you checked); your final answer is all the other agent sees.',
    '',
    `Task: ${goal}`,
  ].join('\n');
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}
