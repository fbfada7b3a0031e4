import type { ApprovalOutcome } from '../../core/index.js';
import type { ApprovalPrompt } from '../session/index.js';
import type { ApprovalAnswer } from './session-engine.js';

const OUTCOME_OF: Record<ApprovalAnswer['choice'], ApprovalOutcome> = { once: 'allow-once', session: 'allow-session', deny: 'deny' };

/**
 * Approvals as events: the session asks (after emitting
 * `approval.requested`), and the question waits here, by id, until a
 * surface answers it or the turn is cancelled (then it is denied). A deny
 * with a message keeps the message for whoever takes it: the denied tool
 * call's result, or the engine for a denied patch.
 */
export class PendingApprovals {
  private readonly waiting = new Map<string, { prompt: ApprovalPrompt; resolve: (outcome: ApprovalOutcome) => void }>();
  private toolMessage: string | null = null;
  private patchMessage: string | null = null;

  /** The environment's `ask`. */
  readonly ask = (prompt: ApprovalPrompt): Promise<ApprovalOutcome> => {
    // Without an id nobody can answer it: never approve something unseen.
    if (prompt.approvalId === undefined) return Promise.resolve('deny');
    const id = prompt.approvalId;
    return new Promise((resolve) => this.waiting.set(id, { prompt, resolve }));
  };

  /** The environment's `takeDenialMessage`: a tool call's denial message, once. */
  readonly takeToolMessage = (): string | null => {
    const message = this.toolMessage;
    this.toolMessage = null;
    return message;
  };

  /** A denied patch's message, once. */
  takePatchMessage(): string | null {
    const message = this.patchMessage;
    this.patchMessage = null;
    return message;
  }

  /** False when `id` is not waiting (answered already, or its turn was cancelled). */
  answer(id: string, answer: ApprovalAnswer): boolean {
    const entry = this.waiting.get(id);
    if (entry === undefined) return false;
    this.waiting.delete(id);
    const message = answer.choice === 'deny' ? (answer.message?.trim() ?? '') : '';
    if (message.length > 0) {
      if (entry.prompt.request.action === 'patch.apply') this.patchMessage = message;
      else this.toolMessage = message;
    }
    entry.resolve(OUTCOME_OF[answer.choice]);
    return true;
  }

  /** Denies every waiting question (a cancelled turn); their ids are no longer answerable. */
  denyAll(): void {
    const entries = [...this.waiting.values()];
    this.waiting.clear();
    for (const entry of entries) entry.resolve('deny');
  }

  /** Forgets messages nobody took (the turn ended). */
  reset(): void {
    this.toolMessage = null;
    this.patchMessage = null;
  }
}
