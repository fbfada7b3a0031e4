import type { AgentEvent } from '../../agent/events/agent-event.js';
import type { Progress, ProgressStep } from '../progress/index.js';
import { describeToolCall } from './describe-tool-call.js';
import { MAIN_AGENT } from './create-human-renderer.js';

/**
 * The progress line of a run, kept from its events (call it before the
 * renderer prints the event): "waiting for the model" from a request to its
 * first text, tool call or answer; a tool call's elapsed time while it runs.
 * While a person is asked for an approval nothing is drawn (the prompt has
 * the terminal), and the call's time starts again after the answer.
 */
export function trackRunProgress(progress: Progress): (event: AgentEvent) => void {
  let waiting: ProgressStep | null = null;
  const calls = new Map<string, { label: string; step: ProgressStep | null }>();
  const stopWaiting = (): void => {
    waiting?.end();
    waiting = null;
  };
  const pauseCalls = (): void => {
    for (const call of calls.values()) {
      call.step?.end();
      call.step = null;
    }
  };
  return (event) => {
    switch (event.type) {
      case 'model.started':
        if (event.agent !== MAIN_AGENT) return;
        stopWaiting();
        waiting = progress.begin('waiting for the model');
        return;
      case 'text.delta':
      case 'model.completed':
        if (event.agent === MAIN_AGENT) stopWaiting();
        return;
      case 'action.started':
        if (event.agent !== MAIN_AGENT) return;
        stopWaiting();
        {
          const label = describeToolCall(event.tool, event.input);
          calls.set(event.callId, { label, step: progress.begin(label, { announce: 'never' }) });
        }
        return;
      case 'action.completed':
      case 'action.failed':
        calls.get(event.callId)?.step?.end();
        calls.delete(event.callId);
        return;
      case 'approval.requested':
        stopWaiting();
        pauseCalls();
        return;
      case 'approval.resolved':
        for (const call of calls.values()) call.step ??= progress.begin(call.label, { announce: 'never' });
        return;
      case 'run.finished':
        stopWaiting();
        pauseCalls();
        calls.clear();
        return;
      default:
        return;
    }
  };
}
