import type { AgentEvent } from '../../agent/events/agent-event.js';
import type { ApprovalPrompt } from '../../agent/session/index.js';
import type { ApprovalOutcome } from '../../core/index.js';
import type { ApprovalQuestion } from './terminal-approval-prompt.js';

/**
 * Connects the session's approval requests to a terminal prompt. The
 * session emits `approval.requested` (redacted) and then, synchronously,
 * calls `ask`: the question shown is that event, so the person sees exactly
 * what `--protocol-json` and `--save-run` record. `observe` must see every
 * event before it is rendered.
 */
export function createApprovalAsker(prompt: (question: ApprovalQuestion) => Promise<ApprovalOutcome>): {
  observe(event: AgentEvent): void;
  ask(request: ApprovalPrompt): Promise<ApprovalOutcome>;
} {
  let pending: ApprovalQuestion | null = null;
  return {
    observe(event) {
      if (event.type !== 'approval.requested') return;
      const { type: _type, approvalId: _approvalId, ...question } = event;
      pending = question;
    },
    ask(request) {
      const question = pending;
      pending = null;
      // Without its event (not expected), a person may not approve something unseen.
      if (question === null || question.action !== request.request.action) return Promise.resolve('deny');
      return prompt(question);
    },
  };
}
